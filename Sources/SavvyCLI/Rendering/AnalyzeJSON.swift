import SavvyAudio
import SavvyDSP

/// The `savvy analyze --json` document.
///
/// Summaries are written as the DSP computed them; frame tracks only with `--frames`, in
/// columns (one array per track) to keep a 10-minute file's output compact.
struct AnalyzeJSON: Encodable {
    struct Source: Encodable {
        let path: String
        let format: String
        let encoding: String
        let sampleRate: Int
        let channels: Int
        let durationSeconds: Double
    }

    struct Frames: Encodable {
        let time: [Double]
        let f0: [Double?]
        let rmsDB: [Double]
        let active: [Bool]
        let cpps: [Double?]

        init(_ tracks: FrameTracks) {
            time = (0..<tracks.count).map { tracks.time(ofFrame: $0) }
            f0 = tracks.f0
            rmsDB = tracks.rmsDB
            active = tracks.active
            cpps = tracks.cpps
        }

        // Explicit encoding so `nil` becomes JSON null inside the arrays (kept for alignment).
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(time, forKey: .time)
            try c.encode(f0, forKey: .f0)
            try c.encode(rmsDB, forKey: .rmsDB)
            try c.encode(active, forKey: .active)
            try c.encode(cpps, forKey: .cpps)
        }

        enum CodingKeys: String, CodingKey { case time, f0, rmsDB, active, cpps }
    }

    struct Analysis: Encodable {
        let durationSeconds: Double
        let pitch: PitchSummary?
        let loudness: LoudnessSummary?
        let voice: VoiceQualitySummary?
        let activity: ActivitySummary
        let quality: RecordingQuality
    }

    let metricsVersion: Int
    let source: Source
    let analysis: Analysis
    let frames: Frames?

    init(source: AudioFileInfo, analysis: DeliveryAnalysis, includeFrames: Bool) {
        metricsVersion = analysis.metricsVersion
        self.source = Source(path: source.path, format: source.formatName, encoding: source.encodingName,
                             sampleRate: source.sampleRate, channels: source.channels,
                             durationSeconds: source.durationSeconds)
        self.analysis = Analysis(durationSeconds: analysis.durationSeconds, pitch: analysis.pitch,
                                 loudness: analysis.loudness, voice: analysis.voice,
                                 activity: analysis.activity, quality: analysis.quality)
        frames = includeFrames ? Frames(analysis.tracks) : nil
    }
}
