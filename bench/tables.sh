#!/usr/bin/env bash
# Load test of ordering and paying at the table (issue 31), 127.0.0.1
# only: bench/tables gives the demo's restaurant 1 TABLES tables paid at the
# end (tips 10/15/20 %), seats a party at every table at once (2–3 orders
# each, the waiter accepts each new tab, two phones pay: half the lines with
# a 10 % tip, then the rest, through the demo checkout), makes two phones
# race for the same lines at RACES tables, and checks that every tab was
# paid once and in full. bin/carta with demo data, a fresh database each run:
# SQLite in a temporary directory, or with DB=postgres a database of its own
# on 127.0.0.1:5432 (PG_URL's server), created here and dropped afterwards.
# Usage: bash bench/tables.sh (TABLES=200 RACES=20). RUNS=5: five runs one
# after the other on the same server and database (what a day's history
# does to the next run). THINK=3s: each phone
# pauses a random time in [0, 6 s) before each step, as diners do (without
# it, a stress run: every phone acts again as soon as it is answered).
# METRICS_ADDR=127.0.0.1:18097: the server serves /metrics and /debug/pprof/ there
# (a CPU profile of the run: curl …/debug/pprof/profile?seconds=N while it runs).
set -euo pipefail
cd "$(dirname "$0")/.."
TABLES=${TABLES:-200}
RACES=${RACES:-20}
CARTA=${CARTA:-bin/carta}
PORT=${PORT:-18093}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
[ -x "$CARTA" ] || make build
go build -o bin/tables ./bench/tables
DATA=$(mktemp -d)
SERVER=
PGDB=
cleanup() {
  [ -z "$SERVER" ] || { kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null || true; }
  [ -z "$PGDB" ] || psql -q "$PG_URL/postgres?sslmode=disable" -c "DROP DATABASE IF EXISTS $PGDB" >/dev/null
  rm -rf "$DATA"
}
trap cleanup EXIT
ENGINE=SQLite
DBURL=$DATA/carta.db
if [ "${DB:-sqlite}" = postgres ]; then
  ENGINE=PostgreSQL
  PGDB=carta_tables_bench_$$
  psql -q "$PG_URL/postgres?sslmode=disable" -c "CREATE DATABASE $PGDB" >/dev/null
  DBURL="$PG_URL/$PGDB?sslmode=disable"
fi
# Another server already on the port would answer /readyz and be measured instead.
if curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1; then echo "port $PORT is in use (PORT=…)" >&2; exit 1; fi
CARTA_DEMO=1 CARTA_ADDR=127.0.0.1:$PORT CARTA_DATA_DIR="$DATA" CARTA_DATABASE_URL="$DBURL" CARTA_LOG_LEVEL=warn CARTA_METRICS_ADDR=${METRICS_ADDR:-off} \
  CARTA_TRUSTED_PROXIES=127.0.0.1 CARTA_ORDERS_PER_ADDRESS=1000 "$CARTA" serve > "$DATA/carta.log" 2>&1 &
SERVER=$!
until curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1; do
  kill -0 "$SERVER" 2>/dev/null || { cat "$DATA/carta.log" >&2; exit 1; }
  sleep 0.1
done
echo "$(nproc) cores, $ENGINE, $(date -u +%Y-%m-%d), load average $(cut -d' ' -f1-3 /proc/loadavg), $TABLES tables, $RACES races"
# cpu_ms: the server's CPU time so far (user + system), in milliseconds (see orders.sh).
cpu_ms() { awk -v hz="$(getconf CLK_TCK)" '{print int(($14 + $15) * 1000 / hz)}' "/proc/$SERVER/stat"; }
C0=$(cpu_ms)
RC=0
for _ in $(seq 1 "${RUNS:-1}"); do
  timeout 110 bin/tables -url "http://127.0.0.1:$PORT" -tables "$TABLES" -races "$RACES" -think "${THINK:-0}" | tee -a "$DATA/out" || RC=$?
done
C1=$(cpu_ms)
N=$(awk '/^tables:/ {n += $6} END {print n}' "$DATA/out")
[ "${N:-0}" -gt 0 ] && awk -v c=$((C1 - C0)) -v n="$N" 'BEGIN {printf "server CPU: %.2f ms per order (with its share of the tab'\''s payments)\n", c / n}'
grep -i 'level=error' "$DATA/carta.log" | head -5 || true
exit "$RC"
