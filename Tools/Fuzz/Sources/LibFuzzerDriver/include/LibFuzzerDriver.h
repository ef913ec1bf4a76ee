#ifndef LIB_FUZZER_DRIVER_H
#define LIB_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver (compiler-rt's FuzzerInterface.h), linked in by `-sanitize=fuzzer`: it reads
// libFuzzer's options from argv and runs `callback` on every input, as libFuzzer's own `main` does.
// The fuzz targets call it from their `main.swift` because SwiftPM gives every executable a `main`
// of its own, so libFuzzer's is never linked.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
