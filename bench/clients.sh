#!/usr/bin/env bash
# The super admin's restaurant list with 10,000 restaurants, 127.0.0.1
# only: bench/clients creates them through POST /api/clients, then times
# pages and searches of GET /api/clients one request at a time.
# Usage: bash bench/clients.sh [count]; DATABASE=postgres://... runs it on
# PostgreSQL (a database it may fill).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-10000}
CARTA=${CARTA:-bin/carta}
[ -x "$CARTA" ] || make build
go build -o bin/clients-bench ./bench/clients
DATA=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$DATA"' EXIT
CARTA_DEMO=1 CARTA_ADDR=127.0.0.1:18093 CARTA_DATA_DIR="$DATA" CARTA_DATABASE_URL="${DATABASE:-$DATA/carta.db}" CARTA_LOG_LEVEL=warn \
  CARTA_METRICS_ADDR=off "$CARTA" serve > "$DATA/carta.log" 2>&1 &
for _ in $(seq 1 100); do curl -fs http://127.0.0.1:18093/readyz >/dev/null 2>&1 && break; sleep 0.2; done
ENGINE=SQLite; [ -z "${DATABASE:-}" ] || ENGINE=PostgreSQL
echo "$(nproc) cores, $ENGINE, $(date -u +%Y-%m-%d)"
bin/clients-bench -url http://127.0.0.1:18093 -n "$N"
