extension StandInHeader {
  /// What `vertex`, `fragment` and `kernel` functions use beside the math, so a file that holds
  /// them beside its `[[ stitchable ]]` functions compiles (LayerFX runs only the stitchable
  /// ones): `texture2d::write` (through the texels, bounds-checked), the barriers (one thread
  /// runs a function here, so they order nothing), `discard_fragment` (it traps, which the fault
  /// guard reports, as no pipeline runs it here), and the atomic types with their `_explicit`
  /// functions on the GCC atomic built-ins.
  ///
  /// The stage attributes (`[[stage_in]]`, `[[buffer(n)]]`, `[[position]]`,
  /// `[[thread_position_in_grid]]` …) are attributes clang does not know and ignores; the
  /// qualifiers `device`, `thread`, `threadgroup` and the stage keywords are empty macros and
  /// `constant` is `const` (the prelude).
  ///
  /// Source: Metal Shading Language Specification 3.2, §5.1 (function qualifiers), §4 (address
  /// spaces), §6.9 (synchronization functions), §6.11 (fragment functions: `discard_fragment`),
  /// §6.15 (atomic functions), §6.12 (texture `write`).
  static let pipeline = #"""
    namespace metal {
    enum class mem_flags { mem_none = 0, mem_device = 1, mem_threadgroup = 2, mem_texture = 4, mem_threadgroup_imageblock = 8 };
    inline mem_flags operator|(mem_flags a, mem_flags b) { return mem_flags(int(a) | int(b)); }
    inline void threadgroup_barrier(mem_flags) {}
    inline void simdgroup_barrier(mem_flags) {}
    [[noreturn]] inline void discard_fragment() { __builtin_trap(); }

    enum memory_order { memory_order_relaxed = __ATOMIC_RELAXED, memory_order_seq_cst = __ATOMIC_SEQ_CST };
    template <typename T> struct _atomic { T value; };
    typedef _atomic<int> atomic_int;
    typedef _atomic<uint> atomic_uint;
    typedef _atomic<bool> atomic_bool;
    typedef _atomic<float> atomic_float;
    template <typename T> using atomic = _atomic<T>;
    template <typename T> inline void atomic_store_explicit(volatile _atomic<T> *o, T v, memory_order m) { __atomic_store_n(&o->value, v, int(m)); }
    template <typename T> inline T atomic_load_explicit(const volatile _atomic<T> *o, memory_order m) { return __atomic_load_n(&o->value, int(m)); }
    template <typename T> inline T atomic_exchange_explicit(volatile _atomic<T> *o, T v, memory_order m) { return __atomic_exchange_n(&o->value, v, int(m)); }
    template <typename T> inline bool atomic_compare_exchange_weak_explicit(volatile _atomic<T> *o, T *expected, T desired, memory_order s, memory_order f) {
      return __atomic_compare_exchange_n(&o->value, expected, desired, true, int(s), int(f)); }
    #define LFX_ATOMIC_FETCH(name, builtin) \
      template <typename T> inline T name(volatile _atomic<T> *o, T v, memory_order m) { return builtin(&o->value, v, int(m)); }
    LFX_ATOMIC_FETCH(atomic_fetch_add_explicit, __atomic_fetch_add)
    LFX_ATOMIC_FETCH(atomic_fetch_sub_explicit, __atomic_fetch_sub)
    LFX_ATOMIC_FETCH(atomic_fetch_and_explicit, __atomic_fetch_and)
    LFX_ATOMIC_FETCH(atomic_fetch_or_explicit, __atomic_fetch_or)
    LFX_ATOMIC_FETCH(atomic_fetch_xor_explicit, __atomic_fetch_xor)
    LFX_ATOMIC_FETCH(atomic_fetch_min_explicit, __atomic_fetch_min)
    LFX_ATOMIC_FETCH(atomic_fetch_max_explicit, __atomic_fetch_max)
    #undef LFX_ATOMIC_FETCH
    }  // namespace metal

    """#
}
