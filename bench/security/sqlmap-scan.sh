#!/usr/bin/env bash
# Runs sqlmap (Debian's package) against every public API endpoint that takes input, on a
# running API at $1 (default http://127.0.0.1:8801), and prints one verdict line per target.
# Exits non-zero when sqlmap reports an injectable parameter.
#   apt-get install -y sqlmap
#   bash bench/security/sqlmap-scan.sh http://127.0.0.1:8801
set -uo pipefail
BASE=${1:-http://127.0.0.1:8801}
OUT=$(mktemp -d /tmp/festival-sqlmap.XXXXXX)
LEVEL=${SQLMAP_LEVEL:-3}
RISK=${SQLMAP_RISK:-2}
found=0

scan() {
  local label=$1 method=$2 path=$3 data=${4:-}
  local args=(-u "$BASE$path" --batch --level "$LEVEL" --risk "$RISK" --threads 4 --timeout 10 --retries 0
    --time-sec 1 --dbms mysql --flush-session --output-dir "$OUT" --disable-coloring
    --ignore-code=400,401,402,404,409)
  if [ -n "$data" ]; then args+=(--method "$method" --data "$data" --headers "Content-Type: application/json"); fi
  local log
  log=$(sqlmap "${args[@]}" 2>&1)
  # sqlmap reports "appears to be injectable" on the way, then its false-positive check decides.
  if grep -qiE "sqlmap identified the following injection point|is vulnerable" <<<"$log"; then
    echo "INJECTABLE  $label"
    grep -iE "Parameter:|Type:|Title:" <<<"$log" | head -20
    found=1
  elif grep -q "all tested parameters do not appear to be injectable" <<<"$log"; then
    echo "not injectable  $label"
  else
    echo "inconclusive  $label"
    tail -5 <<<"$log"
  fi
}

echo "sqlmap $(sqlmap --version 2>/dev/null | grep -oE '^[0-9]+\.[0-9.]+' | head -1), level $LEVEL, risk $RISK, against $BASE"

# A real pending ticket order, so the payment endpoints answer normally rather than 404.
json_field() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=JSON.parse(s)[process.argv[1]];console.log(v??"")})' "$1"; }
quote_total=$(curl -s -X POST -H 'Content-Type: application/json' -d '{"adultTickets":1,"childTickets":0}' "$BASE/api/party-quote" | json_field totalCents)
secret=$(curl -s -X POST -H 'Content-Type: application/json' \
  -d "{\"customerName\":\"Scan Target\",\"customerEmail\":\"scan@example.com\",\"customerPhone\":\"4085550100\",\"adultTickets\":1,\"childTickets\":0,\"totalAmount\":$quote_total}" \
  "$BASE/api/party-payment-intent" | json_field clientSecret)
intent=${secret%%_secret_*}
scan 'POST /api/party-quote' POST /api/party-quote '{"adultTickets":1,"childTickets":0,"promoCode":"DIWALI5"}'
scan 'POST /api/party-payment-intent' POST /api/party-payment-intent '{"customerName":"Asha Raman","customerEmail":"asha@example.com","customerPhone":"4085550101","adultTickets":1,"childTickets":0,"totalAmount":5468,"promoCode":"X","sessionId":"abcdefgh12345678"}'
scan 'POST /api/confirm-payment (unknown intent)' POST /api/confirm-payment '{"paymentIntentId":"pi_sim_123","type":"party_ticket"}'
scan 'POST /api/analytics' POST /api/analytics '{"eventType":"page_view","sessionId":"abcdefgh12345678","utmSource":"instagram","utmMedium":"social","utmCampaign":"diwali2024","referrer":"https://example.com/","userName":"Asha"}'
scan 'POST /api/admin/login' POST /api/admin/login '{"password":"guess"}'
scan 'POST /api/payments/simulated/confirm' POST /api/payments/simulated/confirm "{\"clientSecret\":\"$secret\",\"cardNumber\":\"4000000000000002\",\"expiry\":\"12/34\",\"cvc\":\"123\"}"
scan 'GET /api/unsubscribe?token=' GET '/api/unsubscribe?token=abc.def'
scan 'POST /api/unsubscribe?token=' POST '/api/unsubscribe?token=abc.def' '{}'
scan 'GET /api/drinks' GET '/api/drinks?category=Lassi'
scan 'POST /api/drink-payment-intent' POST /api/drink-payment-intent '{"customerName":"Ravi","customerEmail":"ravi@example.com","customerPhone":"4085550102","items":[{"id":"1","name":"Mango Lassi","price":599,"quantity":1}],"total":655,"tableNumber":"7"}'
scan 'POST /api/drink-tab' POST /api/drink-tab '{"customerName":"Ravi","customerEmail":"ravi@example.com","customerPhone":"4085550102","tableNumber":"7"}'
scan 'POST /api/confirm-payment (real intent)' POST /api/confirm-payment "{\"paymentIntentId\":\"$intent\",\"type\":\"party_ticket\"}"
scan 'POST /api/confirm-drink-payment' POST /api/confirm-drink-payment "{\"paymentIntentId\":\"$intent\"}"
rm -rf "$OUT"
exit $found
