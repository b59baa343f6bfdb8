#!/usr/bin/env bash
# Lighthouse (mobile, default simulated throttling) on the diner menu /menu/1,
# served by bin/carta with demo data on SQLite, Debian's chromium, offline.
# Usage: bash bench/lighthouse.sh   (prints performance score, LCP, CLS, TBT)
# NO_PROMO=1 measures /menu/2 after its owner deleted its promotions (the
# menu without a promotion popup); PAGE=/cava/1 measures another page (the
# public wine cellar); LH_REPORT=file keeps the JSON report; PORT= the
# server's port (18092); LH_ASSETS=1 keeps the trace next to LH_REPORT;
# TABLE=1 measures the table QR's page of La Cava Demo's first table
# (/mesa/1/<its code>, read as the demo owner).
set -euo pipefail
PORT=${PORT:-18092} # another port when several checkouts measure at once
cd "$(dirname "$0")/.."
[ -x bin/carta ] || make build
command -v chromium >/dev/null || { echo "chromium is needed: apt-get install chromium" >&2; exit 1; }
DATA=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$DATA"' EXIT
CARTA_DEMO=1 CARTA_ADDR=127.0.0.1:$PORT CARTA_DATA_DIR="$DATA" CARTA_LOG_LEVEL=warn bin/carta serve > "$DATA/carta.log" 2>&1 &
for _ in $(seq 1 150); do curl -fs http://127.0.0.1:$PORT/readyz >/dev/null 2>&1 && break; sleep 0.2; done
PAGE=${PAGE:-/menu/1}
if [ "${NO_PROMO:-0}" = 1 ]; then
  PAGE=/menu/2
  tok=$(curl -fs -X POST -H 'Content-Type: application/json' -d '{"email":"owner2@demo.test","password":"demo-owner-2"}' \
    http://127.0.0.1:$PORT/api/login | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).token))')
  for id in $(curl -fs "http://127.0.0.1:$PORT/api/popups?cliente_id=2" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).map(p=>p.id).join(" ")))'); do
    curl -fs -o /dev/null -X DELETE -H "Authorization: Bearer $tok" "http://127.0.0.1:$PORT/api/popups/$id"
  done
fi
if [ "${TABLE:-0}" = 1 ]; then
  tok=$(curl -fs -X POST -H 'Content-Type: application/json' -d '{"email":"owner@demo.test","password":"demo-owner-1"}' \
    http://127.0.0.1:$PORT/api/login | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).token))')
  PAGE=$(curl -fs -H "Authorization: Bearer $tok" http://127.0.0.1:$PORT/api/clientes/1/mesas |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(new URL(JSON.parse(s).mesas[0].url).pathname))')
fi
# Warm the server's caches once, as a real restaurant's would be.
curl -fs "http://127.0.0.1:$PORT$PAGE" >/dev/null
export CHROME_PATH=/usr/bin/chromium
npx --yes lighthouse@12 "http://127.0.0.1:$PORT$PAGE" --quiet --only-categories=performance \
  --chrome-flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync" \
  --output=json --output-path="${LH_REPORT:-$DATA/report.json}" ${LH_ASSETS:+--save-assets} >/dev/null 2>&1 || { echo "lighthouse failed" >&2; exit 1; }
node -e '
const r = require(process.argv[1]);
const a = r.audits;
console.log(`lighthouse ${r.lighthouseVersion}, ${r.configSettings.formFactor}, ${r.configSettings.throttlingMethod} throttling, ${r.finalDisplayedUrl}`);
console.log(`performance: ${Math.round(r.categories.performance.score * 100)}`);
console.log(`LCP: ${a["largest-contentful-paint"].displayValue}`);
console.log(`CLS: ${a["cumulative-layout-shift"].displayValue}`);
console.log(`TBT: ${a["total-blocking-time"].displayValue}`);
console.log(`FCP: ${a["first-contentful-paint"].displayValue}`);
console.log(`LCP element: ${a["largest-contentful-paint-element"].details.items[0].items[0].node.selector}`);
' "${LH_REPORT:-$DATA/report.json}"
