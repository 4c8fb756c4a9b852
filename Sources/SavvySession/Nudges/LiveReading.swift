/// What the status line shows of the live delivery at one redraw.
public struct LiveReading: Sendable, Equatable {
    /// Rolling words per minute; `nil` until there is enough speech.
    public var wordsPerMinute: Double?
    /// Hesitations heard so far.
    public var fillerCount: Int
    /// A nudge given in the last `LiveCoach.nudgeShownSeconds`, if any.
    public var nudge: Nudge?

    public init(wordsPerMinute: Double?, fillerCount: Int, nudge: Nudge?) {
        self.wordsPerMinute = wordsPerMinute
        self.fillerCount = fillerCount
        self.nudge = nudge
    }
}
