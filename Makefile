# SPDX-License-Identifier: MIT
# The course's front door. Every target that checks calls build/bin/gpucheck and fails whenever
# it does not pass (gpucheck's own exit codes: build/bin/gpucheck --help).
#
#   make check LESSON=4 [SOLUTION=1] [TIMEOUT=60] [JSON=1] [TIMELINE=out.svg] [SANITIZE=1]
#                                                          check your exercise (or the reference)
#   make run LESSON=4 [SOLUTION=1] [ARGS="2000"]           run the lesson's experiment
#   make hint LESSON=4 [ALL=1]                             the next hint (or all of them)
#   make status                                            every lesson: passed, failing, not started
#   make check                                             (no LESSON) the first lesson not passed yet
#   make watch LESSON=4                                    check again at every save; Ctrl-C stops
#   make reset LESSON=4 [FROM=rev]                         the starter back (yours kept in .gpucheck/backups)
#   make selftest [LESSON=4] [STATIC=1]                    authors: every lesson sound, starters fail, solutions pass
#   make new-lesson NUM=10 SLUG=my-topic                   authors: the scaffold of a new lesson
#   make lesson-text                                       authors: fill lesson.md's listings, outputs, figures
#   make lint FILE=prog.cu [ARGS="..."] [TIMELINE=out.svg]  find timing mistakes in any CUDA program
#                                                          (FILE=script.py: run with python3)
#   make list                                              the lessons
#   make book [EDITION=instructor] [LANG=zh]               the course as PDF, HTML, EPUB (build/book); LANG=zh in Chinese
#   make docs                                              API docs (build/docs/html)
#   make test                                              every test this machine can run (a quick GPU pass where there is a GPU)
#   make test-gpu [LESSONS="05 06"]                        the full GPU tests (needs an NVIDIA GPU); LESSONS: those lessons' and the shared ones
#   make bench [ALL=1]                                     timings: edit to verdict, overheads, fidelity (bench/results)
#   make format / make lint-format                         clang-format the sources / check them

BUILD ?= build
CMAKE ?= cmake
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
GPUCHECK := $(BUILD)/bin/gpucheck

.PHONY: check run hint lint list status watch reset selftest lesson-text new-lesson test test-gpu bench format lint-format help configure gpucheck
.DEFAULT_GOAL := help

help:
	@sed -n 's/^#   //p' Makefile

# gpucheck has already said what happened when it fails; make's own line after it
# ("make: *** [Makefile:52: check] Error 77") would read as a second failure. So a recipe that
# fails ends with $(quiet_failure): it keeps the status in $(BUILD)/last-exit-status and ends make
# with SIGPIPE, which neither make nor the shell reports. make then exits 141 (a failure); the
# status gpucheck gave (77: no GPU, ...) is in that file. QUIET_FAILURE=0 keeps make's own ending.
QUIET_FAILURE ?= 1
ifeq ($(QUIET_FAILURE),1)
quiet_failure = s=$$?; [ $$s -eq 0 ] || { mkdir -p $(BUILD); echo $$s > $(BUILD)/last-exit-status; \
  kill -PIPE $$PPID; exit $$s; }
else
quiet_failure = exit $$?
endif

# Configure once. Later builds re-run CMake only when a CMakeLists.txt changed.
$(BUILD)/CMakeCache.txt:
	@tools/ensure-deps.sh base; $(quiet_failure)
	@echo "Configuring the course with CMake (first time only)..."
	@$(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null || \
	  { echo "CMake could not configure the course; run: $(CMAKE) -S . -B $(BUILD)"; false; }; \
	  $(quiet_failure)

configure: $(BUILD)/CMakeCache.txt

# gpucheck itself and its tracer; quiet unless it fails, so that the student sees only the verdict.
# The first build takes minutes (about 4.5 CPU-minutes): it says so. A rebuild (after a git pull)
# says so only when it takes more than 3 s. When no file of the checker or of the build's
# definition is newer than the last build's stamp, make's own walk through gpucheck's targets (a
# second of the student's edit-to-verdict loop) is skipped.
GPUCHECK_MINUTES = $(shell expr 270 / $(JOBS) / 60 + 1)
GPUCHECK_STAMP := $(BUILD)/gpucheck-built.stamp
gpucheck: configure
	@if [ -x $(GPUCHECK) ] && [ -f $(GPUCHECK_STAMP) ] && [ -z "$$(find checker cmake \
	  CMakeLists.txt lessons/common $(wildcard lessons/*/words.*.json) $(BUILD)/CMakeCache.txt -newer $(GPUCHECK_STAMP) -print -quit)" ]; \
	  then exit 0; fi; \
	  if [ -x $(GPUCHECK) ]; then ( sleep 3; echo "Rebuilding the checker (its sources changed)..." ) & \
	  else echo "Building the checker, gpucheck (first time only; about $(GPUCHECK_MINUTES) min on $(JOBS) cores)..."; fi; \
	  notice=$$!; \
	  $(CMAKE) --build $(BUILD) --target gpucheck gputrace -j $(JOBS) > $(BUILD)/gpucheck-build.log 2>&1; \
	  s=$$?; [ -z "$$notice" ] || kill $$notice 2>/dev/null; \
	  [ $$s -eq 0 ] || { cat $(BUILD)/gpucheck-build.log; echo "gpucheck itself did not build (log above)."; false; }; \
	  s=$$?; [ $$s -ne 0 ] || touch $(GPUCHECK_STAMP); (exit $$s); $(quiet_failure)

check: gpucheck
	@$(GPUCHECK) check $(LESSON) $(if $(SOLUTION),--solution) $(if $(TIMEOUT),--timeout $(TIMEOUT)) \
	  $(if $(JSON),--json) $(if $(TIMELINE),--timeline $(TIMELINE)) $(if $(SANITIZE),--sanitize); \
	  $(quiet_failure)

run: gpucheck
	@$(if $(LESSON),,echo "Which lesson? make run LESSON=N"; $(GPUCHECK) list; exit 2)
	@$(GPUCHECK) run $(LESSON) $(if $(SOLUTION),--solution) -- $(ARGS); $(quiet_failure)

hint: gpucheck
	@$(if $(LESSON),,echo "Which lesson? make hint LESSON=N"; $(GPUCHECK) list; exit 2)
	@$(GPUCHECK) hint $(LESSON) $(if $(ALL),--all); $(quiet_failure)

lint: gpucheck
	@$(if $(FILE),,echo "Which program? make lint FILE=path/to/program.cu"; exit 2)
	@$(GPUCHECK) lint $(FILE) $(if $(TIMELINE),--timeline $(TIMELINE)) $(if $(JSON),--json) -- $(ARGS); \
	  $(quiet_failure)

list: gpucheck
	@$(GPUCHECK) list

status: gpucheck
	@$(GPUCHECK) status

watch: gpucheck
	@$(if $(LESSON),,echo "Which lesson? make watch LESSON=N"; $(GPUCHECK) list; exit 2)
	@$(GPUCHECK) watch $(LESSON) $(if $(SOLUTION),--solution) $(if $(TIMEOUT),--timeout $(TIMEOUT)); \
	  $(quiet_failure)

reset: gpucheck
	@$(if $(LESSON),,echo "Which lesson? make reset LESSON=N"; $(GPUCHECK) list; exit 2)
	@$(GPUCHECK) reset $(LESSON) $(if $(FROM),--from $(FROM)); $(quiet_failure)

# 77 (sound as far as a machine without a GPU can tell) is said by gpucheck, and accepted here.
# lesson.md must also be what make lesson-text writes.
selftest: gpucheck book-timeline
	@$(GPUCHECK) selftest $(LESSON) $(if $(STATIC),--static-only) || [ $$? -eq 77 ]
	@python3 tools/lesson_text.py --check --timeline-tool $(BUILD)/bin/book-timeline

# Fills every lesson.md with its listings, recorded outputs and figures (SVGs in figures/), so that
# it reads completely in the repository; the book includes from the same anchors and data.
lesson-text: book-timeline
	@python3 tools/lesson_text.py --timeline-tool $(BUILD)/bin/book-timeline

new-lesson: gpucheck
	@$(if $(and $(NUM),$(SLUG)),,echo "Which lesson? make new-lesson NUM=10 SLUG=my-topic"; exit 2)
	@$(GPUCHECK) new-lesson $(NUM) $(SLUG); $(quiet_failure)
	@python3 tools/lesson_text.py lessons/$$(printf %02d $(NUM))-$(SLUG)

# As root, first installs what the book's and the docs' tests need (as make check does for its
# own); elsewhere those tests are skipped (CTest's "Skipped", exit 77), and the install line is
# printed at the end. The tests run in parallel, one per core (their RESOURCE_LOCKs keep apart the
# ones that share a lesson's build or the GPU); on a GPU machine the GPU tests run their quick pass
# (label gpu-quick; it leaves out gpu-slow), and make test-gpu the full one (gpu-full).
test: configure
	@if [ "$$(id -u)" = 0 ]; then tools/ensure-deps.sh book docs || true; fi
	@$(CMAKE) --build $(BUILD) -j $(JOBS)
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE gpu-slow; s=$$?; cd $(CURDIR); \
	  tools/ensure-deps.sh --check book docs >/dev/null 2>&1 || \
	  { echo "Skipped here: the tests of the book and the API docs. To run them:"; \
	    tools/ensure-deps.sh --check book docs 2>&1 | tail -n 1; }; exit $$s

test-gpu: configure
	@command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 || \
	  { echo "make test-gpu needs an NVIDIA GPU and its driver (nvidia-smi found none)."; exit 1; }
	@$(CMAKE) --build $(BUILD) -j $(JOBS)
	@labels='.*'; if [ -n "$(LESSONS)" ]; then labels='^(gpu-shared'; \
	  for n in $(LESSONS); do labels="$$labels|lesson-$$(printf %02d "$$(expr "$$n" + 0)")"; done; \
	  labels="$$labels)$$"; fi; \
	  cd $(BUILD) && ctest --output-on-failure -L gpu-full -L "$$labels"

# Timings (tools/bench.py): a table, and bench/results/<date>-<gpu>.json. ALL=1 also times make
# test, make test-gpu and make book in this tree (minutes); the GPU parts say so where there is none.
bench: gpucheck
	@$(CMAKE) --build $(BUILD) -j $(JOBS) >/dev/null
	@python3 tools/bench.py --build $(BUILD) $(if $(ALL),--make-test --make-test-gpu --make-book)

# make book, make docs
include book/book.mk

# The compile-error fixtures must keep their broken layout (their errors' line numbers are tested).
FORMAT_FILES = $(filter-out checker/tests/fixtures/lessons/90-compile-error/% \
  lessons/04-two-sync-methods/tests/class/tia/%,\
  $(shell git ls-files '*.cpp' '*.hpp' '*.cu' '*.cuh' '*.h'))
format:
	@clang-format -i $(FORMAT_FILES)
lint-format:
	@clang-format --dry-run -Werror $(FORMAT_FILES)
