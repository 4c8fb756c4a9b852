import Foundation

/// What a prompt is about, without the instruction around it (session 26).
///
/// Relevance compares an answer with its prompt. A prompt typed as "Talk for two minutes about
/// public libraries." carries an instruction every impromptu talk meets ("in the next two
/// minutes I'd like to…"), and the drill's prompt bank, against which the calibration was
/// learned, holds bare topics ("Why boredom is underrated."). With the instruction left in, a talk
/// on first aid scored Relevance 4 for that prompt, "addressing" two and minutes. So the talk
/// instruction at the start is dropped before relevance sees the prompt; a question ("Tell me
/// about a time you…", "Should cities…?") is left whole, since the bank's prompts are worded that
/// way too. Mirrors `prompt_topic` in scripts/train-relevance.py.
enum PromptTopic {
    /// "Talk / speak / give a (short / two-minute) talk or speech / say a few words (for N
    /// minutes) about / on …", case-insensitively, at the start.
    private static let instruction = try! NSRegularExpression(
        pattern: #"^\s*(?:please\s+)?(?:(?:talk|speak)|(?:give|deliver|prepare)\s+an?\s+(?:short\s+|quick\s+|brief\s+)?(?:[\w-]+[\s-]minute\s+)?(?:talk|speech|presentation)|say\s+a\s+few\s+words)(?:\s+for\s+(?:about\s+|around\s+|up\s+to\s+)?[\w-]+(?:\s+or\s+[\w-]+)?\s+minutes?)?\s+(?:about|on)\s+"#,
        options: [.caseInsensitive])

    /// `prompt` without a talk instruction at its start; the prompt itself when it has none or
    /// when nothing would be left.
    static func topic(_ prompt: String) -> String {
        let range = NSRange(prompt.startIndex..., in: prompt)
        guard let match = instruction.firstMatch(in: prompt, range: range),
              let end = Range(match.range, in: prompt)?.upperBound
        else { return prompt }
        let rest = prompt[end...].trimmingCharacters(in: .whitespacesAndNewlines)
        return rest.isEmpty ? prompt : rest
    }
}
