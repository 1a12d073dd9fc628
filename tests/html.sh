#!/bin/sh
# html.sh — `arbiter check --format=html` as a page and in a browser (TAP).
#
# Pages: the sample round; the small round of the golden case
# (tests/cli/cases/format-html: an illegal move, a move after mate, a
# clean game, tags with <script>, & and quotes) with a file that cannot be
# read; and no games at all.  For each:
#  - the exit status and the counts agree with --format=jsonl's;
#  - tests/html/lint.py: HTML5 syntax closed as it should be, nothing from
#    outside the page, ids and #links that hold together, the script's
#    hash in the Content-Security-Policy, one diagram per finding with a
#    position (jsonl's "fen");
#  - tests/html/browser.py, in headless Chromium: the script ran (its
#    marker on <body>, no error), the browser reported nothing (exception,
#    console message, blocked resource, policy violation) and requested
#    nothing, every diagram is drawn, the summary comes first, Tab reaches
#    the skip link, j j k go to findings 1, 2, 1 with a visible focus, the
#    print style is black and white without the keys' help;
#  - the sample round's screenshot (tests/html/png.py) is the viewport's
#    size, not blank, and shows the board's two colours; its PDF has pages.
# Chromium is required (tools/deps.sh test installs it); one Chromium loads
# the three pages while the rest runs.
set -u
ARBITER=${ARBITER:-./arbiter}
CHROMIUM=${CHROMIUM:-chromium}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
. "${TESTS:-tests}/tap.sh"
tap_tmp

if ! command -v "$CHROMIUM" >/dev/null 2>&1; then
    notok "Chromium ($CHROMIUM) is not installed: run sh tools/deps.sh test"
    tap_end
    exit 1
fi

case_dir=tests/cli/cases/format-html
# page NAME ARGS...: the page and the JSON Lines records of the same run.
page() {
    name=$1
    shift
    mkdir -p "$tmp/$name"
    "$ARBITER" check --format=html "$@" >"$tmp/$name/page.html" 2>"$tmp/$name/err" </dev/null
    echo $? >"$tmp/$name/status"
    "$ARBITER" check --format=jsonl "$@" >"$tmp/$name/records" 2>/dev/null </dev/null
    echo $? >"$tmp/$name/jsonl-status"
}
page samples samples/*.pgn
page small "$case_dir/round.pgn" "$tmp/no such file.pgn"
page empty -

# The browser, in the background meanwhile: one Chromium, a tab a page.
"$PY" tests/html/browser.py "$CHROMIUM" "$tmp/samples/page.html" "$tmp/small/page.html" "$tmp/empty/page.html" \
    >"$tmp/browser" 2>"$tmp/browser.err" &

for name in samples small empty; do
    d=$tmp/$name
    st=$(cat "$d/status") want=$(cat "$d/jsonl-status")
    if [ "$st" = "$want" ]; then
        ok "$name: exit status $st, as with --format=jsonl"
    else
        notok "$name: exit status $st, --format=jsonl's $want: $(head -3 "$d/err")"
    fi
    if "$PY" tests/html/lint.py "$d/page.html" >"$d/lint"; then
        ok "$name: lint.py finds the page sound and self-contained"
    else
        notok "$name: lint.py: $(head -5 "$d/lint" | tr '\n' ';')"
    fi
    findings=$(jq -s '[.[].findings[]] | length' "$d/records")
    positions=$(jq -s '[.[].findings[] | select(.fen)] | length' "$d/records")
    counts=$(tail -1 "$d/lint" | cut -d' ' -f1-4)
    if [ "$counts" = "boards $positions findings $findings" ]; then
        ok "$name: $findings findings, $positions diagrams (one per finding with a position)"
    else
        notok "$name: the page has $counts; jsonl: $findings findings, $positions with a position"
    fi
done

if grep -q '<h2 id="g3-h">.*&lt;script&gt;alert(1)&lt;/script&gt; .* Smith &amp; Sons</h2>' "$tmp/small/page.html" &&
    ! grep -q '<script>alert' "$tmp/small/page.html" && grep -q 'Club &lt;b&gt;night&lt;/b&gt; &amp; &quot;blitz&quot;' "$tmp/small/page.html"; then
    ok "small: tag values with <script>, <b>, & and quotes are escaped"
else
    notok "small: tag values are not escaped as they should be"
fi
if grep -q '<h2 id="u1-h">.*no such file.pgn: not read</h2>' "$tmp/small/page.html" &&
    grep -q 'no such file.pgn</th><td colspan="5"><a href="#u1">not read</a>' "$tmp/small/page.html"; then
    ok "small: the file that cannot be read has a section and a row in the summary"
else
    notok "small: the file that cannot be read is missing from the page"
fi

wait
i=0
for name in samples small empty; do
    i=$((i + 1))
    sed -n "${i}p" "$tmp/browser" >"$tmp/$name/browser"
done
# expect NAME FIELD WANT: a field of browser.py's JSON (jq syntax).
expect() {
    got=$(jq -c "$2" "$tmp/$1/browser" 2>/dev/null)
    if [ "$got" = "$3" ]; then
        ok "$1 in Chromium: $2 = $3"
    else
        notok "$1 in Chromium: $2 = ${got:-?}, want $3 $(tail -c 300 "$tmp/browser.err")"
    fi
}
for name in samples small empty; do
    findings=$(jq -s '[.[].findings[]] | length' "$tmp/$name/records")
    expect "$name" '[.ready, .error, .scripts]' "[\"$findings\",null,1]"
    expect "$name" '.problems' '[]'
    expect "$name" '.requests' '[]'
    expect "$name" '.boards == .boards_drawn' 'true'
    expect "$name" '[.first_in_main, .tab]' '["summary","Skip to the summary"]'
    expect "$name" '.print' '{"keys":"none","colours":["rgb(0, 0, 0)"]}'
done
expect samples '.keys' '["f1 solid","f2 solid","f1 solid"]'
expect small '.keys' '["f1 solid","f2 solid","f1 solid"]'
expect empty '.keys' '[" solid"," solid"," solid"]'   # no finding: the focus stays on the skip link

# The screenshot of the sample round at its first finding, with its diagram.
set -- $("$PY" tests/html/png.py "$tmp/samples/page.png" f0d9b5 b58863 2>&1)
if [ "${1:-}" = 1200x900 ] && [ "${2:-0}" -gt 200 ] && [ "${3:-0}" -gt 10000 ] && [ "${4:-0}" -gt 10000 ]; then
    ok "samples: the screenshot is 1200x900 with $2 colours, the light and dark squares ($3, $4 pixels)"
else
    notok "samples: the screenshot: $*"
fi
pdf=$tmp/samples/page.pdf
pages=$(grep -a -o '/Type /Page\b' "$pdf" 2>/dev/null | wc -l)
if [ "$(head -c 5 "$pdf")" = "%PDF-" ] && [ "$pages" -gt 1 ]; then
    ok "samples: printed, a PDF of $pages pages"
else
    notok "samples: printing gave no PDF of several pages ($pages)"
fi
# Many games with findings: the summary lists the first 10,000 (its rows
# wait in memory until the end), says how many more there are, and every
# game still has its section.
awk 'BEGIN { for (i = 1; i <= 10003; i++) printf "[Event \"E%d\"]\n\n1. e5 *\n\n", i }' >"$tmp/many.pgn"
"$ARBITER" check --format=html "$tmp/many.pgn" >"$tmp/many.html" 2>/dev/null
rows=$(grep -c '^<tr><td><a href="#g' "$tmp/many.html")
sections=$(grep -c '<section class="game"' "$tmp/many.html")
if [ "$rows" -eq 10000 ] && [ "$sections" -eq 10003 ] &&
    grep -q 'and 3 more games with findings: the first 10000 are listed here' "$tmp/many.html"; then
    ok "10,003 games with findings: 10,000 summary rows, 'and 3 more', 10,003 sections"
else
    notok "10,003 games with findings: $rows summary rows, $sections sections"
fi

tap_end
