#!/usr/bin/env bash
# Load test of online ordering (SQLite, or PostgreSQL with
# CARTA_DATABASE_URL=postgres://…), 127.0.0.1 only: bench/orders
# places pickup orders of 3 lines (POST /api/orders) at RATE per second for
# DURATION from distinct client addresses, pays each through the demo
# provider's direct pay call, and keeps the restaurant's kitchen board
# stream open to time each paid order's arrival on it. bin/carta with demo
# data; the server trusts loopback as a proxy and allows many orders per
# address. Usage: bash bench/orders.sh [duration] (RATE=300 by default).
# DB=postgres: a database of its own on PG_URL's server (127.0.0.1:5432 by
# default), created here and dropped afterwards (or pass CARTA_DATABASE_URL).
# REPLICAS=N (PostgreSQL only): N server processes on the one database, on
# ports 18091, 18093, …; bench/orders spreads the places and the pays over
# them round-robin. After the run, checks (exit 1 when one fails): every
# paid order reached every replica's board stream and is in every replica's
# board list (bench/orders); on PostgreSQL also no order number twice in a
# restaurant, every paid order numbered, and its confirmation e-mail in the
# outbox exactly once, with its number in the subject (psql). MAIL=1 (on
# PostgreSQL): the replicas send the outbox to an SMTP sink (bin/orders
# -smtp-sink) and, after the run, the script waits (MAIL_WAIT seconds at
# most, 300 by default) for the outbox to drain and checks that each paid
# order's e-mail was received exactly once. The outbox workers send up to
# 200 e-mails per 5 s pass per replica: keep MAIL=1 runs small.
# RESTAURANTS=N: the orders spread over N restaurants, the demo's first and
# N-1 that `carta seed-scale` adds before the servers start (20 products
# each, no history); the super admin syncs their catalogues from the demo
# POS, configures them and keeps every one's board open; the checks run
# over all of them.
set -euo pipefail
cd "$(dirname "$0")/.."
DUR=${1:-20s}
RATE=${RATE:-300}
REPLICAS=${REPLICAS:-1}
RESTAURANTS=${RESTAURANTS:-1}
case "$RESTAURANTS" in [1-9] | [1-9][0-9] | [1-9][0-9][0-9]) ;; *) echo "RESTAURANTS is 1 to 999" >&2; exit 2 ;; esac
case "$REPLICAS" in [1-9]) ;; *) echo "REPLICAS is 1 to 9" >&2; exit 2 ;; esac
PG=
case "${DB:-}:${CARTA_DATABASE_URL:-}" in postgres:* | *:postgres://* | *:postgresql://*) PG=1 ;; esac
if [ "$REPLICAS" -gt 1 ] && [ -z "$PG" ]; then
  echo "REPLICAS=$REPLICAS needs PostgreSQL (DB=postgres or CARTA_DATABASE_URL=postgres://…): a SQLite file belongs to one process" >&2
  exit 2
fi
if [ -n "${MAIL:-}" ] && [ -z "$PG" ]; then
  echo "MAIL=1 checks the outbox with psql: PostgreSQL only (DB=postgres or CARTA_DATABASE_URL=postgres://…)" >&2
  exit 2
fi
CARTA=${CARTA:-bin/carta}
[ -x "$CARTA" ] || make build
go build -o bin/orders ./bench/orders
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
DATA=$(mktemp -d)
PGDB=
cleanup() {
  kill $(jobs -p) 2>/dev/null || true
  wait 2>/dev/null || true
  [ -z "$PGDB" ] || psql -q "$PG_URL/postgres?sslmode=disable" -c "DROP DATABASE IF EXISTS $PGDB" >/dev/null
  rm -rf "$DATA"
}
trap cleanup EXIT
if [ "${DB:-}" = postgres ]; then
  PGDB=carta_orders_bench_$$
  psql -q "$PG_URL/postgres?sslmode=disable" -c "CREATE DATABASE $PGDB" >/dev/null
  export CARTA_DATABASE_URL="$PG_URL/$PGDB?sslmode=disable"
fi
SMTP_ENV=()
if [ -n "${MAIL:-}" ]; then
  bin/orders -smtp-sink 127.0.0.1:18099 > "$DATA/mails" 2> "$DATA/sink.log" &
  for _ in $(seq 1 50); do (: > /dev/tcp/127.0.0.1/18099) 2>/dev/null && break; sleep 0.1; done
  SMTP_ENV=(CARTA_SMTP_HOST=127.0.0.1 CARTA_SMTP_PORT=18099 CARTA_SMTP_TLS=none)
fi
# Replica k (0-based) listens on 18091+2k, its metrics on 18092+2k, with a
# data directory of its own. The first seeds the demo data; the others
# start once it is ready, without CARTA_DEMO, as replicas_test.go does.
CLIENTES=1
if [ "$RESTAURANTS" -gt 1 ]; then
  # The demo restaurants (1 and 2) and N-1 more (3…N+1), written before any
  # server starts; restaurant 2 (the demo's second) is left out.
  mkdir -p "$DATA/r0"
  env -u CARTA_DEMO CARTA_DATA_DIR="$DATA/r0" CARTA_LOG_LEVEL=warn "$CARTA" seed-demo > /dev/null
  env -u CARTA_DEMO CARTA_DATA_DIR="$DATA/r0" CARTA_LOG_LEVEL=warn "$CARTA" seed-scale --restaurants $((RESTAURANTS - 1)) --products 20 --offers 0 \
    --days 0 --orders-per-day 0 --coupons-sold 0 --diners 0 | tail -1
  CLIENTES=1,3-$((RESTAURANTS + 1))
fi
SERVERS=()
URLS=
for k in $(seq 0 $((REPLICAS - 1))); do
  PORT=$((18091 + 2 * k))
  mkdir -p "$DATA/r$k"
  DEMO=()
  if [ "$k" -eq 0 ]; then DEMO=(CARTA_DEMO=1); fi
  env -u CARTA_DEMO "${DEMO[@]}" "${SMTP_ENV[@]}" CARTA_ADDR=127.0.0.1:$PORT CARTA_DATA_DIR="$DATA/r$k" CARTA_LOG_LEVEL=warn CARTA_METRICS_ADDR=127.0.0.1:$((PORT + 1)) \
    CARTA_TRUSTED_PROXIES=127.0.0.1 CARTA_ORDERS_PER_ADDRESS=1000 "$CARTA" serve > "$DATA/carta$k.log" 2>&1 &
  SERVERS+=($!)
  READY=
  for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && READY=1 && break; sleep 0.2; done
  [ -n "$READY" ] || { echo "replica $((k + 1)) on :$PORT did not get ready:" >&2; tail -5 "$DATA/carta$k.log" >&2; exit 1; }
  URLS=${URLS:+$URLS,}http://127.0.0.1:$PORT
done
ENGINE=SQLite
case "${CARTA_DATABASE_URL:-}" in postgres://* | postgresql://*) ENGINE=PostgreSQL ;; esac
echo "$(nproc) cores, $ENGINE, $(date -u +%Y-%m-%d), load average $(cut -d' ' -f1-3 /proc/loadavg), rate $RATE/s for $DUR, $REPLICAS replica(s), $RESTAURANTS restaurant(s)"
START=$(date +%s)
if [ -n "${PROFILE:-}" ]; then # PROFILE=file.pprof: a CPU profile of the (first) server during the run
  curl -fs "http://127.0.0.1:18092/debug/pprof/profile?seconds=${PROFILE_SECONDS:-8}" -o "$PROFILE" &
  PPID_CURL=$!
fi
# cpu_ms: the servers' CPU time so far (user + system, all replicas), in
# milliseconds: divided by the orders it is a cost per order that a busy
# machine does not change much, unlike latencies.
cpu_ms() {
  local s
  for s in "${SERVERS[@]}"; do cat "/proc/$s/stat"; done |
    awk -v hz="$(getconf CLK_TCK)" '{t += $14 + $15} END {print int(t * 1000 / hz)}'
}
FAILED=
C0=$(cpu_ms)
bin/orders -urls "$URLS" -clientes "$CLIENTES" -rate "$RATE" -d "$DUR" | tee "$DATA/out" || FAILED=1
C1=$(cpu_ms)
N=$(awk '/orders placed and paid:/ {print $5}' "$DATA/out")
[ "${N:-0}" -gt 0 ] && awk -v c=$((C1 - C0)) -v n="$N" 'BEGIN {printf "server CPU: %.2f ms per order (placed and paid, POS order created)\n", c / n}'
[ -z "${PPID_CURL:-}" ] || wait "$PPID_CURL"
if [ "$ENGINE" = PostgreSQL ]; then
  # The database's side, this run's orders (created since START, in every
  # restaurant ordered from): numbers, and the confirmation e-mails (the outbox, kind
  # 'pedido', keyed by the order's e-mail address: each order of the run
  # has an address of its own, carga<i>@example.com; no SMTP server here,
  # so every e-mail stays in the outbox).
  q() { psql -X -q -t -A -v ON_ERROR_STOP=1 "$CARTA_DATABASE_URL" -c "$1"; }
  check() { # check NAME SQL: the SQL counts what is wrong
    local bad
    bad=$(q "$2")
    if [ "$bad" = 0 ]; then echo "check ok: $1"; else echo "check FAILED: $1: $bad"; FAILED=1; fi
  }
  PAID=$(q "SELECT count(*) FROM pedidos WHERE email LIKE 'carga%@example.com' AND created_at >= $START AND paid_at > 0")
  echo "database: $PAID orders of this run paid"
  check "no order number twice in a restaurant (numbers held by more than one order)" \
    "SELECT count(*) FROM (SELECT cliente_id, numero FROM pedidos WHERE numero IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1) d"
  check "every paid order numbered (paid orders without a number)" \
    "SELECT count(*) FROM pedidos WHERE created_at >= $START AND paid_at > 0 AND numero IS NULL"
  check "every paid order's confirmation e-mail in the outbox exactly once (paid orders with none or several)" \
    "SELECT count(*) FROM (SELECT p.id FROM pedidos p LEFT JOIN outbox o ON o.kind = 'pedido' AND o.to_addr = p.email
       WHERE p.email LIKE 'carga%@example.com' AND p.created_at >= $START AND p.paid_at > 0 GROUP BY p.id HAVING count(o.id) <> 1) m"
  check "each confirmation e-mail carries its order's number (e-mails whose subject lacks #<number>)" \
    "SELECT count(*) FROM pedidos p JOIN outbox o ON o.kind = 'pedido' AND o.to_addr = p.email
       WHERE p.email LIKE 'carga%@example.com' AND p.created_at >= $START AND p.paid_at > 0 AND strpos(o.subject, '#' || p.numero || ' ') = 0"
  check "no e-mail for an unpaid order (unpaid orders with one)" \
    "SELECT count(*) FROM pedidos p JOIN outbox o ON o.kind = 'pedido' AND o.to_addr = p.email
       WHERE p.email LIKE 'carga%@example.com' AND p.created_at >= $START AND p.paid_at = 0"
  if [ -n "${MAIL:-}" ]; then
    WAITED=0
    while [ "$(q "SELECT count(*) FROM outbox WHERE kind = 'pedido' AND status = 'pending'")" != 0 ] && [ "$WAITED" -lt "${MAIL_WAIT:-300}" ]; do
      sleep 1
      WAITED=$((WAITED + 1))
    done
    echo "outbox drained in ${WAITED} s after the run; $(wc -l < "$DATA/mails") e-mails received by the SMTP sink"
    for k in $(seq 0 $((REPLICAS - 1))); do # who sent them: each replica's count of SMTP sends
      curl -fs "http://127.0.0.1:$((18092 + 2 * k))/metrics" |
        awk -v k=$((k + 1)) '/^carta_provider_calls_total\{/ && /provider="smtp"/ && /outcome="ok"/ {n += $NF} END {printf "replica %d sent %d e-mails\n", k, n}'
    done
    check "every paid order's e-mail sent (outbox rows not 'sent')" \
      "SELECT count(*) FROM pedidos p JOIN outbox o ON o.kind = 'pedido' AND o.to_addr = p.email
         WHERE p.email LIKE 'carga%@example.com' AND p.created_at >= $START AND p.paid_at > 0 AND o.status <> 'sent'"
    q "SELECT email FROM pedidos WHERE email LIKE 'carga%@example.com' AND created_at >= $START AND paid_at > 0" | sort > "$DATA/paid"
    awk '$1 == "to" {print $2}' "$DATA/mails" | sort | uniq -c | awk '{print $2, $1}' > "$DATA/received"
    BAD=$(awk 'NR == FNR {n[$1] = $2; next} n[$1] != 1 {bad++} END {print bad + 0}' "$DATA/received" "$DATA/paid")
    if [ "$BAD" = 0 ]; then echo "check ok: every paid order's e-mail received by the SMTP sink exactly once"
    else echo "check FAILED: every paid order's e-mail received by the SMTP sink exactly once: $BAD received never or more than once"; FAILED=1; fi
  fi
  [ "${N:-0}" -le "$PAID" ] || { echo "check FAILED: bench/orders saw $N orders paid, the database has $PAID"; FAILED=1; }
fi
for k in $(seq 0 $((REPLICAS - 1))); do
  grep -i 'level=error' "$DATA/carta$k.log" | head -5 || true
done
if [ -n "$FAILED" ]; then
  echo "FAILED: see the checks above"
  exit 1
fi
