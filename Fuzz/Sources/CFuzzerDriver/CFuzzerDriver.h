// libFuzzer's driver entry point, provided by the toolchain's libclang_rt.fuzzer when linking
// with -sanitize=fuzzer. Source: LLVM libFuzzer documentation, "Using LibFuzzer as a library".
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(
    int *argc, char ***argv, int (*test_one_input)(const uint8_t *data, size_t size));
