# SPDX-License-Identifier: MIT
# The book and the API reference; included by the top Makefile (include book/book.mk).
#
#   make book [EDITION=instructor]     the course as PDF, HTML and EPUB in build/book/
#   make book LANG=zh                  the Chinese edition (course-zh.*, course-instructor-zh.*)
#   make docs                          the API reference (Doxygen) in build/docs/html/

EDITION ?= student
# The book's language: LANG=zh given on make's command line (the locale's LANG in the environment
# does not choose it: `make book` is the English edition wherever it runs).
BOOK_LANG ?= $(if $(filter command line,$(origin LANG)),$(if $(filter zh%,$(LANG)),zh,en),en)
BOOK_OUT ?= $(BUILD)/book
DOCS_OUT ?= $(BUILD)/docs

.PHONY: book docs book-timeline

# The figure tool draws timelines with the renderer of gpucheck --timeline.
# A build folder configured before the book existed learns of it here.
book-timeline: configure
	@$(CMAKE) --build $(BUILD) --target help 2>/dev/null | grep -q book-timeline || \
	  $(CMAKE) -S . -B $(BUILD) > /dev/null
	@$(CMAKE) --build $(BUILD) --target book-timeline -j $(JOBS) > $(BUILD)/book-timeline-build.log 2>&1 || \
	  { cat $(BUILD)/book-timeline-build.log; echo "book-timeline did not build (log above)."; exit 1; }

book: book-timeline docs
	@tools/ensure-deps.sh book
	@LANG=C.UTF-8 python3 book/tools/build_book.py --edition $(EDITION) --lang $(BOOK_LANG) \
	  --out $(BOOK_OUT) \
	  --timeline-tool $(abspath $(BUILD))/bin/book-timeline

docs:
	@tools/ensure-deps.sh docs
	@mkdir -p $(DOCS_OUT)
	@GPUCOURSE_ROOT=$(CURDIR) GPUCOURSE_DOCS_OUT=$(abspath $(DOCS_OUT)) doxygen book/doxygen/Doxyfile && \
	  echo "docs: wrote $(DOCS_OUT)/html/index.html"
