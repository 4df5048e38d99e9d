import CLayerFXCPULevel
import Testing

/// The choice between a process's AVX-512 and AVX2 paths (`lfx_avx512_paths_allowed`): the
/// CPU's AVX-512 F and the `LAYERFX_NO_AVX512` switch, as `CLayerFXCPULevel.h` documents them.
@Suite struct AVX512PathsTests {
  @Test("a CPU with AVX-512 F takes the AVX-512 paths when the switch is unset or empty")
  func switchUnsetOrEmpty() {
    #expect(lfx_avx512_paths_allowed(1, nil) == 1)
    #expect(lfx_avx512_paths_allowed(1, "") == 1)
  }

  @Test(
    "any value of LAYERFX_NO_AVX512 forces the AVX2 paths, 0 included",
    arguments: ["1", "0", "yes"])
  func switchSet(value: String) {
    #expect(lfx_avx512_paths_allowed(1, value) == 0)
  }

  @Test("a CPU without AVX-512 F never takes the AVX-512 paths")
  func cpuWithoutAVX512() {
    #expect(lfx_avx512_paths_allowed(0, nil) == 0)
    #expect(lfx_avx512_paths_allowed(0, "") == 0)
    #expect(lfx_avx512_paths_allowed(0, "1") == 0)
  }
}
