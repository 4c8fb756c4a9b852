/// When a lexicon phrase counts as a filler. Words like "like" or "so" are fillers only in some
/// positions, so each entry names the test that decides it.
///
/// "Clause start" means: first word, after a pause, or right after another filler. "Pause" means
/// an ASR word gap or a VAD silence of at least `FillerDetector.pauseSeconds`.
public enum FillerRule: String, Sendable, Codable, Equatable, CaseIterable {
    /// Always a filler (um, uh, er, hmm).
    case always
    /// A filler only at clause start ("So, I led…", "Well, …"); never before "that"
    /// ("so that"), and not as an intensifier ("so much", "well known"). A "so" after an earlier
    /// clause counts only when the speaker stalls on it (a comma, pause or filler after it, or a
    /// filler before it): running straight into its clause it says "therefore".
    case clauseStart = "clause-start"
    /// A filler at clause start or right before a pause or the end ("basically", "actually"),
    /// not mid-clause ("it actually worked").
    case clauseEdge = "clause-edge"
    /// "like": a filler before a pause or filler, at clause start, or before an -ing verb;
    /// not a verb after a subject or modal ("I like this", "would like"), not a comparison or
    /// preposition ("was like putty", "like a", "looks like").
    case like
    /// "you know", "I mean": a filler unless it has an object or complement ("you know what",
    /// "I mean it") or is inside a question or condition ("do you know", "if you know").
    case discourse
    /// "kind of", "sort of": a hedge unless it follows a determiner ("what kind of car",
    /// "a sort of") or is followed by one.
    case hedge
    /// "right" as a tag: before a pause or the end, and not after a word it completes
    /// ("that's right", "turn right", "the right").
    case tag
}
