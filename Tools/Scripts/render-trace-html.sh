#!/usr/bin/env bash
# Renders a trace's HTML page with headless Chromium: checks that the page's script drew one
# element per message, and takes screenshots to look at. Not part of `swift test` or CI, which must
# not depend on a browser.
#
#   Tools/Scripts/render-trace-html.sh [TRACE.jsonl] [OUTPUT-FOLDER]
#
# Defaults: the trace recorded for the tests (Tools/Tests/TraceViewerTests/Fixtures/session.jsonl)
# and a new temporary folder. On Debian: apt-get install chromium.
set -euo pipefail

tools="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
trace="${1:-$tools/Tests/TraceViewerTests/Fixtures/session.jsonl}"
output="${2:-$(mktemp -d)}"
mkdir -p "$output"

browser=""
for candidate in chromium chromium-browser chromium-headless-shell google-chrome; do
  if command -v "$candidate" >/dev/null; then browser="$candidate"; break; fi
done
if [[ -z "$browser" ]]; then
  echo "render-trace-html: no Chromium found (on Debian: apt-get install chromium)" >&2
  exit 2
fi
flags=(--headless --disable-gpu --hide-scrollbars --window-size=1400,800)
# Chromium refuses to run as root with its sandbox on.
if [[ "$(id -u)" == 0 ]]; then flags+=(--no-sandbox); fi

swift build --package-path "$tools" --product trace >/dev/null
page="$output/trace.html"
"$(swift build --package-path "$tools" --show-bin-path)/trace" html "$trace" -o "$page" >/dev/null
url="file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")"

expected=$(grep -c '"kind":"message"' "$trace" || true)
"$browser" "${flags[@]}" --dump-dom "$url" 2>/dev/null >"$output/dom.html"
drawn=$(grep -o 'data-k="m"' "$output/dom.html" | wc -l)
if [[ "$drawn" -ne "$expected" ]]; then
  echo "render-trace-html: the page drew $drawn messages, the trace has $expected" >&2
  exit 1
fi
first_with_commands=$(grep -o '"kind":"commandStarted"[^}]*"message":[0-9]*' "$trace" | head -1 | sed 's/.*"message"://')

"$browser" "${flags[@]}" --screenshot="$output/overview.png" "$url" 2>/dev/null >/dev/null
"$browser" "${flags[@]}" --screenshot="$output/message.png" "$url#m${first_with_commands:-1}" 2>/dev/null >/dev/null
"$browser" "${flags[@]}" --screenshot="$output/by-time.png" "$url?by-time" 2>/dev/null >/dev/null

echo "render-trace-html: $drawn of $expected messages drawn by $browser"
echo "  page:        $page"
echo "  screenshots: $output/overview.png, $output/message.png, $output/by-time.png"
