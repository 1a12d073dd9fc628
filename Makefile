# arbiter — one non-recursive GNU Makefile.
#
#   make            build ./arbiter (installs missing Debian build packages when run as root)
#   make check      build with ASan+UBSan and run every test (unit, perft, CLI, man page, test data)
#   make asan       build ./arbiter-asan (AddressSanitizer + UndefinedBehaviorSanitizer)
#   make ubsan      build ./arbiter-ubsan (UndefinedBehaviorSanitizer only)
#   make perft      perft on every reference position to its full depth (slow)
#   make bench      throughput and memory figures on the corpus, beside pgn-extract
#   make data       decompress the large test data (tests/data/*.xz) into build/data/
#   make install    PREFIX=/usr/local DESTDIR=  (the program and its man page)
#   make uninstall  PREFIX=/usr/local DESTDIR=
#   make deps       install the Debian packages the build and tests need
#   make check-valgrind  every command under valgrind (memory errors, leaks)
#   make fuzz       libFuzzer (clang) on the fuzz targets, FUZZ_TIME seconds each
#   make fuzz-coverage  the lines of src/ and notation/ the fuzz corpora reach (llvm-cov)

CC      ?= cc
PREFIX  ?= /usr/local
DESTDIR ?=

PCRE_CFLAGS := $(shell pkg-config --cflags libpcre2-8 2>/dev/null)
PCRE_LIBS   := $(shell pkg-config --libs libpcre2-8 2>/dev/null || echo -lpcre2-8)
# libarchive: compressed input (gzip, zstd, xz, bzip2, ...) and archives (zip, tar, 7-Zip).
ARCHIVE_CFLAGS := $(shell pkg-config --cflags libarchive 2>/dev/null)
ARCHIVE_LIBS   := $(shell pkg-config --libs libarchive 2>/dev/null || echo -larchive)
# gzip and zstd undone without libarchive: ISA-L inflates gzip with its
# CRC checked (libarchive does not check it) in less than half zlib's
# time; libzstd saves libarchive's copy (DESIGN.md, "Compressed input").
CODEC_LIBS     := $(shell pkg-config --libs libisal libzstd 2>/dev/null || echo -lisal -lzstd)
# GNU libmicrohttpd (watch --serve) and libcurl (watch URL) are opened
# with dlopen when they are used, not linked: their dependencies cost every
# other run some 17 ms at start.  Their headers are needed to build.
DL_LIBS        := -ldl

WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
           -Wwrite-strings -Wpointer-arith -Wformat=2 -Wvla -Werror=implicit-function-declaration
STD     := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
INC     := -Isrc -I.
OPT     ?= -O2 -g
CFLAGS  ?=
ALL_CFLAGS = $(STD) $(WARN) $(INC) $(PCRE_CFLAGS) $(ARCHIVE_CFLAGS) $(OPT) $(LTO) $(CFLAGS) -MMD -MP
LDLIBS  = $(PCRE_LIBS) $(ARCHIVE_LIBS) $(CODEC_LIBS) $(DL_LIBS) -lpthread

# Profile-guided optimisation (GCC): an instrumented build checks samples/,
# and the release objects are compiled with that profile (about 8% faster on
# the corpus; `make bench`).  PGO=0 turns it off; other compilers build
# without it.  Any source change re-runs the training (a few seconds).
CC_IS_GCC := $(shell $(CC) --version 2>/dev/null | grep -q 'Free Software Foundation' && echo 1)
PGO     ?= $(if $(CC_IS_GCC),1,0)
PGO_GEN := -fprofile-generate -fprofile-update=prefer-atomic
TRAIN   ?= samples/*.pgn
PGO_USE := -fprofile-use -fprofile-partial-training
PGO_STAMP = $(if $(filter 1,$(PGO)),build/pgo/trained)
# Link-time optimisation (GCC) lets the replay inline the chess core and
# the notation parser across files: about 3% more with the profile.
# LTO= turns it off.
LTO     ?= $(if $(CC_IS_GCC),-flto=auto)
# GCC keys the profile of a static function to the object's dump name: the
# instrumented and the final compile of a file share it (and with it the
# .gcda file under build/pgo/) while their objects live apart.
pgo_names = -dumpdir $(dir $(1)) -dumpbase $(notdir $(2))

# -Wno-format-truncation: UBSan's nonnull checks make GCC 12 warn "null
# format string" at vsnprintf(NULL, 0, fmt, ...) in util.c (a false positive).
SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
             -fno-sanitize-recover=undefined -Wno-format-truncation

# The program's modules, one .c/.h pair each (main.c excepted), found by
# glob: a new file under src/LAYER/ or notation/ is built without being named
# here (tests/layers.sh keeps the layer order of their includes).
CORE_SRCS := $(sort $(wildcard src/chess/*.c))
NOTE_SRCS := $(sort $(wildcard notation/*.c))
MAIN_SRC  := src/cli/main.c
LIB_SRCS  := $(filter-out $(MAIN_SRC),$(sort $(wildcard src/*/*.c))) $(NOTE_SRCS)

# Unit tests (tests/unit/test_*.c), each one program.
UNIT_TESTS := $(patsubst tests/unit/test_%.c,%,$(sort $(wildcard tests/unit/test_*.c)))
UNIT_BINS  := $(UNIT_TESTS:%=build/asan/tests/test_%)

# Fuzz targets (tests/fuzz/fuzz_*.c): fuzzed by libFuzzer under make fuzz,
# and their saved inputs replayed under ASan+UBSan by make check.
FUZZ_TARGETS := $(patsubst tests/fuzz/fuzz_%.c,%,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_BINS    := $(FUZZ_TARGETS:%=build/fuzz/fuzz_%)
FUZZ_REPLAYS := $(FUZZ_TARGETS:%=build/asan/tests/fuzz-replay-%)
# The same replays built by clang (ASan+UBSan, no libFuzzer): clang's UBSan
# reports what GCC's does not (a null pointer plus zero).
CLANG_REPLAYS := $(FUZZ_TARGETS:%=build/clang/tests/fuzz-replay-%)
FUZZ_CC      ?= clang
FUZZ_FLAGS   := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_TIME    ?= 60

OBJ     = $(LIB_SRCS:%.c=build/rel/%.o)
OBJ_FUZZ = $(LIB_SRCS:%.c=build/fuzz/%.o)
OBJ_CLANG = $(LIB_SRCS:%.c=build/clang/%.o)
OBJ_GEN  = $(LIB_SRCS:%.c=build/pgo/%.o) build/pgo/src/cli/main.o
OBJ_ASAN = $(LIB_SRCS:%.c=build/asan/%.o)
OBJ_UB   = $(LIB_SRCS:%.c=build/ubsan/%.o)

.PHONY: all check asan ubsan perft bench data install install-files uninstall clean deps unit cli shared-tests corpus-test fuzz fuzz-coverage check-valgrind
.DELETE_ON_ERROR:
.SECONDARY:

all: build/.deps-ok arbiter

arbiter: $(OBJ) build/rel/src/cli/main.o
	$(CC) $(OPT) $(LTO) $(CFLAGS) -o $@ $^ $(LDLIBS)

# The training run: the instrumented program checks the bundled samples
# (exit status 1: they hold planted slips) and writes one .gcda per object.
build/pgo/arbiter-gen: $(OBJ_GEN)
	$(CC) $(OPT) $(LTO) $(PGO_GEN) $(CFLAGS) -o $@ $^ $(LDLIBS)

build/pgo/trained: build/pgo/arbiter-gen $(wildcard $(TRAIN))
	find build/pgo -name '*.gcda' -delete
	build/pgo/arbiter-gen check $(TRAIN) > /dev/null 2>&1; test $$? -le 1
	build/pgo/arbiter-gen check --format=jsonl $(TRAIN) > /dev/null 2>&1; test $$? -le 1
	@touch $@

arbiter-asan: $(OBJ_ASAN) build/asan/src/cli/main.o
	$(CC) $(SAN_FLAGS) -o $@ $^ $(LDLIBS)

arbiter-ubsan: $(OBJ_UB) build/ubsan/src/cli/main.o
	$(CC) -O1 -g -fsanitize=undefined -fno-sanitize-recover=undefined -o $@ $^ $(LDLIBS)

asan: build/.deps-ok arbiter-asan
ubsan: build/.deps-ok arbiter-ubsan

build/rel/%.o: %.c $(PGO_STAMP) Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(if $(PGO_STAMP),$(PGO_USE) $(call pgo_names,build/pgo/$*.o,$<)) -c -o $@ $<

# Test tools (perft, unwin) are built optimised, without a profile.
build/rel/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The bench's own tools (tools/*.c) alike.
build/rel/tools/%.o: tools/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

build/pgo/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(PGO_GEN) $(call pgo_names,$@,$<) -c -o $@ $<

build/asan/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(INC) $(PCRE_CFLAGS) $(SAN_FLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

build/ubsan/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(INC) $(PCRE_CFLAGS) -O1 -g -fsanitize=undefined -Wno-format-truncation $(CFLAGS) -MMD -MP -c -o $@ $<

build/fuzz/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(STD) $(WARN) $(INC) $(PCRE_CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link $(CFLAGS) -MMD -MP -c -o $@ $<

build/fuzz/fuzz_%: build/fuzz/tests/fuzz/fuzz_%.o $(OBJ_FUZZ)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

build/asan/tests/fuzz-replay-%: build/asan/tests/fuzz/fuzz_%.o build/asan/tests/fuzz/replay.o $(OBJ_ASAN)
	$(CC) $(SAN_FLAGS) -o $@ $^ $(LDLIBS)

build/.deps-clang-ok:
	@sh tools/deps.sh fuzz
	@mkdir -p build && touch $@

build/clang/%.o: %.c | build/.deps-clang-ok
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(STD) $(WARN) $(INC) $(PCRE_CFLAGS) $(FUZZ_FLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

build/clang/tests/fuzz-replay-%: build/clang/tests/fuzz/fuzz_%.o build/clang/tests/fuzz/replay.o $(OBJ_CLANG)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $^ $(LDLIBS)

fuzz: build/.deps-ok data
	@sh tools/deps.sh fuzz
	$(MAKE) $(FUZZ_BINS)
	FUZZ_TIME=$(FUZZ_TIME) sh tools/fuzz.sh $(FUZZ_TARGETS)

# Coverage of the fuzz corpora (clang source-based coverage, no sanitizers).
COV_FLAGS := -O0 -g -fprofile-instr-generate -fcoverage-mapping
OBJ_COV   = $(LIB_SRCS:%.c=build/cov/%.o)
build/cov/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(STD) $(WARN) $(INC) $(PCRE_CFLAGS) $(COV_FLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

build/cov/fuzz-cov-%: build/cov/tests/fuzz/fuzz_%.o build/cov/tests/fuzz/replay.o $(OBJ_COV)
	$(FUZZ_CC) $(COV_FLAGS) -o $@ $^ $(LDLIBS)

fuzz-coverage: build/.deps-ok
	@sh tools/deps.sh fuzz
	$(MAKE) $(FUZZ_TARGETS:%=build/cov/fuzz-cov-%)
	sh tools/fuzz-coverage.sh $(FUZZ_TARGETS)

# Unit tests link the module objects directly (no main.c), under the sanitizers.
build/asan/tests/test_%: build/asan/tests/unit/test_%.o $(OBJ_ASAN)
	$(CC) $(SAN_FLAGS) -o $@ $^ $(LDLIBS)

# The perft runner is a test tool, built optimised: perft is about speed of the core.
build/perft: build/rel/tests/perft/perft.o $(CORE_SRCS:%.c=build/rel/%.o) build/rel/src/base/util.o build/rel/src/base/utf8.o
	$(CC) $(OPT) $(LTO) -o $@ $^ $(LDLIBS)

# The dead-position analysis against the labelled positions of tests/data/unwinnability.
build/unwin: build/rel/tests/dead/unwin.o $(CORE_SRCS:%.c=build/rel/%.o) build/rel/src/base/util.o build/rel/src/base/utf8.o
	$(CC) $(OPT) $(LTO) -o $@ $^ $(LDLIBS)

build/unwin-asan: build/asan/tests/dead/unwin.o $(CORE_SRCS:%.c=build/asan/%.o) build/asan/src/base/util.o build/asan/src/base/utf8.o
	$(CC) $(SAN_FLAGS) -o $@ $^ $(LDLIBS)

# The reconstruct search's bound against the true games' paths (tests/recon/bound.c).
build/recon-bound: build/rel/tests/recon/bound.o $(OBJ)
	$(CC) $(OPT) $(LTO) -o $@ $^ $(LDLIBS)

# Noisy scoresheets of corpus games with their truth (tests/recon/GENERATOR.md).
build/sheetgen: build/rel/tests/recon/sheetgen.o $(OBJ)
	$(CC) $(OPT) $(LTO) -o $@ $^ $(LDLIBS)

# The long inputs the bench times for linearity (tools/bench.sh).
build/genlong: build/rel/tools/genlong.o $(CORE_SRCS:%.c=build/rel/%.o) $(NOTE_SRCS:%.c=build/rel/%.o) build/rel/src/base/util.o build/rel/src/base/utf8.o
	$(CC) $(OPT) $(LTO) -o $@ $^ $(LDLIBS)

# The least a check of every move costs with this chess core (tools/floor.c).
build/floor: build/rel/tools/floor.o $(CORE_SRCS:%.c=build/rel/%.o) build/rel/src/base/util.o build/rel/src/base/utf8.o
	$(CC) $(OPT) $(LTO) -o $@ $^ $(LDLIBS)

build/rssmax: tools/rssmax.c
	@mkdir -p build
	$(CC) $(STD) $(WARN) -O2 -o $@ $<

# The test data (tests/data/README.md): a test reads a file tests/data/SUB
# where it is, and the one stored compressed, tests/data/SUB.xz, at
# build/data/SUB; `make data` (a step of check, bench and fuzz) writes them.
DATA_XZ := $(wildcard tests/data/*.xz tests/data/*/*.xz tests/data/*/*/*.xz)
DATA    := $(DATA_XZ:tests/data/%.xz=build/data/%)

data: $(DATA)

build/data/%: tests/data/%.xz | build/.deps-data-ok
	@mkdir -p $(dir $@)
	xz -dc $< > $@.tmp && mv $@.tmp $@

build/.deps-data-ok:
	@mkdir -p build
	@sh tools/deps.sh data
	@touch $@

# Debian packages: installed when missing and we are root, else the command is printed.
build/.deps-ok:
	@mkdir -p build
	@sh tools/deps.sh build
	@touch $@

deps:
	@sh tools/deps.sh all

# Test scripts, found by glob: every tests/*.sh and tests/*/*.sh is a test
# (it prints TAP) except the runner, its TAP helpers, and the tools that
# make bench and people run by hand.  A new script is run without being
# named here; one that is not a test fails there for printing no plan.
NOT_TESTS    := tests/run.sh tests/tap.sh tests/recon/bench.sh tests/recon/eval.sh tests/recon/hcs.sh \
                tests/html/findings2000.sh
TEST_SCRIPTS := tests/layers.sh $(filter-out $(NOT_TESTS) tests/layers.sh,$(sort $(wildcard tests/*.sh tests/*/*.sh)))

check: build/.deps-ok data arbiter arbiter-asan $(UNIT_BINS) $(FUZZ_REPLAYS) $(CLANG_REPLAYS) build/perft build/unwin build/unwin-asan \
       build/recon-bound build/rssmax
	@sh tools/deps.sh test
	ARBITER=./arbiter-asan ARBITER_REL=./arbiter PERFT=build/perft RSSMAX=build/rssmax \
	    UNWIN=build/unwin UNWIN_ASAN=build/unwin-asan RECON_BOUND=build/recon-bound \
	    sh tests/run.sh $(UNIT_BINS) $(FUZZ_REPLAYS) $(CLANG_REPLAYS) $(TEST_SCRIPTS)

# The program under valgrind (memcheck, leaks): every command on samples,
# edge-case files and malformed input (tests/valgrind.sh).
check-valgrind: build/.deps-ok arbiter
	@sh tools/deps.sh valgrind
	ARBITER=./arbiter sh tests/run.sh tests/valgrind.sh

perft: build/perft
	build/perft --full tests/data/perft/standard.epd tests/data/perft/chess960.epd

# Positions of each labelled set arbiter position is timed on, quick and
# full (the timeout lists: four times as many); CHA=/path/to/cha puts the
# Chess Unwinnability Analyzer's figures beside them (tools/dead-bench.sh).
DEAD_BENCH_N ?= 300
CHA ?=

bench: build/.deps-ok data arbiter build/rssmax build/unwin build/genlong build/floor
	@sh tools/deps.sh bench
	sh tools/bench.sh
	build/unwin --budget=36000 --explore=6000 --flagged build/data/unwinnability/d3chess-unfair-lichess-timeouts-2022-05.txt
	build/unwin --budget=36000 --explore=6000 --timeouts build/data/unwinnability/d3chess-lichess-30K-timeouts.txt
	ARBITER=./arbiter CHA="$(CHA)" DEAD_BENCH_N=$(DEAD_BENCH_N) sh tools/dead-bench.sh
	ARBITER=./arbiter sh tests/recon/bench.sh
	ARBITER=./arbiter sh tests/recon/hcs.sh

# The program and its manual page.  install-files copies them as they are,
# building nothing (tests/man.sh uses it when ./arbiter is not up to date).
MANDIR  ?= $(PREFIX)/share/man
define install_files
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(PREFIX)/share/arbiter
	install -m 755 arbiter $(DESTDIR)$(PREFIX)/bin/arbiter
	install -m 644 man/arbiter.1 $(DESTDIR)$(MANDIR)/man1/arbiter.1
	install -m 644 tools/merge-shards.jq $(DESTDIR)$(PREFIX)/share/arbiter/merge-shards.jq
endef

install: arbiter
	$(install_files)

install-files:
	$(install_files)

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/arbiter $(DESTDIR)$(MANDIR)/man1/arbiter.1 \
	    $(DESTDIR)$(PREFIX)/share/arbiter/merge-shards.jq
	-rmdir $(DESTDIR)$(PREFIX)/share/arbiter 2>/dev/null

clean:
	rm -rf build arbiter arbiter-asan arbiter-ubsan

-include $(shell find build -name '*.d' 2>/dev/null)
