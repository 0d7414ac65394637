/* Only the header matters: LLVMFuzzerRunDriver comes with -sanitize=fuzzer. */
