import XCTest

@testable import SavvyASR

final class PocketSphinxPartsTests: XCTestCase {
    func testTokenNormalisation() {
        let cases: [(String, String?)] = [
            ("read(2)", "read"), ("<s>", nil), ("</s>", nil), ("<sil>", nil), ("[NOISE]", nil),
            ("[SPEECH]", nil), ("Hello", "hello"), ("um", "um"), ("don't", "don't"),
        ]
        for (token, expected) in cases {
            XCTAssertEqual(PocketSphinxDecoder.normalise(token), expected, token)
        }
    }

    func testFillerLanguageModelIsValidARPA() throws {
        let arpa = FillerLanguageModel.standard.arpa
        let lines = arpa.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "\\data\\")
        XCTAssertEqual(lines[1], "ngram 1=6")
        XCTAssertTrue(lines.contains("-0.5000 um"))
        XCTAssertTrue(lines.contains("-1.3000 hmm"))
        XCTAssertEqual(lines.last, "\\end\\")
        // Every filler must be pronounceable: the base dictionary must hold it.
        let dictionary = try String(contentsOfFile: PocketSphinxConfiguration().dictionaryPath, encoding: .utf8)
        let entries = Set(dictionary.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
        for word in FillerLanguageModel.standard.words {
            XCTAssertTrue(entries.contains(word), word)
        }
    }

    func testConfigurationErrors() {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("savvy-no-model-\(UUID().uuidString)").path
        let cases: [(id: String, configuration: PocketSphinxConfiguration, error: TranscriptionError)] = [
            ("missing-model", .init(modelDirectory: dir), .modelMissing(
                engine: "pocketsphinx", path: dir + "/en-us",
                fix: "install it with 'apt-get install pocketsphinx-en-us' or use --asr whisper")),
            ("weight-range", .init(fillerWeight: 1.5), .invalidSetting(name: "filler weight", value: "1.5", rule: "must be within 0…1")),
        ]
        for testCase in cases {
            XCTAssertThrowsError(try PocketSphinxTranscriber(configuration: testCase.configuration), "case \(testCase.id)") {
                XCTAssertEqual($0 as? TranscriptionError, testCase.error, "case \(testCase.id)")
            }
        }
    }

    func testModelIDRecordsTheTuning() {
        XCTAssertEqual(PocketSphinxConfiguration().modelID, "en-us-ptm+fillers@0.001+fast")
        XCTAssertEqual(PocketSphinxConfiguration(fastSearch: false).modelID, "en-us-ptm+fillers@0.001")
        XCTAssertEqual(PocketSphinxConfiguration(fillerBoost: false, fastSearch: true).modelID, "en-us-ptm+fast")
    }
}
