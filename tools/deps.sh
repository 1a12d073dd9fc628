#!/bin/sh
# Make sure the Debian packages a step needs are present.
#   deps.sh build   compiler, pkg-config, PCRE2, libarchive, ISA-L, libzstd, libmicrohttpd, libcurl
#   deps.sh data    xz (make data: the test data stored compressed)
#   deps.sh test    the above plus xz, zstd, jq, xmllint, GNU parallel, an ssh server
#                   (tests/scale.sh starts its own on 127.0.0.1), groff, mandoc and man
#                   (the man page), Python's jsonschema with rfc3987 (the SARIF schema),
#                   valgrind, Chromium (the HTML report in a headless browser),
#                   tmux (the interactive replay driven through a terminal),
#                   stockfish (README's --engine example) and
#                   clang with its sanitizer runtime (the fuzz replays built by
#                   clang: its UBSan reports what GCC's does not)
#   deps.sh bench   the build's plus xz and pgn-extract
#   deps.sh fuzz    the build's plus xz and clang with libFuzzer (make fuzz)
#   deps.sh valgrind  the build's plus valgrind (make check-valgrind)
#   deps.sh all     everything the build, the tests and the benchmark need
# Missing packages are installed with apt-get when we run as root; otherwise
# the command to run is printed and the step fails.
set -eu

step=${1:-build}
need=""

has() { command -v "$1" >/dev/null 2>&1; }

check_build() {
    has cc || need="$need build-essential"
    has make || need="$need make"
    has pkg-config || need="$need pkg-config"
    if ! pkg-config --exists libpcre2-8 2>/dev/null; then need="$need libpcre2-dev"; fi
    if ! pkg-config --exists libarchive 2>/dev/null; then need="$need libarchive-dev"; fi
    if ! pkg-config --exists libisal 2>/dev/null; then need="$need libisal-dev"; fi
    if ! pkg-config --exists libzstd 2>/dev/null; then need="$need libzstd-dev"; fi
    if ! pkg-config --exists libmicrohttpd 2>/dev/null; then need="$need libmicrohttpd-dev"; fi
    if ! pkg-config --exists libcurl 2>/dev/null; then need="$need libcurl4-openssl-dev"; fi
}
check_data() {
    has xz || need="$need xz-utils"
}
check_test() {
    check_data
    has jq || need="$need jq"
    has zstd || need="$need zstd"            # tests/compressed.sh writes a .zst
    # tests/scale.sh: parallel --sshlogin against an ssh server it starts on 127.0.0.1
    [ -x /usr/sbin/sshd ] || need="$need openssh-server"
    has xmllint || need="$need libxml2-utils"
    parallel --version 2>/dev/null | grep -q 'GNU parallel' || need="$need parallel"
    has groff || need="$need groff-base"
    has mandoc || need="$need mandoc"
    has man || need="$need man-db"
    has valgrind || need="$need valgrind"
    has chromium || need="$need chromium fonts-dejavu-core"
    has tmux || need="$need tmux"
    # README's reconstruct example orders equal games by a UCI engine (tests/readme.sh).
    [ -x /usr/games/stockfish ] || need="$need stockfish"
    # Debian's python3 (tests/sarif.sh runs it): the SARIF schema check.
    /usr/bin/python3 -c 'import jsonschema' 2>/dev/null || need="$need python3-jsonschema"
    /usr/bin/python3 -c 'import rfc3987' 2>/dev/null || need="$need python3-rfc3987"
}
check_bench() {
    check_data
    [ -x /usr/games/pgn-extract ] || need="$need pgn-extract"
    has valgrind || need="$need valgrind"    # callgrind: instructions per ply
}

check_fuzz() {
    has clang || need="$need clang"
    if has clang && ! printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' |
        clang -x c - -fsanitize=fuzzer -o /dev/null 2>/dev/null; then
        need="$need libclang-rt-dev"
    fi
    has clang || need="$need libclang-rt-dev"
}
check_valgrind() {
    has valgrind || need="$need valgrind"
}

case "$step" in
    build) check_build ;;
    data)  check_data ;;
    fuzz)  check_build; check_data; check_fuzz ;;
    valgrind) check_build; check_valgrind ;;
    test)  check_build; check_test; check_fuzz ;;
    bench) check_build; check_bench ;;
    all)   check_build; check_test; check_fuzz; check_bench ;;
    *) echo "deps.sh: unknown step '$step'" >&2; exit 2 ;;
esac

[ -z "$need" ] && exit 0

if [ "$(id -u)" = 0 ] && has apt-get; then
    echo "deps.sh: installing:$need"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $need
else
    echo "deps.sh: missing Debian packages:$need" >&2
    echo "deps.sh: run: sudo apt-get install -y$need" >&2
    exit 1
fi
