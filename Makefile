# SPDX-License-Identifier: MIT
# The course's front door. Every target that checks calls build/bin/gpucheck and fails whenever
# it does not pass.
#
#   Each target exits with gpucheck's own status (0 pass, 1 wrong, 2 usage, 3 build failed,
#   4 crashed, 75 inconclusive, 77 no GPU: build/bin/gpucheck --help), without make's error line.
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
# make's "Entering directory" lines say nothing to a student (nor do the sub-makes' of CMake).
MAKEFLAGS += --no-print-directory
CMAKE ?= cmake
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
GPUCHECK := $(BUILD)/bin/gpucheck

.PHONY: check run hint lint list status watch reset selftest lesson-text new-lesson test test-gpu bench format lint-format help configure gpucheck
.DEFAULT_GOAL := help

help:
	@sed -n 's/^#   //p' Makefile

# Exit status: every target ends with the status of the command it ran (gpucheck's own: 77 no GPU,
# 1 wrong, 3 build failed...; gpucheck --help lists them), and make adds no "make: *** [...] Error"
# line after gpucheck's verdict. GNU make can do neither by itself (a failed recipe is always
# "Error N" and status 2), so a tiny plugin (tools/make_exit_status.c, built here on first use)
# gives it $(run-exiting COMMAND): it runs the command and ends make with its status when it fails.
# A recipe line that uses it must be the recipe's only line (make expands all of a recipe's lines
# before it runs the first). Where the plugin cannot be built (no C compiler, or another make),
# a target falls back to make's usual ending: the error line, and status 2.
EXIT_PLUGIN := $(BUILD)/make_exit_status.so
-load $(EXIT_PLUGIN)
# Written beside and renamed into place: a make that has the old one loaded keeps its own copy.
$(EXIT_PLUGIN): tools/make_exit_status.c
	@mkdir -p $(@D) && $(CC) -shared -fPIC -O2 -o $@.new $< 2>/dev/null && mv -f $@.new $@ || true
ifneq ($(filter %make_exit_status.so,$(.LOADED)),)
exiting = $(run-exiting $(1))
else
exiting = $(1)
endif

# Configure once. Later builds re-run CMake only when a CMakeLists.txt changed.
$(BUILD)/CMakeCache.txt:
	@$(call exiting,tools/ensure-deps.sh base && \
	  echo "Configuring the course with CMake (first time only)..." && \
	  { $(CMAKE) -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null || \
	    { echo "CMake could not configure the course; run: $(CMAKE) -S . -B $(BUILD)"; false; }; })

configure: $(BUILD)/CMakeCache.txt

# gpucheck itself and its tracer (tools/build-checker.sh): quiet unless it fails, so that the
# student sees only the verdict; the first build says what it is doing.
gpucheck: configure
	@$(call exiting,CMAKE="$(CMAKE)" tools/build-checker.sh $(BUILD) $(JOBS))

# A target that needs an argument says which, and ends with status 2 (usage), as gpucheck does.
missing = echo "$(1)"; $(GPUCHECK) list; exit 2

check: gpucheck
	@$(call exiting,$(GPUCHECK) check $(LESSON) $(if $(SOLUTION),--solution) \
	  $(if $(TIMEOUT),--timeout $(TIMEOUT)) $(if $(JSON),--json) \
	  $(if $(TIMELINE),--timeline $(TIMELINE)) $(if $(SANITIZE),--sanitize))

run: gpucheck
	@$(call exiting,$(if $(LESSON),$(GPUCHECK) run $(LESSON) $(if $(SOLUTION),--solution) -- $(ARGS),\
	  $(call missing,Which lesson? make run LESSON=N)))

hint: gpucheck
	@$(call exiting,$(if $(LESSON),$(GPUCHECK) hint $(LESSON) $(if $(ALL),--all),\
	  $(call missing,Which lesson? make hint LESSON=N)))

lint: gpucheck
	@$(call exiting,$(if $(FILE),$(GPUCHECK) lint $(FILE) $(if $(TIMELINE),--timeline $(TIMELINE)) \
	  $(if $(JSON),--json) -- $(ARGS),echo "Which program? make lint FILE=path/to/program.cu"; exit 2))

list: gpucheck
	@$(call exiting,$(GPUCHECK) list)

status: gpucheck
	@$(call exiting,$(GPUCHECK) status)

watch: gpucheck
	@$(call exiting,$(if $(LESSON),$(GPUCHECK) watch $(LESSON) $(if $(SOLUTION),--solution) \
	  $(if $(TIMEOUT),--timeout $(TIMEOUT)),$(call missing,Which lesson? make watch LESSON=N)))

reset: gpucheck
	@$(call exiting,$(if $(LESSON),$(GPUCHECK) reset $(LESSON) $(if $(FROM),--from $(FROM)),\
	  $(call missing,Which lesson? make reset LESSON=N)))

# 77 (sound as far as a machine without a GPU can tell) is said by gpucheck, and accepted here.
# lesson.md must also be what make lesson-text writes. Then the lessons' prose words, reported
# (issue 41's budget; the test book.prose-words enforces it).
selftest: gpucheck book-timeline
	@$(GPUCHECK) selftest $(LESSON) $(if $(STATIC),--static-only) || [ $$? -eq 77 ]
	@python3 tools/lesson_text.py --check --timeline-tool $(BUILD)/bin/book-timeline
	@python3 tools/prose_words.py

# Fills every lesson.md with its listings, recorded outputs and figures (SVGs in figures/), so that
# it reads completely in the repository; the book includes from the same anchors and data.
lesson-text: book-timeline
	@python3 tools/lesson_text.py --timeline-tool $(BUILD)/bin/book-timeline

new-lesson: gpucheck
	@$(call exiting,$(if $(and $(NUM),$(SLUG)),$(GPUCHECK) new-lesson $(NUM) $(SLUG) && \
	  python3 tools/lesson_text.py lessons/$(shell printf %02d $(NUM) 2>/dev/null)-$(SLUG),\
	  echo "Which lesson? make new-lesson NUM=10 SLUG=my-topic"; exit 2))

# tools/run-tests.sh: the build's progress on one line (its output in build/test-build.log), the
# tests in parallel, one per core (their RESOURCE_LOCKs keep apart the ones that share a lesson's
# build or the GPU); on a GPU machine the GPU tests run their quick pass (label gpu-quick; it
# leaves out gpu-slow), and make test-gpu the full one (gpu-full). Then each skipped test with its
# reason, and the install line for every missing package (book, docs, Slurm).
test: configure
	@$(call exiting,CMAKE="$(CMAKE)" tools/run-tests.sh $(BUILD) $(JOBS))

# tools/test-gpu.sh: first the tests that need a quiet GPU, one at a time; then the tests under
# load, several at a time beside one load they share (GPUCHECK_LOADED_JOBS, 3). Then where its
# time went (tools/suite_times.py: per test, and inside each GPU test its builds, its waits for the
# GPU and its checks), from its JUnit files build/test-gpu-results.xml and
# build/test-gpu-loaded-results.xml. With LESSONS, the setup test builds the grading trees of
# those lessons' classes alone.
test-gpu: configure
	@command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 || \
	  { echo "make test-gpu needs an NVIDIA GPU and its driver (nvidia-smi found none)."; exit 1; }
	@$(CMAKE) --build $(BUILD) -j $(JOBS)
	@$(call exiting,tools/test-gpu.sh $(BUILD) "$(LESSONS)")

# Timings (tools/bench.py): a table, and bench/results/<date>-<gpu>.json. ALL=1 also times make
# test, make test-gpu and make book in this tree (minutes); the GPU parts say so where there is none.
bench: gpucheck
	@$(CMAKE) --build $(BUILD) -j $(JOBS) >/dev/null
	@python3 tools/bench.py --build $(BUILD) $(if $(ALL),--make-test --make-test-gpu --make-book)

# make book, make docs
include book/book.mk

# The compile-error fixtures must keep their broken layout (their errors' line numbers are tested),
# and the held-out submissions the lines their expect lines name.
FORMAT_FILES = $(filter-out checker/tests/fixtures/lessons/90-compile-error/% \
  lessons/04-two-sync-methods/tests/class/tia/% tools/heldout/%,\
  $(shell git ls-files '*.cpp' '*.hpp' '*.cu' '*.cuh' '*.h'))
# A student's exercise.cu is checked as committed (its starter), not as the student left it.
EDITED_EXERCISES = $(shell git diff --name-only HEAD -- 'lessons/*/exercise.cu' 2>/dev/null)
format:
	@clang-format -i $(FORMAT_FILES)
lint-format:
	@$(call exiting,clang-format --dry-run -Werror $(filter-out $(EDITED_EXERCISES),$(FORMAT_FILES)) && \
	  for f in $(EDITED_EXERCISES); do git show HEAD:$$f | \
	    clang-format --dry-run -Werror --assume-filename=$$f || exit 1; done)
