import XCTest

@testable import SavvyASR

/// The Whisper worker's pinned kernels (`WhisperWorker.kernelSettings`): the same on every x86-64
/// CPU with AVX2 and FMA, nothing pinned elsewhere, and never over what the user set.
final class WhisperKernelSettingsTests: XCTestCase {
    func testKernelsArePinnedOnlyWhereAVX2AndFMAExist() {
        let cases: [(id: String, cpuinfo: String?, pinned: Bool)] = [
            ("zen4", "processor\t: 0\nvendor_id\t: AuthenticAMD\nflags\t\t: fpu sse2 avx fma avx2 avx512f avx512_vnni\n", true),
            ("haswell", "processor\t: 0\nflags\t\t: fpu sse2 avx fma avx2\nbugs\t\t: spectre_v1\n", true),
            ("sandybridge", "processor\t: 0\nflags\t\t: fpu sse2 avx\n", false),
            ("avx2 without fma", "flags\t\t: avx avx2\n", false),
            ("arm", "processor\t: 0\nFeatures\t: fp asimd evtstrm aes\n", false),
            ("unreadable", nil, false),
        ]
        for c in cases {
            let settings = WhisperWorker.kernelSettings(cpuFlags: WhisperWorker.cpuFlags(cpuinfo: c.cpuinfo))
            XCTAssertEqual(!settings.isEmpty, c.pinned, c.id)
            if c.pinned {
                XCTAssertEqual(settings, ["CT2_USE_MKL": "0", "CT2_FORCE_CPU_ISA": "AVX2", "ONEDNN_MAX_CPU_ISA": "AVX2",
                                          "OPENBLAS_CORETYPE": "Haswell"], c.id)
            }
        }
    }

    func testFlagsAreTheFirstCPUsWordByWord() {
        let flags = WhisperWorker.cpuFlags(cpuinfo: "flags\t\t: fpu avx2 fma\nflags\t\t: fpu\n")
        XCTAssertEqual(flags, ["fpu", "avx2", "fma"])
    }
}
