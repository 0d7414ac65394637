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

# A long session of random gestures on the Xorg harness with a sanitizer build of the board
# (LeakSanitizer reports at exit); MINUTES=10 by default. Record the figures in RELIABILITY.md.
MINUTES ?= 10
.PHONY: soak
soak:
	./scripts/setup test
	swift build --build-path .build-asan -Xswiftc -sanitize=address --product photoboard-x11
	swift build -c release --product photoboard-bench
	LSAN_OPTIONS="suppressions=$(CURDIR)/scripts/lsan.supp" .build/release/photoboard-bench --only soak --minutes $(MINUTES) --binary .build-asan/debug/photoboard-x11
