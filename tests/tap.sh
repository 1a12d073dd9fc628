# tap.sh — what the TAP test scripts share (sourced: . tests/tap.sh).
#
# ok / notok print a numbered TAP line and count failures; tap_end prints
# the plan and sets the status.  A sanitizer report ends the program with
# status 86 (ASan and UBSan would say 1, which is arbiter's "findings").
n=0
fails=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
notok() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $*"; }
tap_end() { echo "1..$n"; [ "$fails" -eq 0 ]; }
# tap_tmp: a temporary directory in $tmp, removed when the script ends.
tap_tmp() {
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT INT TERM
}
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}:exitcode=86"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}:halt_on_error=1:exitcode=86"
