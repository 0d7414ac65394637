#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/* libFuzzer's driver, for programs that keep their own main (SwiftPM renames an executable's
 * entry point and aliases main to it, so libFuzzer's main is never linked). */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
