#!/bin/sh
# man.sh — the manual page (man/arbiter.1) and the help stay true (TAP).
#
# 1. The page renders without a warning (groff -ww, mandoc -Tlint) and
#    within 80 columns; its .TH names the version the program prints.
# 2. It names every long option of the option tables (src/cli/opts.h and
#    src/cli/cmd_*.c), every finding code, format,
#    rules profile and notation language the program knows (with the
#    severity the help gives each code), every code and JSON Lines key of
#    the interface (INTERFACE.md), and cites no article the Laws tables
#    (src/laws/*.c) do not know.
# 3. `arbiter COMMAND --help` names every option COMMAND takes.
# 4. `make install PREFIX=/usr DESTDIR=...` puts the program (755) and the
#    page and the shard-merge script (644) in place without rebuilding
#    anything; man(1) renders the installed page; `make uninstall` removes them.
# Run from the repository root (make check does).
set -u
ARBITER=${ARBITER:-./arbiter}
SPEC=tests/data/spec/INTERFACE.md    # the outside contract (tests/data/README.md)
PAGE=man/arbiter.1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() {
    n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"
    if [ -n "${2:-}" ]; then printf '%s\n' "$2" | head -12 | sed 's/^/#   /'; fi
    return 0
}
check() { if [ -z "$2" ]; then pass "$1"; else fail "$1" "$2"; fi; }

[ -r "$PAGE" ] || { echo "Bail out! $PAGE not found (run from the repository root)"; exit 1; }

# The page's source with roff's escapes for '-' and quotes undone: what a
# reader sees, in the page's own lines.
sed 's/\\-/-/g; s/\\(aq/'"'"'/g; s/\\(ha/^/g' "$PAGE" >"$tmp/page"
# One section of it: section NAME
section() { awk -v s=".SH $1" '$0 == s { on = 1; next } /^\.SH / { on = 0 } on' "$tmp/page"; }

# --- 1. renders cleanly ---------------------------------------------------
if command -v groff >/dev/null 2>&1; then
    groff -man -Tutf8 -ww -z "$PAGE" >"$tmp/groff" 2>&1
    check "groff -man -ww renders the page without a warning" "$(cat "$tmp/groff")"
else
    fail "groff is not installed (tools/deps.sh test installs groff-base)"
fi
if command -v mandoc >/dev/null 2>&1; then
    mandoc -Tlint "$PAGE" >"$tmp/lint" 2>&1
    check "mandoc -Tlint finds nothing to say" "$(cat "$tmp/lint")"
else
    fail "mandoc is not installed (tools/deps.sh test installs it)"
fi
MANWIDTH=80 man -l "$PAGE" 2>"$tmp/man.err" | col -b >"$tmp/man.txt"
wide=$(perl -CSD -lne 'print if length > 80' "$tmp/man.txt")
if grep -q '^FINDING CODES' "$tmp/man.txt" && [ ! -s "$tmp/man.err" ] && [ -z "$wide" ]; then
    pass "man -l renders the page within 80 columns"
else
    fail "man -l does not render the page within 80 columns" "$(cat "$tmp/man.err"; printf '%s\n' "$wide")"
fi
version=$("$ARBITER" --version | sed 's/^arbiter //')
if grep -q "^\.TH ARBITER 1 [0-9-]* \"arbiter $version\"" "$PAGE"; then
    pass ".TH names version $version, as arbiter --version prints"
else
    fail ".TH does not name arbiter $version" "$(grep '^\.TH' "$PAGE")"
fi

# --- 2. names everything --------------------------------------------------
# The option tables: the shared ones (src/cli/opts.h) and each command's
# own (src/cli/cmd_*.c), one name a line.
cat src/cli/opts.h src/cli/cmd_*.c | grep -o '{"[a-z-]*", *\(no\|required\|optional\)_argument' |
    sed 's/{"\([a-z-]*\)", *\([a-z]*\)_argument/\1 \2/' | sort -u >"$tmp/opts"
[ "$(wc -l <"$tmp/opts")" -ge 40 ] || fail "too few long options found in src/cli/opts.h and src/cli/cmd_*.c" "$(cat "$tmp/opts")"
missing=""
while read -r opt _; do
    grep -q -- "--$opt\\b" "$tmp/page" || missing="$missing --$opt"
done <"$tmp/opts"
check "every long option of the commands' tables ($(wc -l <"$tmp/opts")) is in the page" "$missing"

"$ARBITER" check --help >"$tmp/help.check"
awk '/^Finding codes/ { on = 1; next } /^$/ { on = 0 }
     on && /^  [a-z]/ && ($2 == "error" || $2 == "warning" || $2 == "info") { print $1, $2 }' \
    "$tmp/help.check" >"$tmp/codes"
section "FINDING CODES" | sed -n 's/^\.BR \([a-z0-9-]*\) " (\([a-z]*\))"$/\1 \2/p' >"$tmp/pagecodes"
missing=$(sort "$tmp/codes" | comm -23 - "$(sort "$tmp/pagecodes" >"$tmp/pc.sorted"; echo "$tmp/pc.sorted")")
if [ -s "$tmp/codes" ] && [ -z "$missing" ]; then
    pass "every finding code of check --help ($(wc -l <"$tmp/codes")) is in the page, with its severity"
else
    fail "finding codes (with severity) missing from the page's FINDING CODES" "${missing:-no codes in --help}"
fi
stale=$(cut -d' ' -f1 "$tmp/pagecodes" | sort | comm -13 "$(cut -d' ' -f1 "$tmp/codes" | sort >"$tmp/c1"; echo "$tmp/c1")" -)
check "the page lists no code check --help does not" "$stale"

formats=$("$ARBITER" check --format=? 2>&1 | sed -n 's/.*(formats: \(.*\)).*/\1/p' | tr -d ',')
missing=""
for f in $formats; do
    section "OUTPUT FORMATS" | grep -qx "\.B $f" || missing="$missing $f(page)"
    grep -q "^ .*\\b$f\\b" "$tmp/help.check" || missing="$missing $f(help)"
done
if [ -n "$formats" ] && [ -z "$missing" ]; then
    pass "every format ($formats) is in the page's OUTPUT FORMATS and in check --help"
else
    fail "formats missing" "${missing:-no format list in the usage error}"
fi

missing=""
for p in $("$ARBITER" check --rules=list | cut -d' ' -f1); do
    section "RULES PROFILES" | grep -qx "\.B $p" || missing="$missing $p"
done
check "every rules profile of --rules=list is in the page's RULES PROFILES" "$missing"

missing=""
for l in $("$ARBITER" check --lang=list | cut -d' ' -f1); do
    section "NOTATION LANGUAGES" | grep -qx "\.B $l" || missing="$missing $l"
done
check "every language of --lang=list is in the page's NOTATION LANGUAGES" "$missing"

# Every article the FINDING CODES section cites is one the Laws tables know.
section "FINDING CODES" | grep -v '^\.' |
    grep -o -E '([0-9]+\.[0-9]+|[ABC]\.[0-9]+)[0-9a-z.()]*|team rule [0-9]+[a-z]*' |
    sed 's/[.]$//' | sort -u >"$tmp/articles"
unknown=""
while read -r a; do
    grep -qF "\"$a" src/laws/laws.c || grep -qF "$a\"" src/laws/laws.c || grep -qF ", $a" src/laws/laws.c ||
        grep -qF "\"$a\"" src/laws/*.c || unknown="$unknown '$a'"
done <"$tmp/articles"
if [ -s "$tmp/articles" ] && [ -z "$unknown" ]; then
    pass "every article the page cites ($(wc -l <"$tmp/articles")) is in the Laws tables"
else
    fail "articles the Laws tables do not know" "${unknown:-none found}"
fi

if [ -r "$SPEC" ]; then
    missing=""
    for c in $(sed -n 's/^| `\([a-z-]*\)` | \(error\|warning\|info\) |.*/\1/p' "$SPEC"); do
        grep -q "^$c " "$tmp/pagecodes" || missing="$missing $c"
    done
    for k in $(awk '/^## `arbiter check --format=jsonl`/ { on = 1; next } /^## / { on = 0 }
                    on && /^\| `/ { sub(/^\| `/, ""); sub(/`.*/, ""); print }' "$SPEC"); do
        section "OUTPUT FORMATS" | grep -qx "\.B $k" || missing="$missing $k"
    done
    check "every finding code and JSON Lines key of INTERFACE.md is in the page" "$missing"
else
    fail "every finding code and JSON Lines key of INTERFACE.md is in the page" "$SPEC not found"
fi

# --- 3. the help of each command names every option it takes --------------
for cmd in check replay convert watch; do
    "$ARBITER" "$cmd" --help >"$tmp/help"
    missing=""
    taken=0
    while read -r opt arg; do
        case $arg in required) a="--$opt=x" ;; *) a="--$opt" ;; esac
        # An option the command does not take is refused before --help.
        "$ARBITER" "$cmd" "$a" --help >/dev/null 2>"$tmp/err" </dev/null
        grep -q 'does not apply to this command' "$tmp/err" && continue
        taken=$((taken + 1))
        grep -q -- "--$opt\\b" "$tmp/help" || missing="$missing --$opt"
    done <"$tmp/opts"
    check "arbiter $cmd --help names each of the $taken options it takes" "$missing"
done

# --- 4. make install / uninstall ------------------------------------------
dest=$tmp/dest
# A make run from make check's recipe: not part of its job server.
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory "$@"; }
if [ -x arbiter ] && mk -q arbiter 2>/dev/null; then target=install; else target=install-files; fi
before=$(stat -c %Y arbiter 2>/dev/null)
mk -s "$target" PREFIX=/usr DESTDIR="$dest" >"$tmp/install" 2>&1
after=$(stat -c %Y arbiter 2>/dev/null)
bin=$dest/usr/bin/arbiter
man1=$dest/usr/share/man/man1/arbiter.1
jqf=$dest/usr/share/arbiter/merge-shards.jq
if [ "$(stat -c %a "$bin" 2>/dev/null)" = 755 ] && [ "$(stat -c %a "$man1" 2>/dev/null)" = 644 ] &&
    [ "$(stat -c %a "$jqf" 2>/dev/null)" = 644 ] && cmp -s "$jqf" tools/merge-shards.jq &&
    cmp -s "$man1" "$PAGE" && "$bin" --version >/dev/null && [ "$before" = "$after" ]; then
    pass "make $target PREFIX=/usr DESTDIR=...: bin/arbiter (755), share/man/man1/arbiter.1 and share/arbiter/merge-shards.jq (644), nothing rebuilt"
else
    fail "make $target PREFIX=/usr DESTDIR=... did not install as it should" \
        "$(cat "$tmp/install"; find "$dest" -exec stat -c '%a %n' {} + 2>&1)"
fi
MANWIDTH=80 man -l "$man1" 2>&1 | col -b >"$tmp/installed.txt"
if grep -q '^ *arbiter - check chess game records against the FIDE Laws of Chess' "$tmp/installed.txt" &&
    grep -q '^EXIT STATUS' "$tmp/installed.txt"; then
    pass "man -l renders the installed page"
else
    fail "man -l does not render the installed page" "$(head -5 "$tmp/installed.txt")"
fi
mk -s uninstall PREFIX=/usr DESTDIR="$dest" >"$tmp/uninstall" 2>&1
if [ ! -e "$bin" ] && [ ! -e "$man1" ] && [ ! -e "$jqf" ]; then
    pass "make uninstall removes all three"
else
    fail "make uninstall left files" "$(cat "$tmp/uninstall"; find "$dest" -type f)"
fi

echo "1..$n"
echo "# $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
