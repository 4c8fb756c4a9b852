/// Something that turns a line of text into speech audio: the coach's voice.
///
/// Implementations synthesise only; playing is `Speaker`'s job, so a test (or another front
/// end) can take the audio without a sound card. A voice is only ever given text the coach
/// says — never audio of the user.
public protocol Voice: Sendable {
    /// Names the engine and its settings for `doctor` and the interview header
    /// ("espeak-ng en-us, 165 wpm, volume 100").
    var summary: String { get }
    /// Speech for `text`, mono.
    func synthesize(_ text: String) throws -> SpokenAudio
}
