#!/usr/bin/env bash
# schemathesis against a real server: all checks (schemathesis.toml), EXAMPLES (default 50) examples per operation,
# every phase (examples, coverage, fuzzing, stateful). Departures from the defaults live in
# schemathesis.toml with their reasons. Exit status: schemathesis's (0 = no failure).
#
# Six runs, because some operations rightly end the caller's session: demoting, disabling or
# deleting a user (the fuzzer may create a second admin and then demote itself), logout, a password
# or profile change. Run 1 covers every other operation with one session; then each of those five
# runs alone, as a fresh admin. Usage: npm run api:fuzz [-- EXAMPLES]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
examples="${1:-50}"
# schemathesis from PyPI into a virtual environment of its own (.venv-fuzz, git-ignored), so its
# dependencies never move those of the client generator's .venv-api.
venv=.venv-fuzz
[ -x $venv/bin/python ] || python3 -m venv $venv
[ -x $venv/bin/st ] || $venv/bin/pip install -q schemathesis==4.32.5

work=$(mktemp -d)
port=$((30000 + RANDOM % 20000))
base="http://127.0.0.1:$port"
# Stand-ins at their wire formats, so nothing answers 503 for want of a provider: SearXNG's JSON
# (web search), Google's JWKS (/jwks, no key: every fuzzed ID token is a 401) and Microsoft Graph
# (/graph, 401 for every token, as Graph answers an invalid one). Also the webhooks' receiver.
searx_port=$((port + 1))
node -e 'require("node:http").createServer((q, r) => {
  r.setHeader("content-type", "application/json");
  if (q.url.startsWith("/jwks")) return r.end(JSON.stringify({ keys: [] }));
  if (q.url.startsWith("/graph/")) return (r.statusCode = 401), r.end("{}");
  r.end(JSON.stringify({ results: [{ url: "https://example.org/tides", title: "Tides", content: "Tides follow the moon." }] }));
}).listen(+process.argv[1], "127.0.0.1")' "$searx_port" &
searx=$!
# Rate limits and the failed-attempt back-off are ON (issue 22): the fuzzer's forged tokens and keys
# must never throttle its valid ones. The per-minute figures are raised past what one fuzzing client
# sends (thousands a minute from one user, key and address), or the spec's 300/min would answer
# its valid requests 429 by design; the counters, headers and back-off all still run. The same for
# the back-off's free failures: schemathesis's ignored_auth check sends one invalid credential per
# operation (and requests without any) from 127.0.0.1 hundreds of times and accepts only 401/403,
# whereas after 20 failures from one address the back-off answers 429 by design
# (test/auth/throttle.test.ts shows that; valid credentials are never slowed either way).
SEARXNG_URL="http://127.0.0.1:$searx_port" OUTBOUND_ALLOWLIST=127.0.0.1 \
GOOGLE_CLIENT_ID=fuzz.apps.googleusercontent.com GOOGLE_JWKS_URL="http://127.0.0.1:$searx_port/jwks" \
MICROSOFT_ALLOWED_TENANTS=00000000-0000-0000-0000-000000000000 MICROSOFT_GRAPH_URL="http://127.0.0.1:$searx_port/graph" \
WEBHOOK_PRIVATE_TARGETS="*=127.0.0.1:$searx_port" \
RATE_LIMIT_ENABLED=true RATE_LIMIT_AUTHENTICATED=1000000 RATE_LIMIT_PUBLIC_PER_KEY=1000000 \
RATE_LIMIT_PUBLIC_PER_IP=1000000 RATE_LIMIT_CHAT_STREAM_PER_KEY=1000000 RATE_LIMIT_UPLOAD=1000000 \
RATE_LIMIT_LOGIN=1000000 AUTH_BACKOFF_FREE_PER_IP=1000000 AUTH_BACKOFF_FREE_PER_CREDENTIAL=1000000 \
DATA_DIR="$work/data" PORT=$port LOG_LEVEL=info \
  ADMIN_EMAIL=fuzz@example.com ADMIN_PASSWORD='fuzz-password-1' ADMIN_COMPANY=Fuzz \
  setsid node src/server.ts >"$work/server.log" 2>&1 &
server=$!
trap 'kill -- -$server 2>/dev/null || true; kill $searx 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 120); do curl -sf "$base/api/health" >/dev/null && break; sleep 1; done

login() {
  curl -sf -X POST "$base/api/auth/login" -H 'content-type: application/json' \
    -d "{\"email\":\"$1\",\"password\":\"fuzz-password-1\"}" |
    node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8")).data.accessToken)'
}
# The first admin only sets things up; each run fuzzes as a fresh admin of the same company, so
# a run that ends its own session (or demotes itself) cannot end the next one's.
control="Authorization: Bearer $(login fuzz@example.com)"
admin() {
  curl -sf -X POST "$base/api/users" -H "$control" -H 'content-type: application/json' \
    -d "{\"email\":\"$1@example.com\",\"name\":\"$1\",\"role\":\"COMPANY_ADMIN\",\"password\":\"fuzz-password-1\"}" >/dev/null
  echo "Authorization: Bearer $(login "$1@example.com")"
}
# One document, one topic and one webhook, so operations on ids have something real to find.
curl -sf -X POST "$base/api/topics" -H "$control" -H 'content-type: application/json' -d '{"name":"Fuzz"}' >/dev/null
curl -sf -X POST "$base/api/documents/upload" -H "$control" \
  -F "file=@../shared/datasets/documents/md/$(ls ../shared/datasets/documents/md | head -n 1)" >/dev/null
FUZZ_WEBHOOK_ID=$(curl -sf -X POST "$base/api/webhooks" -H "$control" -H 'content-type: application/json' \
  -d "{\"url\":\"http://127.0.0.1:$searx_port/hook\",\"events\":[\"document.vectorized\"]}" |
  node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8")).data.id)')
export FUZZ_WEBHOOK_ID
key=$(curl -sf -X POST "$base/api/api-keys" -H "$control" -H 'content-type: application/json' -d '{"name":"fuzz"}' |
  node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8")).data.key)')

session_enders=(updateMe changePassword logout updateUser deleteUser)
# Every run's admin signs in now, before any fuzzing: run 1 fuzzes the sign-in with wrong
# passwords, whose back-off (10 failures per address, docs/auth.md) would then rightly refuse
# this script's own sign-ins from 127.0.0.1 too.
declare -A auth
for who in main "${session_enders[@]}"; do auth[$who]=$(admin "fuzz-$who"); done
status=0
echo "== run 1: every operation but the five that may end the caller's session"
excludes=()
for op in "${session_enders[@]}"; do excludes+=(--exclude-operation-id "$op"); done
$venv/bin/st run "$base/api/openapi.json" --max-examples "$examples" \
  --header "${auth[main]}" --header "X-API-Key: $key" "${excludes[@]}" \
  --request-timeout 60 --workers 1 || status=$?

for op in "${session_enders[@]}"; do
  echo "== run: $op, as an admin of its own"
  $venv/bin/st run "$base/api/openapi.json" --max-examples "$examples" \
    --header "${auth[$op]}" --include-operation-id "$op" --phases examples,coverage,fuzzing \
    --request-timeout 60 --workers 1 || status=$?
done
# Every answer the server sent, from its request log: no 5xx, and any 429 is the back-off answering
# the fuzzer's own forged credentials (reason FAILED_ATTEMPTS), never a valid request.
node -e '
const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean);
const codes = {};
const reasons = {};
for (const l of lines) {
  try {
    const j = JSON.parse(l);
    if (j.statusCode) codes[j.statusCode] = (codes[j.statusCode] ?? 0) + 1;
    const r = `${j.reason} ${j.route}`;
    if (j.status === 429) reasons[r] = (reasons[r] ?? 0) + 1;
  } catch {}
}
console.log(`429s by reason and route: ${JSON.stringify(reasons)}`);
const n = (f) => Object.entries(codes).filter(([c]) => f(+c)).reduce((s, [, k]) => s + k, 0);
console.log(`server answers: ${JSON.stringify(codes)}; 5xx: ${n((c) => c >= 500)}; 429: ${n((c) => c === 429)}`);
' "$work/server.log"
exit "$status"
