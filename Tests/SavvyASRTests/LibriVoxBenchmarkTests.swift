import Foundation
import SavvyASR
import XCTest

/// WER and real-time factor on Debian's pocketsphinx-testdata LibriVox sentences.
///
/// A measurement, not a unit test: it runs only when `SAVVY_ASR_BENCH=1` (see
/// `bench/asr_bench.sh`) because it takes minutes. When it runs it prints one line per engine
/// variant and fails if an engine is far worse than measured when the engines were wired up.
final class LibriVoxBenchmarkTests: XCTestCase {
    static let directory = "/usr/share/pocketsphinx/test/data/librivox"

    func testLibriVoxWERAndSpeed() throws {
        guard ProcessInfo.processInfo.environment["SAVVY_ASR_BENCH"] == "1" else {
            throw XCTSkip("set SAVVY_ASR_BENCH=1 (or run bench/asr_bench.sh) to measure WER and speed")
        }
        let transcription = Self.directory + "/transcription"
        guard FileManager.default.fileExists(atPath: transcription) else {
            throw XCTSkip("install pocketsphinx-testdata for the LibriVox sentences")
        }
        // Lines look like "<s> words … </s> (file-id)".
        let references: [(id: String, words: [String])] = try String(contentsOfFile: transcription, encoding: .utf8)
            .split(separator: "\n")
            .compactMap { line in
                guard let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")") else { return nil }
                let id = String(line[line.index(after: open)..<close])
                let words = line[..<open].split(separator: " ").map(String.init).filter { $0 != "<s>" && $0 != "</s>" }
                return (id, words)
            }
        let audio = try references.map { try AudioTools.load16k("\(Self.directory)/\($0.id).wav") }
        let audioSeconds = audio.map { Double($0.count) / 16_000 }.reduce(0, +)
        let referenceWords = references.map(\.words.count).reduce(0, +)

        var variants: [(name: String, transcriber: any Transcriber, maximumWER: Double)] = [
            ("pocketsphinx", try PocketSphinxTranscriber(), 0.40),
            ("pocketsphinx-fast", try PocketSphinxTranscriber(configuration: .init(fastSearch: true)), 0.45),
            ("pocketsphinx-noboost", try PocketSphinxTranscriber(configuration: .init(fillerBoost: false)), 0.40),
        ]
        var whisperConfiguration = WhisperConfiguration(environment: ProcessInfo.processInfo.environment)
        if let whisper = try? WhisperTranscriber(configuration: whisperConfiguration) {
            try whisper.start()
            variants.append(("whisper-1thread", whisper, 0.15))
            whisperConfiguration.cpuThreads = 2
            let twoThreads = try WhisperTranscriber(configuration: whisperConfiguration)
            try twoThreads.start()
            variants.append(("whisper-2threads", twoThreads, 0.15))
        } else {
            print("bench: whisper not installed (set SAVVY_VENV); measuring pocketsphinx only")
        }

        print("bench: \(references.count) sentences, \(referenceWords) words, \(String(format: "%.1f", audioSeconds)) s of audio")
        for variant in variants {
            var errors = 0
            var seconds = 0.0
            for (reference, samples) in zip(references, audio) {
                let started = DispatchTime.now().uptimeNanoseconds
                let transcript = try variant.transcriber.transcribe(samples: samples, sampleRate: 16_000)
                seconds += Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                errors += WordErrorRate.errors(
                    reference: WordErrorRate.normalise(reference.words.joined(separator: " ")),
                    hypothesis: WordErrorRate.normalise(transcript.text)
                )
            }
            let wer = Double(errors) / Double(referenceWords)
            print(String(format: "bench: %-22@ WER %5.1f%% (%d/%d)  RTF %.3f (%.1f s wall)",
                         variant.name as NSString, wer * 100, errors, referenceWords, seconds / audioSeconds, seconds))
            XCTAssertLessThanOrEqual(wer, variant.maximumWER, variant.name)
        }
    }
}
