#!/usr/bin/env bash
# Load test of the diner menu API against a plain net/http baseline, in the
# same run, on 127.0.0.1 only: wrk -t2 -c64 -d10s on
#   - baseline: fixed 1 KB JSON (bench/baseline)
#   - GET /api/categories?cliente_id=1&idioma=es
#   - GET /api/productos?cliente_id=1&category_id=C1TAPF&idioma=es
# with bin/carta on SQLite and demo data. Usage: bash bench/menu.sh [duration]
# SERVER_PROCS=1 runs both servers with GOMAXPROCS=1, leaving the other core
# to wrk (on a 2-core machine the servers otherwise fight wrk for CPU).
# WRITES=1 also runs bench/writer during each carta run: 50 owner sign-ins/s
# and 20 catalogue writes/s (product descriptions of restaurant 2), to see
# that the menu's reads stay flat while writes happen (SIGNINS= and
# CATALOG_WRITES= change the rates).
set -euo pipefail
cd "$(dirname "$0")/.."
DUR=${1:-10s}
command -v wrk >/dev/null || { echo "wrk is needed: apt-get install wrk" >&2; exit 1; }
CARTA=${CARTA:-bin/carta} # another build to compare: CARTA=/path/to/carta
[ -x "$CARTA" ] || make build
go build -o bin/baseline ./bench/baseline
go build -o bin/writer ./bench/writer
DATA=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$DATA"' EXIT
PROCS=${SERVER_PROCS:-$(nproc)}
GOMAXPROCS=$PROCS CARTA_DEMO=1 CARTA_ADDR=127.0.0.1:18091 CARTA_DATA_DIR="$DATA" CARTA_LOG_LEVEL=warn CARTA_METRICS_ADDR=off CARTA_TRUSTED_PROXIES=127.0.0.1 "$CARTA" serve > "$DATA/carta.log" 2>&1 &
GOMAXPROCS=$PROCS bin/baseline -addr 127.0.0.1:18090 > /dev/null &
for _ in $(seq 1 100); do curl -fs http://127.0.0.1:18091/readyz >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs http://127.0.0.1:18090/ > /dev/null

# cpu_times prints the machine's total and steal CPU time (from /proc/stat):
# on a virtual machine, time stolen by the host makes every number worse.
cpu_times() { awk '/^cpu / {t=0; for (i=2; i<=NF; i++) t+=$i; print t, $9}' /proc/stat; }

run() { # name url key
  local out rps p99 errs t0 s0 t1 s1
  local wpid=
  if [ -n "${WRITES:-}" ] && [ "$3" != baseline ]; then
    bin/writer -d "$DUR" -signins "${SIGNINS:-50}" -writes "${CATALOG_WRITES:-20}" > "$DATA/writer.$3" 2>&1 &
    wpid=$!
  fi
  read -r t0 s0 < <(cpu_times)
  out=$(wrk -t2 -c64 -d"$DUR" --latency "$2")
  read -r t1 s1 < <(cpu_times)
  if [ -n "$wpid" ]; then wait "$wpid" || true; fi
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errs=$(awk '/Non-2xx|Socket errors/ {print}' <<<"$out")
  printf '| %-40s | %10s | %8s | %s | %s%% |\n' "$1" "$rps" "$p99" "${errs:-none}" $(( 100 * (s1 - s0) / (t1 - t0 + 1) ))
  echo "$rps" > "$DATA/rps.$3"
}
echo "wrk -t2 -c64 -d$DUR, $(nproc) cores, servers with GOMAXPROCS=$PROCS, $(date -u +%Y-%m-%d)"
echo '| endpoint | requests/s | p99 | errors | CPU stolen by the host |'
echo '|---|---|---|---|---|'
run "baseline (fixed 1 KB JSON)" http://127.0.0.1:18090/ baseline
run "GET /api/categories" "http://127.0.0.1:18091/api/categories?cliente_id=1&idioma=es" categories
run "GET /api/productos" "http://127.0.0.1:18091/api/productos?cliente_id=1&category_id=C1TAPF&idioma=es" productos
for r in categories productos; do
  awk -v n="$r" -v a="$(cat "$DATA/rps.$r")" -v b="$(cat "$DATA/rps.baseline")" 'BEGIN {printf "%s: %.0f%% of the baseline\n", n, 100 * a / b}'
  [ -f "$DATA/writer.$r" ] && cat "$DATA/writer.$r"
done
