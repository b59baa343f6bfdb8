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
set -euo pipefail
cd "$(dirname "$0")/.."
DUR=${1:-20s}
RATE=${RATE:-300}
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
CARTA_DEMO=1 CARTA_ADDR=127.0.0.1:18091 CARTA_DATA_DIR="$DATA" CARTA_LOG_LEVEL=warn CARTA_METRICS_ADDR=127.0.0.1:18092 \
  CARTA_TRUSTED_PROXIES=127.0.0.1 CARTA_ORDERS_PER_ADDRESS=1000 "$CARTA" serve > "$DATA/carta.log" 2>&1 &
SERVER=$!
for _ in $(seq 1 100); do curl -fs http://127.0.0.1:18091/readyz >/dev/null 2>&1 && break; sleep 0.2; done
ENGINE=SQLite
case "${CARTA_DATABASE_URL:-}" in postgres://* | postgresql://*) ENGINE=PostgreSQL ;; esac
echo "$(nproc) cores, $ENGINE, $(date -u +%Y-%m-%d), load average $(cut -d' ' -f1-3 /proc/loadavg), rate $RATE/s for $DUR"
if [ -n "${PROFILE:-}" ]; then # PROFILE=file.pprof: a CPU profile of the server during the run
  curl -fs "http://127.0.0.1:18092/debug/pprof/profile?seconds=${PROFILE_SECONDS:-8}" -o "$PROFILE" &
  PPID_CURL=$!
fi
# cpu_ms: the server's CPU time so far (user + system), in milliseconds:
# divided by the orders it is a cost per order that a busy machine does not
# change much, unlike latencies.
cpu_ms() { awk -v hz="$(getconf CLK_TCK)" '{print int(($14 + $15) * 1000 / hz)}' "/proc/$SERVER/stat"; }
C0=$(cpu_ms)
bin/orders -url http://127.0.0.1:18091 -rate "$RATE" -d "$DUR" | tee "$DATA/out"
C1=$(cpu_ms)
N=$(awk '/orders placed and paid:/ {print $5}' "$DATA/out")
[ "${N:-0}" -gt 0 ] && awk -v c=$((C1 - C0)) -v n="$N" 'BEGIN {printf "server CPU: %.2f ms per order (placed and paid, POS order created)\n", c / n}'
[ -z "${PPID_CURL:-}" ] || wait "$PPID_CURL"
grep -i 'level=error' "$DATA/carta.log" | head -5 || true
