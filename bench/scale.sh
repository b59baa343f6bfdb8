#!/usr/bin/env bash
# Carta with 10,000 restaurants, 127.0.0.1 only. On one database (SQLite
# in a temporary directory, or DATABASE=postgres://… — an empty database
# it may fill), in one run:
#   1. the demo data, and the menu API of restaurant 1 measured alone;
#   2. `carta seed-scale`: N restaurants × 200 products × 20 offers, 50,000
#      diners, 50 vouchers per restaurant, a year of orders (one a day);
#   3. the server's start-up on that database, then the menu API of
#      restaurant 1 and spread over the N restaurants, the super admin's
#      list, owners' order boards and a diner's 'Mis Compras' (bench/scale);
#      a coupon race (150 new diners buy an offer of 100 at once) and
#      online orders placed at RATE/s on the demo restaurant (bench/orders);
#      the server's peak memory (VmHWM);
#   4. a POS sync of 5,000 items into one of the N restaurants.
# Usage: bash bench/scale.sh [N]; D=8s per kind, C=4 concurrent clients.
# KEEP=dir keeps the data (and the SQLite file) in dir: a later run with
# the same KEEP skips steps 1 and 2 and measures again.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000}
CARTA=${CARTA:-bin/carta}
[ -x "$CARTA" ] || make build
go build -o bin/scale-bench ./bench/scale
go build -o bin/orders ./bench/orders
DATA=${KEEP:-$(mktemp -d)}
mkdir -p "$DATA"
SERVER=
trap '[ -z "$SERVER" ] || kill "$SERVER" 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$DATA"' EXIT
DB=${DATABASE:-$DATA/carta.db}
ENGINE=SQLite; [ -z "${DATABASE:-}" ] || ENGINE=PostgreSQL
export CARTA_DATA_DIR="$DATA" CARTA_DATABASE_URL="$DB" CARTA_LOG_LEVEL=warn CARTA_METRICS_ADDR=off \
  CARTA_ADDR=127.0.0.1:${PORT:-18095} CARTA_TRUSTED_PROXIES=127.0.0.1 CARTA_ORDERS_PER_ADDRESS=1000
URL=http://127.0.0.1:${PORT:-18095}

start() { # starts the server and prints how long it took to be ready
  local t0 t1
  t0=$(date +%s%N)
  "$CARTA" serve > "$DATA/carta.log" 2>&1 &
  SERVER=$!
  until curl -fs "$URL/readyz" > /dev/null 2>&1; do
    kill -0 "$SERVER" 2>/dev/null || { cat "$DATA/carta.log" >&2; exit 1; }
    sleep 0.05
  done
  t1=$(date +%s%N)
  echo "server start-up (process start to /readyz): $(( (t1 - t0) / 1000000 )) ms"
}
stop() { kill "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=; }

echo "$(nproc) cores, $ENGINE, $(date -u +%Y-%m-%d), load average $(cut -d' ' -f1-3 /proc/loadavg)"
if [ ! -e "$DATA/seeded" ]; then
  "$CARTA" seed-demo > /dev/null
  echo "== the demo restaurants only"
  start
  bin/scale-bench http -url "$URL" -phase before -c "${C:-4}" -d "${D:-8s}"
  stop

  echo "== carta seed-scale --restaurants $N"
  T0=$(date +%s)
  "$CARTA" seed-scale --restaurants "$N" | tail -1
  echo "seeded in $(( $(date +%s) - T0 )) s"
  touch "$DATA/seeded"
fi
[ -n "${DATABASE:-}" ] || echo "database file: $(du -h "$DB" | cut -f1)"

echo "== with $N more restaurants"
start
FIRST=3 LAST=$((N + 2))
bin/scale-bench http -url "$URL" -phase after -first "$FIRST" -last "$LAST" -c "${C:-4}" -d "${D:-8s}"
bin/scale-bench race -url "$URL" -cliente "$FIRST" -buyers 150
bin/orders -url "$URL" -rate "${RATE:-200}" -d "${ORDERS_FOR:-10s}" | grep -E "placed|p99|board|errors"
echo "server peak memory (VmHWM): $(awk '/VmHWM/ {printf "%.0f MiB", $2 / 1024}' "/proc/$SERVER/status")"
stop
bin/scale-bench sync -db "$DB" -cliente "$FIRST"
grep -i 'level=error' "$DATA/carta.log" | head -5 || true
