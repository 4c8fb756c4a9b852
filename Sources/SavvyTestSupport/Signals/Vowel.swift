/// Formant sets (frequency, bandwidth in Hz) of adult-male vowels (Peterson & Barney style),
/// for the resonator cascade of ``GlottalSpeech``. /i/ and /u/ put F1 near 2·F0 of a low
/// voice on purpose: a classic octave-error trap for pitch trackers.
public enum Vowel: String, Sendable, CaseIterable {
    case a, i, u, e, o

    public var formants: [(frequency: Double, bandwidth: Double)] {
        switch self {
        case .a: return [(730, 90), (1090, 110), (2440, 170), (3400, 250)]
        case .i: return [(270, 60), (2290, 100), (3010, 150), (3500, 250)]
        case .u: return [(300, 60), (870, 80), (2240, 120), (3400, 250)]
        case .e: return [(530, 70), (1840, 100), (2480, 150), (3500, 250)]
        case .o: return [(570, 80), (840, 90), (2410, 140), (3400, 250)]
        }
    }
}
