/// Half-LSB dither for pocketsphinx's front end, with a random stream owned by one decoder.
///
/// sphinxbase's own `-dither yes` adds 1 to a sample with probability ¼, drawing from a
/// Mersenne Twister that is one global for the whole process (`genrand_int31`), seeded by every
/// `ps_init`. Two decoders on two threads (`score --jobs 2`) therefore interleave their draws and
/// reseed each other mid-utterance, and a decoder kept for a second file continues the stream
/// where the first file left it: neither gives the same bytes for the same audio. savvy turns the
/// library's dither off and applies this one to the samples before they are passed in, from a
/// stream each decoder restarts at every use. It is the same generator (MT19937, Matsumoto and
/// Nishimura 1998, `init_genrand` seeding, 31-bit draws) and the same rule, so the samples of all
/// full frames are dithered exactly as before; only the last frame of an utterance differs
/// (sphinxbase dithers its overlap a second time from the raw samples).
struct PocketSphinxDither {
    /// The seed savvy always used (`-seed 1`).
    static let seed: UInt32 = 1

    private var state = [UInt32](repeating: 0, count: 624)
    private var index = 624

    init(seed: UInt32 = PocketSphinxDither.seed) {
        state[0] = seed
        for i in 1..<624 {
            state[i] = 1_812_433_253 &* (state[i - 1] ^ (state[i - 1] >> 30)) &+ UInt32(i)
        }
    }

    /// The next 31-bit draw, as `genrand_int31()`.
    mutating func next31() -> UInt32 {
        if index >= 624 { twist() }
        var y = state[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C_5680
        y ^= (y << 15) & 0xEFC6_0000
        y ^= y >> 18
        return y >> 1
    }

    /// Adds 1 to each sample whose draw is a multiple of 4, in order; 32767 wraps to −32768 as the
    /// C front end's `int16` addition does.
    mutating func apply(to samples: inout [Int16]) {
        for i in samples.indices where next31() % 4 == 0 {
            samples[i] &+= 1
        }
    }

    private mutating func twist() {
        for i in 0..<624 {
            let y = (state[i] & 0x8000_0000) | (state[(i + 1) % 624] & 0x7FFF_FFFF)
            state[i] = state[(i + 397) % 624] ^ (y >> 1) ^ ((y & 1) == 0 ? 0 : 0x9908_B0DF)
        }
        index = 0
    }
}
