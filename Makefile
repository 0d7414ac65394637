# Conveniences around SwiftPM. The README's two commands (scripts/run-board, scripts/test) need
# nothing but this checkout; these targets assume scripts/setup has run.

PREFIX ?= /usr/local

.PHONY: build test bench clean

build:
	swift build -c release --product photoboard-x11

test:
	./scripts/test

# Benchmarks print Markdown table rows; paste them into BENCHMARKS.md with the date.
bench:
	./scripts/setup test
	swift build -c release --product photoboard-x11
	swift build -c release --product photoboard-bench
	.build/release/photoboard-bench

clean:
	rm -rf .build
