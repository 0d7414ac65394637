# Conveniences around SwiftPM. The README's two commands (scripts/run-board, scripts/test) need
# nothing but this checkout; these targets assume scripts/setup has run.

PREFIX ?= /usr/local
# The build to install: release (default) or debug; or name a ready binary with BINARY=.
CONFIGURATION ?= release
BINARY ?=
BINDIR = $(DESTDIR)$(PREFIX)/bin
DATADIR = $(DESTDIR)$(PREFIX)/share

.PHONY: build test bench clean install uninstall

build:
	swift build -c $(CONFIGURATION) --product photoboard-x11

# Installs the board, its sample photos, a desktop entry ("Open with" in file managers), an icon and
# the MIME type of board documents (NAME.photoboard).
install: $(if $(BINARY),,build)
	install -d $(BINDIR) $(DATADIR)/photoboard-x11/assets $(DATADIR)/applications $(DATADIR)/icons/hicolor/scalable/apps $(DATADIR)/mime/packages
	install -m 755 "$(or $(BINARY),$$(swift build -c $(CONFIGURATION) --show-bin-path)/photoboard-x11)" $(BINDIR)/photoboard-x11
	install -m 644 assets/*.png assets/*.jpg assets/SOURCES.md $(DATADIR)/photoboard-x11/assets/
	install -m 644 data/photoboard-x11.desktop $(DATADIR)/applications/photoboard-x11.desktop
	install -m 644 data/photoboard-x11.svg $(DATADIR)/icons/hicolor/scalable/apps/photoboard-x11.svg
	install -m 644 data/photoboard-x11-mime.xml $(DATADIR)/mime/packages/photoboard-x11.xml
	-command -v update-desktop-database >/dev/null && update-desktop-database -q $(DATADIR)/applications
	-command -v update-mime-database >/dev/null && update-mime-database $(DATADIR)/mime

uninstall:
	rm -f $(BINDIR)/photoboard-x11 $(DATADIR)/applications/photoboard-x11.desktop $(DATADIR)/icons/hicolor/scalable/apps/photoboard-x11.svg
	rm -f $(DATADIR)/mime/packages/photoboard-x11.xml
	rm -rf $(DATADIR)/photoboard-x11
	-command -v update-desktop-database >/dev/null && update-desktop-database -q $(DATADIR)/applications
	-command -v update-mime-database >/dev/null && update-mime-database $(DATADIR)/mime

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
# (LeakSanitizer reports at exit); MINUTES=10 by default. The gestures come from SEED (printed
# with the figures and in any failure; the same seed replays the same gestures). Record the
# figures in RELIABILITY.md.
MINUTES ?= 10
SEED ?= 1
.PHONY: soak
soak:
	./scripts/setup test
	swift build --build-path .build-asan -Xswiftc -sanitize=address --product photoboard-x11
	swift build -c release --product photoboard-bench
	LSAN_OPTIONS="suppressions=$(CURDIR)/scripts/lsan.supp" ASAN_OPTIONS="detect_leaks=1:fast_unwind_on_malloc=0" .build/release/photoboard-bench --only soak --minutes $(MINUTES) --seed $(SEED) --binary .build-asan/debug/photoboard-x11
