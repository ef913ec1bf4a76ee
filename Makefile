# Every package is found by glob: a new package under Packages/ needs no edit here.
SHELL := /bin/bash
PACKAGES := $(patsubst %/Package.swift,%,$(sort $(wildcard Packages/*/Package.swift)))
ALL_PACKAGES := $(PACKAGES) App Tools
SWIFT_SOURCES := Package.swift Packages App Tools
APP_ARGS ?=

.DEFAULT_GOAL := help
.PHONY: help build test test-packages lint format run bench graph check-graph feature docs docs-check check-api check-consumer check-instructions check-exclusivity check-scripts tags clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

build: ## Build every package (Packages/*, App, Tools)
	@set -e; for package in $(ALL_PACKAGES); do \
	  echo "==> swift build  $$package"; swift build --package-path $$package; done

test: test-packages check-graph lint check-names check-hosts docs-check docs ## Test every package; check the graph, the format, Core's file names, the two hosts' surface, the docs' samples, the DocC catalogs

test-packages: ## Run `swift test` in every package, two at a time (TEST_JOBS=1 for one after the other)
	@Tools/Scripts/test-packages.sh $(ALL_PACKAGES)

.PHONY: check-names
check-names: ## Check that Core's sources declare one main type per file, named after it, and that every Impl package has the same folders
	@python3 Tools/Scripts/check-file-names.py --strict Packages/Core/Sources
	@python3 Tools/Scripts/check-impl-layout.py Packages

.PHONY: check-hosts
check-hosts: ## Check that Store and ActorStore offer one public surface (StoreHost)
	@python3 Tools/Scripts/check-store-hosts.py

lint: ## Check formatting with swift format (no changes)
	@swift format lint --strict --recursive --parallel $(SWIFT_SOURCES)
	@echo "format: clean"

format: ## Format every Swift file in place
	@swift format format --in-place --recursive --parallel $(SWIFT_SOURCES)

run: ## Build and run the terminal app (pass arguments with APP_ARGS="...")
	@swift run --package-path App todo $(APP_ARGS)

# `make install`: GNU's variables. SwiftPM's `Bundle.module` finds a module's resources in a bundle
# beside the executable (InspectorPage's page, which `todo --inspect` serves), so it goes into bin/ too:
# `.resources` on Linux, `.bundle` on macOS.
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
CONFIGURATION ?= release
APP_BUNDLES := InspectorPage_InspectorPage
# SwiftPM rebuilds part of the app (up to a minute in release) when its environment changes: the
# variables of make and of this install stay out of it, so installing to a second PREFIX builds nothing.
SWIFT_BUILD_ENV := env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKE_TERMOUT -u MAKE_TERMERR \
  -u PREFIX -u DESTDIR -u CONFIGURATION

.PHONY: install
install: ## Build the app in release and install `todo` in PREFIX/bin: [PREFIX=~/.local] make install (default /usr/local; DESTDIR too)
	@install -d "$(BINDIR)" 2>/dev/null && test -w "$(BINDIR)" || { \
	  echo "make install: cannot write to $(BINDIR); choose a PREFIX you can write to (PREFIX=~/.local make install)" >&2; exit 1; }
	@$(SWIFT_BUILD_ENV) swift build -c $(CONFIGURATION) --package-path App --product todo
	@set -e; built=App/.build/$(CONFIGURATION); \
	install -m 755 "$$built/todo" "$(BINDIR)/todo"; \
	for name in $(APP_BUNDLES); do \
	  bundle=$$(cd "$$built" && ls -d "$$name.resources" "$$name.bundle" 2>/dev/null) || true; \
	  test -n "$$bundle" || { echo "make install: $$built has no resource bundle $$name" >&2; exit 1; }; \
	  rm -rf "$(BINDIR)/$$bundle"; \
	  (cd "$$built" && find "$$bundle" -type d) | while read -r folder; do install -d "$(BINDIR)/$$folder"; done; \
	  (cd "$$built" && find "$$bundle" -type f) | while read -r file; do install -m 644 "$$built/$$file" "$(BINDIR)/$$file"; done; \
	done; \
	echo "installed $(BINDIR)/todo"

.PHONY: uninstall
uninstall: ## Remove what `make install` installed (same PREFIX and DESTDIR)
	@rm -f "$(BINDIR)/todo"
	@for name in $(APP_BUNDLES); do rm -rf "$(BINDIR)/$$name.resources" "$(BINDIR)/$$name.bundle"; done
	@echo "removed $(BINDIR)/todo"

.PHONY: check-install
check-install: ## `make install` into a temporary PREFIX, a session of the installed app from another folder, `make uninstall` (CONFIGURATION=debug reuses the debug build)
	@python3 Tools/Scripts/check-install.py --configuration $(CONFIGURATION)

.PHONY: inspect
inspect: ## Build and run the terminal app with the inspector: open the printed address in a browser
	@swift run --package-path App todo --inspect $(APP_ARGS)

.PHONY: inspector-e2e
inspector-e2e: ## The inspector, and the page `trace html` writes, in headless Chromium against `todo --inspect` (needs chromium, chromium-driver, selenium)
	@swift build --package-path App
	@swift build --package-path Tools --product trace
	@python3 Tools/Scripts/inspector-e2e.py --app App/.build/debug/todo --trace-tool Tools/.build/debug/trace \
	  $(if $(SCREENSHOT),--screenshot $(SCREENSHOT))

bench: ## Run the benchmarks (release build; takes a few minutes)
	@cd Tools/Benchmarks && swift package --allow-writing-to-package-directory benchmark

.PHONY: fuzz
fuzz: ## Fuzz every parser of outside input with libFuzzer and ASan: make fuzz [FUZZ_SECONDS=30] [FUZZ_TARGETS="CSVReaderFuzzer …"]
	@FUZZ_SECONDS=$(or $(FUZZ_SECONDS),30) FUZZ_TARGETS="$(FUZZ_TARGETS)" Tools/Scripts/fuzz.sh

.PHONY: bench-import
bench-import: ## The store's CSV import beside the sqlite3 shell's own, same file, same run (needs sqlite3)
	@Tools/Scripts/bench-import.sh

.PHONY: bench-page
bench-page: ## One page of a listing read from SQLite at a million items, beside the sqlite3 shell (needs sqlite3)
	@Tools/Scripts/bench-page.sh

.PHONY: bench-numbers
bench-numbers: ## What keeping a listing's numbers in SQLite costs at a million items, timed by the sqlite3 shell
	@Tools/Scripts/bench-numbers.sh

.PHONY: bench-inspector
bench-inspector: ## The inspector's cost: bench-trace's session untraced, traced and inspected; peak memory with a stalled page
	@swift build -c release --package-path App --product todo > /dev/null
	@swift build -c release --package-path Tools/Benchmarks --product ImportTiming > /dev/null
	@python3 Tools/Scripts/bench-inspector.py --app App/.build/release/todo \
	  --generator Tools/Benchmarks/.build/release/ImportTiming

.PHONY: bench-export
bench-export: ## The store's CSV export of a million items beside the sqlite3 shell's .mode csv (needs sqlite3)
	@Tools/Scripts/bench-export.sh

.PHONY: bench-trace
bench-trace: ## Tracing a session of a user with 265,000 items beside it untraced, same run, and its replay
	@Tools/Scripts/bench-trace.sh

graph: ## Regenerate docs/dependency-graph.* and its copies in docs/architecture.md and README.md (exit 1 if the SVG goes stale without Graphviz)
	@swift run --package-path Tools depgraph generate --root .

check-graph: ## Check the dependency rules and that the committed graph is current
	@swift run --package-path Tools depgraph check --root .

feature: ## Scaffold a feature and wire it into App/: make feature NAME=Payments [AFTER=Todo | FIRST=1] [PRINT_ONLY=1]
	@test -n "$(NAME)" || { echo "usage: make feature NAME=<FeatureName> [AFTER=<Feature> | FIRST=1] [PRINT_ONLY=1]"; exit 2; }
	@swift run --package-path Tools depgraph scaffold $(NAME) $(if $(PRINT_ONLY),--print-only) $(if $(AFTER),--after $(AFTER)) $(if $(FIRST),--first) --root .

.PHONY: trace
trace: ## Show a trace as a causal tree: make trace FILE=session.jsonl [TRACE_ARGS=--summary]
	@test -n "$(FILE)" || { echo "usage: make trace FILE=<trace.jsonl> [TRACE_ARGS=\"--summary --feature Todo\"]"; exit 2; }
	@swift run --package-path Tools trace show $(FILE) $(TRACE_ARGS)

docs: ## Build the DocC catalogs of Core, CoreTesting and Tracing (warnings fail the build)
	@cd Packages/Core && swift package generate-documentation --warnings-as-errors \
	  --target Core --target CoreTesting --target Tracing

docs-check: ## Compile every Swift sample of README.md and docs/*.md and run their tests
	@python3 Tools/Scripts/check-doc-samples.py

check-api: ## Compare the public API with the newest release of CHANGELOG.md; fail on a break it does not declare
	@python3 Tools/Scripts/check-api.py

check-consumer: ## A package outside the repository builds the counter against the newest release, then HEAD, by URL
	@Tools/Scripts/check-consumer.sh

check-exclusivity: ## Core's tests with run-time exclusivity checks on every property, the five unchecked ones too (minutes)
	@Tools/Scripts/check-exclusivity.sh

check-instructions: ## The instruction-count gate: callgrind figures against Tools/Benchmarks/instruction-budget.json (needs valgrind)
	@python3 Tools/Scripts/check-instructions.py

check-scripts: ## Test the release and gate scripts (E2E=1 adds check-api on an injected break, in a clone; minutes)
	@python3 -m unittest discover -s Tools/Scripts/tests -p 'test_*.py'
	@if [ -n "$(E2E)" ]; then python3 -m unittest discover -s Tools/Scripts/tests -p 'e2e_*.py'; fi

tags: ## Create the missing release tags from CHANGELOG.md's release record (never moves a tag)
	@python3 Tools/Scripts/releases.py tags

clean: ## Remove every package's .build folder (and the root manifest's)
	@rm -rf .build $(addsuffix /.build,$(ALL_PACKAGES)) Tools/Benchmarks/.build Tools/Fuzz/.build docs/Samples/.build
