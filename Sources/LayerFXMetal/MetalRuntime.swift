/// The only C runtime a compiled shader gets: the memory functions clang itself emits calls to
/// (a zeroed local array becomes `memset`, a large struct copy `memcpy`), and the handler its
/// check of an integer division calls when the divisor is zero, defined in the library, as the
/// link has no C library (`-nostdlib`, ``MetalCompiler/baseFlags``).
///
/// The handler (UBSan's `__ubsan_handle_divrem_overflow_minimal_abort`, which the compiler calls
/// with `-fsanitize=integer-divide-by-zero -fno-sanitize-recover -fsanitize-minimal-runtime`;
/// clang's `compiler-rt/lib/ubsan_minimal`) divides by a zero clang cannot see through, so the
/// shader ends with the SIGFPE its unchecked division raises: a zero divisor faults the same way
/// whether clang could see it at compile time or not.
///
/// Included into every translation unit (`-include`): weak, so several units of one library
/// link, hidden, so the library exports none of them, and `no_builtin`, so clang does not turn
/// their own loops back into calls of themselves. It ends by poisoning `asm`, `__asm` and
/// `__asm__` (clang's `#pragma clang poison`), so inline assembly is refused at compile time,
/// before anything loads. Source: C17 §7.24.2.1, §7.24.2.2, §7.24.4.1,
/// §7.24.6.1 (what each computes).
enum MetalRuntime {
  /// The header's name in the stand-in include folder.
  static let fileName = "lfx_runtime.h"

  /// The header's text.
  static let source = """
    // LayerFX: the memory functions clang emits calls to; nothing else of libc exists here.
    #define LFX_RUNTIME extern "C" __attribute__((weak, visibility("hidden"), no_builtin))
    typedef __SIZE_TYPE__ lfx_size;
    LFX_RUNTIME void *memcpy(void *d, const void *s, lfx_size n) {
      unsigned char *o = (unsigned char *)d;
      const unsigned char *i = (const unsigned char *)s;
      for (lfx_size k = 0; k < n; ++k) o[k] = i[k];
      return d;
    }
    LFX_RUNTIME void *memmove(void *d, const void *s, lfx_size n) {
      unsigned char *o = (unsigned char *)d;
      const unsigned char *i = (const unsigned char *)s;
      if (o < i) {
        for (lfx_size k = 0; k < n; ++k) o[k] = i[k];
      } else {
        for (lfx_size k = n; k > 0; --k) o[k - 1] = i[k - 1];
      }
      return d;
    }
    LFX_RUNTIME void *memset(void *d, int c, lfx_size n) {
      unsigned char *o = (unsigned char *)d;
      for (lfx_size k = 0; k < n; ++k) o[k] = (unsigned char)c;
      return d;
    }
    LFX_RUNTIME int memcmp(const void *a, const void *b, lfx_size n) {
      const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
      for (lfx_size k = 0; k < n; ++k) {
        if (x[k] != y[k]) return x[k] < y[k] ? -1 : 1;
      }
      return 0;
    }
    LFX_RUNTIME int bcmp(const void *a, const void *b, lfx_size n) { return memcmp(a, b, n); }
    // A zero divisor: the division itself, unchecked here, raises SIGFPE.
    LFX_RUNTIME __attribute__((noreturn, noinline, no_sanitize("integer-divide-by-zero")))
    void __ubsan_handle_divrem_overflow_minimal_abort() {
      volatile int zero = 0, one = 1;
      volatile int quotient = one / zero;
      (void)quotient;
      __builtin_trap();
    }
    #undef LFX_RUNTIME
    // Metal has no inline assembly: every later use of these names, macro-pasted ones included,
    // is an error (MetalCompiler.diagnostics names it), so no machine code of a shader's own
    // reaches the worker.
    #pragma clang poison asm __asm __asm__

    """
}
