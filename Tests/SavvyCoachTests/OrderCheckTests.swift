import Foundation
import XCTest
@testable import SavvyCoach

/// Issue 14 item 2: the learned order check (out of order is allowed, then flagged). These tests
/// build the evidence from synthetic sentence vectors, so they need no sentence model; the real
/// model's cases are in `OrderCheckModelTests`.
final class OrderCheckTests: XCTestCase {
    /// Evidence for an answer whose sentence i is section `spoken[i]`'s material: each section's
    /// exemplars and purpose are one basis vector, each sentence is its section's vector, and the
    /// drill and content classifiers are `confidence` nats sure of the true section.
    private func evidence(_ spoken: [Int], sections: Int, confidence: Double = 4) -> (SentenceEvidence, [[Double]]) {
        let dimension = sections + 1
        func basis(_ k: Int) -> [Double] { (0..<dimension).map { $0 == k ? 1 : 0 } }
        let drillModel = spoken.map { truth in
            let logits = (0...sections).map { $0 == truth ? confidence : 0 }
            let total = log(logits.reduce(0) { $0 + exp($1) })
            return logits.map { $0 - total }
        }
        let built = SentenceEvidence(
            sentences: spoken.map(basis), texts: spoken.map { _ in "we did a thing" },
            exemplars: (0..<sections).map { [basis($0)] }, descriptions: (0..<sections).map(basis),
            cues: Array(repeating: [], count: sections), drillModel: drillModel)
        return (built, drillModel)
    }

    private func firstStarts(_ labels: [Int?], sections: Int) -> [Int] {
        (0..<sections).compactMap { k in labels.firstIndex(of: k) }
    }

    /// The order weights sit on top of the structure weights (their gains and margins are in
    /// the structure model's units); after a structure retrain they are stale until retrained.
    func testIssue14_orderWeightsWereTrainedOnTheStructureWeightsInUse() {
        XCTAssertEqual(
            OrderWeights.semanticFingerprint, SemanticWeights.fingerprint,
            "SemanticWeights changed since the order check was trained: retrain with scripts/train-order.py --write")
    }

    func testIssue14_everyStructuredBuiltInDrillHasALearnedOrderCheck() {
        // Every drill with a trained sentence classifier (the free talk drill has none).
        let trained = BuiltInDrills.all.filter { SemanticWeights.drillModels[$0.id] != nil }
        XCTAssertEqual(trained.map(\.id), ["star", "prep", "pitch", "impromptu"])
        for drill in trained {
            XCTAssertNotNil(OrderCheck(drill: drill), drill.id)
            XCTAssertNotNil(ContentClassifier(drill: drill, dimension: 384), drill.id)
        }
        var user = BuiltInDrills.star
        user.id = "my-drill"
        XCTAssertNil(OrderCheck(drill: user), "a user drill keeps the structure decoder's own order cost")
    }

    /// Clear evidence of each neighbouring swap is flagged, with the swapped pair's map; the same
    /// sentences in the drill's order are not.
    func testIssue14_aClearSwapIsFlaggedAndTheOrderedAnswerIsNot() throws {
        let drill = BuiltInDrills.star
        let check = try XCTUnwrap(OrderCheck(drill: drill))
        let ordered = [0, 0, 1, 1, 2, 2, 2, 3, 3]
        let (orderedEvidence, orderedModel) = evidence(ordered, sections: 4)
        let orderedLabels = check.labels(evidence: orderedEvidence, content: orderedModel)
        XCTAssertEqual(orderedLabels, ordered.map { $0 })
        for (pair, spoken) in [(0, [1, 1, 0, 0, 2, 2, 2, 3, 3]), (1, [0, 0, 2, 2, 2, 1, 1, 3, 3]), (2, [0, 0, 1, 1, 3, 3, 2, 2, 2])] {
            let (swappedEvidence, swappedModel) = evidence(spoken, sections: 4)
            let best = check.judge(content: swappedModel, change: swappedEvidence.change)
            XCTAssertEqual(best?.move.a, [pair], "\(spoken)")
            XCTAssertEqual(best?.move.b, [pair + 1], "\(spoken)")
            let labels = check.labels(evidence: swappedEvidence, content: swappedModel)
            XCTAssertEqual(labels, spoken.map { $0 }, "the map follows the order spoken")
            let starts = firstStarts(labels, sections: 4)
            XCTAssertNotEqual(starts, starts.sorted(), "reported out of order")
        }
    }

    /// The hypotheses are every order one moved section gives, each once: for three sections
    /// all but the drill's order and its reverse, for four the 3 neighbouring swaps and 6 longer
    /// moves (a section told first or last across two or three others).
    func testIssue14_movesAreEveryOrderOneMovedSectionGives() {
        let cases: [(count: Int, orders: [[Int]])] = [
            (2, [[1, 0]]),
            (3, [[1, 0, 2], [0, 2, 1], [2, 0, 1], [1, 2, 0]]),
            (4, [[1, 0, 2, 3], [0, 2, 1, 3], [0, 1, 3, 2], [2, 0, 1, 3], [1, 2, 0, 3], [0, 3, 1, 2], [0, 2, 3, 1],
                 [3, 0, 1, 2], [1, 2, 3, 0]]),
        ]
        for (count, orders) in cases {
            let moves = OrderCheck.moves(count: count)
            XCTAssertEqual(moves.map(\.order), orders, "\(count) sections")
            for move in moves {
                // B is told right before A, and A precedes B in the drill's order.
                XCTAssertEqual(Array(move.order.drop { !move.b.contains($0) }.prefix(move.a.count + move.b.count)), move.b + move.a)
                XCTAssertEqual(Set(move.a + move.b).count, move.a.count + move.b.count)
                XCTAssertLessThan(move.a.max()!, move.b.min()!)
            }
        }
        XCTAssertEqual(OrderCheck.moves(count: 1), [])
    }

    /// A STAR answer that leads with its Result (and a pitch that opens with its Ask) is out of
    /// order, and its map finds the Result where it was told instead of calling it missing.
    func testIssue14_aSectionToldFirstIsFlaggedWithItsMap() throws {
        for drill in [BuiltInDrills.star, BuiltInDrills.elevatorPitch] {
            let check = try XCTUnwrap(OrderCheck(drill: drill))
            let spoken = [3, 3, 0, 0, 1, 1, 2, 2, 2]
            let (built, model) = evidence(spoken, sections: 4)
            let best = try XCTUnwrap(check.judge(content: model, change: built.change))
            XCTAssertEqual(best.move, OrderCheck.Move(order: [3, 0, 1, 2], a: [0, 1, 2], b: [3]), drill.id)
            XCTAssertGreaterThanOrEqual(best.probability, check.threshold, drill.id)
            XCTAssertEqual(check.labels(evidence: built, content: model), spoken.map { $0 }, drill.id)
        }
    }

    /// Weak, contradictory evidence (the classifier unsure between the pair) is not enough to
    /// tell a speaker their answer is out of order.
    func testIssue14_unsureEvidenceKeepsTheDrillOrder() throws {
        let check = try XCTUnwrap(OrderCheck(drill: BuiltInDrills.prep))
        let spoken = [0, 0, 1, 1, 2, 2, 3, 3]
        var (built, _) = evidence(spoken, sections: 4, confidence: 0.2)
        // Sentences halfway between Reason and Example: nothing says which came first.
        for i in 2..<6 {
            for s in 1...2 { built.section[i][s] = built.section[i][1].indices.map { (built.section[i][1][$0] + built.section[i][2][$0]) / 2 } }
        }
        let unsure = spoken.map { _ in [Double](repeating: -log(5), count: 5) }
        let labels = check.labels(evidence: built, content: unsure)
        let starts = firstStarts(labels, sections: 4)
        XCTAssertEqual(starts, starts.sorted(), "\(labels)")
    }

    /// The answer's presence terms (`PresenceModel`, in the decoder's skip costs) shape the map
    /// but not the judgment: the check was trained on the content evidence with the place's skip
    /// costs alone, so a presence term, however strong, leaves P(swapped) as it was.
    func testIssue14_presenceTermsDoNotMoveTheJudgment() throws {
        let spoken = [0, 0, 2, 2, 2, 1, 1, 3, 3]
        let (built, model) = evidence(spoken, sections: 4)
        var decoder = StructureDecoder.trained
        let plain = try XCTUnwrap(OrderCheck(drill: BuiltInDrills.star, decoder: decoder))
        decoder.presence = [0, -20, 20, 0]
        let present = try XCTUnwrap(OrderCheck(drill: BuiltInDrills.star, decoder: decoder))
        let judged = try XCTUnwrap(present.judge(content: model, change: built.change))
        XCTAssertEqual(judged, plain.judge(content: model, change: built.change))
        XCTAssertEqual(judged.move, OrderCheck.Move(order: [0, 2, 1, 3], a: [1], b: [2]))
        XCTAssertEqual(present.labels(evidence: built, content: model), spoken.map { $0 }, "the map follows the order spoken")
    }

    /// The content decode has the check's own costs: a retune of the structure decoder (session
    /// 8 made its middle skip free, which let the content path drop the very sections a swap
    /// needs) changes the map's decoder, not the judgment.
    func testIssue14_structureDecoderCostsDoNotMoveTheJudgment() throws {
        let spoken = [0, 0, 2, 2, 2, 1, 1, 3, 3]
        let (built, model) = evidence(spoken, sections: 4)
        let plain = try XCTUnwrap(OrderCheck(drill: BuiltInDrills.star))
        let retuned = try XCTUnwrap(OrderCheck(drill: BuiltInDrills.star, decoder: StructureDecoder(
            outOfOrder: 1, skipFirst: 0, skipMiddle: 0, skipLast: 0, change: 5)))
        XCTAssertEqual(retuned.contentDecoder, plain.contentDecoder)
        XCTAssertEqual(plain.contentDecoder.skipMiddle, OrderWeights.contentCosts[1])
        let judged = try XCTUnwrap(retuned.judge(content: model, change: built.change))
        XCTAssertEqual(judged, plain.judge(content: model, change: built.change))
        XCTAssertEqual(judged.move, OrderCheck.Move(order: [0, 2, 1, 3], a: [1], b: [2]))
    }

    func testIssue14_contentClassifierMirrorsTheTrainingScript() {
        // Values from `content_logp` in scripts/train-order.py (CUE_WEIGHT 0.5, PROMPT_WEIGHT 2)
        // for the same three sentences, cue hits, prompt [0.8, 0.6] and weights (rows: embedding,
        // centred embedding, neighbours' mean centred embedding, the same three of the
        // middle-layer vector, the one section's cue and opening cue, the prompt input, bias;
        // exact in Float32, as the weights ship).
        let classifier = ContentClassifier(
            weights: [0.5, -0.25, 0.125, 0.375, 1.0, 0.0, 0.0, -1.0, 2.0, 0.5, -0.5, 1.5,
                      0.75, 0.25, -0.5, 1.0, 0.25, -0.75, 1.25, 0.0, -1.5, 0.5, 0.5, -0.25,
                      1.0, -0.5, -0.75, 0.25, 0.75, -0.5, 0.25, -0.25],
            classes: 2, dimension: 2, cueWeight: 0.5, promptWeight: 2)
        let vectors: [[Double]] = [[1, 0], [0.6, 0.8], [0, 1]]
        let prompt = ContentClassifier.promptSimilarity(vectors, prompt: [0.8, 0.6])
        for (value, target) in zip(prompt, [0.8 - 2.36 / 3, 0.96 - 2.36 / 3, 0.6 - 2.36 / 3]) {
            XCTAssertEqual(value, target, accuracy: 1e-12)
        }
        let got = classifier.logProbabilities(vectors, middles: [[0, 1], [0.8, -0.6], [1, 0]],
                                              cues: [[1, 0], [0, 0], [1, 1]], prompt: prompt)
        let want: [[Double]] = [[-0.572299434066, -0.8306327674], [-0.067719300203, -2.726052633537],
                                [-0.688989194424, -0.697322527757]]
        XCTAssertEqual(got.count, want.count)
        for (row, expected) in zip(got, want) {
            for (value, target) in zip(row, expected) { XCTAssertEqual(value, target, accuracy: 1e-9, "\(row)") }
        }
        // Without a prompt the input is zero for every sentence.
        XCTAssertEqual(ContentClassifier.promptSimilarity(vectors, prompt: nil), [0, 0, 0])
    }

    /// The content evidence knows what a sentence is told among but not which way round: told in
    /// the reverse order, every sentence gets the same probabilities (so the context cannot
    /// make a swapped answer look like its drill-order self).
    func testIssue14_contentEvidenceReadsASentenceTheSameEitherWayRound() throws {
        let classifier = try XCTUnwrap(ContentClassifier(drill: BuiltInDrills.star, dimension: 384))
        // Seven fixed pseudo-random unit vectors (a linear congruential sequence).
        var state: UInt64 = 14
        let vectors: [[Double]] = (0..<7).map { _ in
            let raw = (0..<384).map { _ -> Double in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Double(state >> 11) / Double(1 << 53) - 0.5
            }
            let norm = sqrt(raw.reduce(0) { $0 + $1 * $1 })
            return raw.map { $0 / norm }
        }
        // Middle-layer vectors: the same sequence, one place on.
        let middles = Array(vectors[1...]) + [vectors[0]]
        // Cue hits: sentence i says a cue of section i % 4, opening it when i is even.
        let cues: [[Double]] = (0..<7).map { (i: Int) -> [Double] in
            var row = [Double](repeating: 0, count: 8)
            row[2 * (i % 4)] = 1
            row[2 * (i % 4) + 1] = i % 2 == 0 ? 1 : 0
            return row
        }
        let prompt = ContentClassifier.promptSimilarity(vectors, prompt: vectors[4])
        let forward = classifier.logProbabilities(vectors, middles: middles, cues: cues, prompt: prompt)
        let backward = Array(classifier.logProbabilities(vectors.reversed(), middles: middles.reversed(),
                                                         cues: cues.reversed(), prompt: prompt.reversed()).reversed())
        for (a, b) in zip(forward, backward) {
            for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: 1e-9) }
        }
        // The neighbours count: the same sentence among other sentences reads differently.
        var moved = vectors, movedMiddles = middles, movedCues = cues, movedPrompt = prompt
        moved.swapAt(2, 6)
        movedMiddles.swapAt(2, 6)
        movedCues.swapAt(2, 6)
        movedPrompt.swapAt(2, 6)
        XCTAssertNotEqual(classifier.logProbabilities(moved, middles: movedMiddles, cues: movedCues, prompt: movedPrompt)[3],
                          forward[3])
    }

    /// The cue inputs are the structure evidence's own hits, per section in the drill's order, and
    /// a Task cue ("my job was") moves the trained STAR classifier towards Task, the sentence unchanged.
    func testIssue14_contentClassifierReadsTheSectionsCues() throws {
        let drill = BuiltInDrills.star
        let k = drill.sections.count
        let dimension = 384
        func unit(_ d: Int) -> [Double] { (0..<dimension).map { $0 == d ? 1 : 0 } }
        let texts = ["we were a small team back then", "my job was to fix the reporting", "then i rebuilt it"]
        let vectors = [unit(1), unit(2), unit(3)]
        let built = SentenceEvidence(
            sentences: vectors, texts: texts, exemplars: (0..<k).map { [unit(10 + $0)] },
            descriptions: (0..<k).map { unit(20 + $0) }, cues: drill.sections.map(\.cues), drillModel: nil)
        let hits = ContentClassifier.cueHits(built)
        let task = try XCTUnwrap(drill.sections.firstIndex { $0.id == "task" })
        let action = try XCTUnwrap(drill.sections.firstIndex { $0.id == "action" })
        XCTAssertEqual(hits[1].count, 2 * k)
        XCTAssertEqual(hits[1][2 * task], 1, "\(hits[1])")
        XCTAssertEqual(hits[1][2 * task + 1], 1, "the cue opens the sentence")
        XCTAssertEqual(hits[2][2 * action], 1, "'then i' is an Action cue: \(hits[2])")
        XCTAssertEqual(hits[0], [Double](repeating: 0, count: 2 * k))

        let classifier = try XCTUnwrap(ContentClassifier(drill: drill, dimension: dimension))
        var withoutCue = hits
        withoutCue[1] = [Double](repeating: 0, count: 2 * k)
        let noPrompt = ContentClassifier.promptSimilarity(vectors, prompt: nil)
        let cued = classifier.logProbabilities(vectors, middles: vectors, cues: hits, prompt: noPrompt)[1][task]
        let plain = classifier.logProbabilities(vectors, middles: vectors, cues: withoutCue, prompt: noPrompt)[1][task]
        XCTAssertGreaterThan(cued, plain)
    }

    func testIssue14_orderCheckIsDeterministic() throws {
        let check = try XCTUnwrap(OrderCheck(drill: BuiltInDrills.elevatorPitch))
        let (built, model) = evidence([0, 2, 2, 1, 1, 3], sections: 4, confidence: 1.5)
        XCTAssertEqual(check.labels(evidence: built, content: model), check.labels(evidence: built, content: model))
        XCTAssertEqual(check.judge(content: model, change: built.change), check.judge(content: model, change: built.change))
    }
}
