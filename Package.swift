// swift-tools-version:6.0
import PackageDescription

/// savvy: a local-first speech-practice coach.
///
/// Targets sit only at hard boundaries (a C library, a dependency direction):
/// C shims ← SavvyAudio / SavvyDSP / SavvyASR / SavvySemantic ← SavvyCoach ← SavvyStore ← SavvySession ← SavvyCLI ← savvy;
/// SavvyFileSystem (paths as bytes, plain reasons for failed file calls) sits under every module
/// that opens files.
/// SavvySession holds the score pipeline and the practice recorder, so every front end (the CLI
/// commands, the interview loop) runs one path.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// The DSP inner loops run 30–50× slower unoptimised, which would make every end-to-end test
/// that analyses a recording take minutes; they are optimised in debug builds too.
let hotLoopSettings: [SwiftSetting] = swiftSettings + [
    .unsafeFlags(["-O"], .when(configuration: .debug)),
]

func system(_ name: String, pkg: String?, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkg, providers: [.apt(apt)])
}

let package = Package(
    name: "savvy",
    products: [
        .executable(name: "savvy", targets: ["savvy"]),
    ],
    targets: [
        system("CSndfile", pkg: "sndfile", apt: ["libsndfile1-dev"]),
        system("CSoxr", pkg: "soxr", apt: ["libsoxr-dev"]),
        system("CFFTW", pkg: "fftw3", apt: ["libfftw3-dev"]),
        system("CPocketSphinx", pkg: "pocketsphinx", apt: ["libpocketsphinx-dev", "pocketsphinx-en-us"]),
        system("CSQLite", pkg: "sqlite3", apt: ["libsqlite3-dev"]),
        // No pkgConfig: libcurl is opened with dlopen when first used, not linked (see shim.h).
        system("CCurl", pkg: nil, apt: ["libcurl4-openssl-dev"]),
        system("CALSA", pkg: "alsa", apt: ["libasound2-dev"]),
        system("CEspeak", pkg: "espeak-ng", apt: ["libespeak-ng-dev"]),
        system("COpenBLAS", pkg: "openblas", apt: ["libopenblas-dev"]),

        // File paths as bytes (a name need not be UTF-8) and plain reasons for failed file calls,
        // for every module that touches files.
        .target(name: "SavvyFileSystem", swiftSettings: swiftSettings),
        .target(name: "SavvyAudio", dependencies: ["CSndfile", "CSoxr", "CALSA", "SavvyFileSystem"], swiftSettings: swiftSettings),
        // C for what Swift cannot say: AVX2 lane permutations in the CPPS medians (optimised in
        // debug builds too, as SavvyDSP is).
        .target(name: "CSavvyKernels", cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),
        .target(name: "SavvyDSP", dependencies: ["CFFTW", "CSavvyKernels"], swiftSettings: hotLoopSettings),
        .target(name: "SavvyASR", dependencies: ["CPocketSphinx", "SavvyFileSystem"], swiftSettings: swiftSettings),
        // The encoder's element-wise loops (GELU, LayerNorm, softmax) run ~20× slower unoptimised.
        .target(name: "SavvySemantic", dependencies: ["COpenBLAS", "SavvyFileSystem"], swiftSettings: hotLoopSettings),
        .target(name: "SavvyCoach", dependencies: ["SavvyDSP", "SavvyASR", "SavvySemantic", "CCurl", "SavvyFileSystem"], swiftSettings: swiftSettings),
        .target(name: "SavvyStore", dependencies: ["SavvyCoach", "CSQLite", "SavvyFileSystem"], swiftSettings: swiftSettings),
        .target(
            name: "SavvySession",
            dependencies: ["SavvyAudio", "SavvyDSP", "SavvyASR", "SavvyCoach", "SavvyStore", "SavvyFileSystem", "CEspeak"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SavvyCLI",
            dependencies: ["SavvyAudio", "SavvyDSP", "SavvyASR", "SavvySemantic", "SavvyCoach", "SavvyStore", "SavvySession",
                           "SavvyFileSystem"],
            swiftSettings: swiftSettings
        ),
        // The Swift runtime and Foundation are linked into the binary, not loaded at start: resolving
        // the symbols of their eight shared libraries took about a third of the start-up of a short
        // command (`savvy history`: 27.6 → 18.6 ms of CPU; issue 13). Foundation's own static
        // archives reference ICU, its C shims, collections and CoreFoundation without naming them
        // for the linker, so they are named here; lld (in the Swift toolchain) resolves archives
        // in any order, which the default gold linker does not.
        .executableTarget(
            name: "savvy", dependencies: ["SavvyCLI"], swiftSettings: swiftSettings,
            linkerSettings: [
                .unsafeFlags([
                    "-static-stdlib", "-use-ld=lld",
                    "-l_FoundationICU", "-l_FoundationCShims", "-l_FoundationCollections", "-lCoreFoundation",
                ]),
            ]),

        .target(name: "SavvyTestSupport", dependencies: ["SavvyAudio"], swiftSettings: swiftSettings),

        .testTarget(name: "SavvyAudioTests", dependencies: ["SavvyAudio", "SavvyTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "SavvyDSPTests", dependencies: ["SavvyDSP", "SavvyAudio", "SavvyTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "SavvyASRTests", dependencies: ["SavvyASR", "SavvyAudio", "SavvyTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SavvySemanticTests", dependencies: ["SavvySemantic", "SavvyTestSupport"],
            exclude: ["Goldens"], swiftSettings: swiftSettings),
        .testTarget(name: "SavvyCoachTests", dependencies: ["SavvyCoach", "SavvyTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "SavvyStoreTests", dependencies: ["SavvyStore", "SavvyTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "SavvySessionTests", dependencies: ["SavvySession", "SavvyTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SavvyCLITests", dependencies: ["SavvyCLI", "SavvyFileSystem", "SavvyTestSupport"],
            exclude: ["Goldens"], swiftSettings: swiftSettings),
    ]
)
