import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
import SavvyFileSystem
#endif

/// Owns one running faster-whisper worker process and the files it needs.
///
/// Started in `init` (makes a private 0700 work folder, launches `python3 -c <script>`, waits for
/// `{"ready": true}`), stopped in `deinit` (closes stdin so the worker exits, then SIGTERM if it
/// lingers) and its folder removed. When savvy exits without `deinit` or is killed, the worker
/// notices (stdin EOF, or its parent pid changing) and removes the folder itself; folders left
/// when both were killed are removed by the next worker's start. Not thread-safe: `WhisperTranscriber` serialises requests with a lock.
///
/// Requests go over a socket rather than a pipe so that writing to a worker that has died returns
/// an error (`MSG_NOSIGNAL`) instead of raising SIGPIPE in savvy.
final class WhisperWorker {
    private let process: Process
    private let requestSocket: Int32
    private let replyHandle: FileHandle
    private let directory: URL
    private let stderrLog: URL
    private var buffer = Data()
    private var nextID = 1
    private var stopped = false

    /// Name prefix of the private work folders, followed by savvy's pid and a random suffix.
    static let directoryPrefix = "savvy-whisper-"

    init(installation: WhisperConfiguration.Installation, threads: Int, timeout: Double) throws {
        let fileManager = FileManager.default
        let temporary = fileManager.temporaryDirectory
        Self.removeAbandonedDirectories(in: temporary)
        // mkdtemp makes the folder 0700: the audio written here is the user's speech.
        var template = Array(temporary.appendingPathComponent("\(Self.directoryPrefix)\(getpid())-XXXXXX").path.utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw TranscriptionError.temporaryFile(path: temporary.path, reason: String(cString: strerror(errno)))
        }
        directory = URL(fileURLWithPath: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self),
                        isDirectory: true)
        stderrLog = directory.appendingPathComponent("worker-stderr.log")
        do {
            try Data().write(to: stderrLog)
        } catch {
            try? fileManager.removeItem(at: directory)
            throw TranscriptionError.temporaryFile(path: directory.path, reason: SystemErrorText.reason(error))
        }

        var sockets: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0 else {
            try? fileManager.removeItem(at: directory)
            throw TranscriptionError.workerLaunchFailed(python: installation.python, reason: String(cString: strerror(errno)))
        }
        requestSocket = sockets[0]
        let childEnd = FileHandle(fileDescriptor: sockets[1], closeOnDealloc: true)

        let replies = Pipe()
        replyHandle = replies.fileHandleForReading
        process = Process()
        process.executableURL = URL(fileURLWithPath: installation.python)
        // -I (isolated): no current folder or PYTHON* variables on the import path, so a stray
        // `inspect.py` where the user runs savvy can neither break nor hijack the worker.
        // -B replaces PYTHONDONTWRITEBYTECODE, which -I ignores.
        process.arguments = ["-I", "-B", "-u", "-c", WhisperWorkerScript.source, installation.modelDirectory, String(threads),
                             String(getpid()), directory.path]
        var environment = ProcessInfo.processInfo.environment
        // The model is on disk; never let huggingface_hub reach for the network.
        environment["HF_HUB_OFFLINE"] = "1"
        environment["HF_HUB_DISABLE_TELEMETRY"] = "1"
        // glibc's allocator, unless the user set it: one arena, and blocks of 4 MB or more mapped
        // on their own, so they go back to the system when freed. CTranslate2's decoder
        // allocates and frees large buffers all through a request; on the heap they left holes
        // that raised the worker's peak. Mapping a block costs a page fault per page each time,
        // so the threshold trades CPU for memory. Worker on 180 s of AMI meeting speech (a
        // beam-5 and a verbatim decode), the same replies byte for byte whatever the setting,
        // CPU including the model load:
        //   glibc's defaults (the trim after each request only)  peak 352 MB  CPU 18.9–20.0 s
        //   one arena                                            peak 326 MB  CPU 19.7 s
        //   one arena, blocks of 4 MB or more mapped             peak 306 MB  CPU 21.6 s
        //   one arena, blocks of 1 MB or more mapped (session 5) peak 295 MB  CPU 25.1–27.8 s
        // 4 MB keeps most of the memory saving at about a third of the 1 MB setting's extra CPU,
        // and the 2-hour score within its 600 MB (see bench/memory_bench.sh).
        for (name, value) in Self.allocatorSettings where environment[name] == nil {
            environment[name] = value
        }
        for (name, value) in Self.kernelSettings(cpuFlags: Self.cpuFlags()) where environment[name] == nil {
            environment[name] = value
        }
        process.environment = environment
        process.standardInput = childEnd
        process.standardOutput = replies
        let errorHandle: FileHandle
        do {
            errorHandle = try FileHandle(forWritingTo: stderrLog)
            process.standardError = errorHandle
            try process.run()
        } catch {
            stop()
            throw TranscriptionError.workerLaunchFailed(python: installation.python, reason: SystemErrorText.reason(error))
        }
        // The child has its own copies now; closing ours lets EOF and errors propagate.
        try? childEnd.close()
        try? errorHandle.close()
        try? replies.fileHandleForWriting.close()

        do {
            let ready = try readReply(timeout: timeout)
            guard ready["ready"] as? Bool == true else {
                let detail = (ready["error"] as? String) ?? "no ready message"
                throw TranscriptionError.workerReported(detail: detail)
            }
        } catch {
            stop()
            throw error
        }
    }

    /// glibc malloc settings the worker starts with (see `init`).
    static let allocatorSettings = ["MALLOC_ARENA_MAX": "1", "MALLOC_MMAP_THRESHOLD_": "4194304"]

    /// The numeric kernels the worker runs on, the same on every x86-64 CPU with AVX2 and FMA,
    /// unless the user set one of these. Left to themselves, CTranslate2, the oneDNN inside it
    /// and numpy's OpenBLAS each pick kernels by CPU vendor and model (Intel MKL on Intel, oneDNN
    /// on AMD; AVX-512 VNNI on Zen 4 and Ice Lake, AVX2 elsewhere), and their sums round
    /// differently. Greedy and beam search turn an ulp into another word when two readings are
    /// close: the same recording gave "what is the username" three times on one configuration
    /// and twice on another (tests' repeated.wav, session 10), so one answer got two transcripts,
    /// and two scores, on two machines. Pinned, it gets one. The cost, measured on an AMD EPYC
    /// with AVX-512 (oneDNN's AVX-512 VNNI kernels against its AVX2 ones): 5.5 s of CPU against
    /// 4.6 s for two fixture answers, about a sixth more. Without AVX2 (older x86-64, ARM) the
    /// libraries choose as before.
    static func kernelSettings(cpuFlags: Set<String>) -> [String: String] {
        guard cpuFlags.contains("avx2"), cpuFlags.contains("fma") else { return [:] }
        return [
            "CT2_USE_MKL": "0",  // oneDNN on every vendor (MKL is Intel's only)
            "CT2_FORCE_CPU_ISA": "AVX2",  // CTranslate2's own kernels
            "ONEDNN_MAX_CPU_ISA": "AVX2",  // oneDNN's JIT kernels (it would take AVX-512 VNNI)
            "OPENBLAS_CORETYPE": "Haswell",  // numpy's sgemm in the log-mel features
        ]
    }

    /// The flags of the first CPU in /proc/cpuinfo (x86: "flags : fpu … avx2 …"); empty elsewhere.
    static func cpuFlags(cpuinfo: String? = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) -> Set<String> {
        guard let line = cpuinfo?.split(separator: "\n").first(where: { $0.hasPrefix("flags") }),
              let colon = line.firstIndex(of: ":") else { return [] }
        return Set(line[line.index(after: colon)...].split(separator: " ").map(String.init))
    }

    deinit {
        stop()
    }

    /// True while the Python process is alive.
    var isRunning: Bool { process.isRunning }

    /// Sends one audio file to the worker and returns its raw word list and segment statistics
    /// (empty from a protocol 1 worker).
    func transcribe(samples: [Float], prompt: String, timeout: Double) throws
        -> (words: [[String: Any]], segments: [[String: Any]]) {
        let id = nextID
        nextID += 1
        let audio = directory.appendingPathComponent("audio-\(id).f32")
        do {
            let data = samples.withUnsafeBufferPointer { Data(buffer: $0) }
            try data.write(to: audio)
        } catch {
            throw TranscriptionError.temporaryFile(path: audio.path, reason: SystemErrorText.reason(error))
        }
        defer { try? FileManager.default.removeItem(at: audio) }

        let request: [String: Any] = ["id": id, "audio": audio.path, "prompt": prompt]
        var line = try JSONSerialization.data(withJSONObject: request, options: [.sortedKeys])
        line.append(0x0A)
        try send(line)

        let reply = try readReply(timeout: timeout)
        guard reply["id"] as? Int == id else {
            throw TranscriptionError.workerProtocol(detail: "reply for another request")
        }
        if let error = reply["error"] as? String {
            throw TranscriptionError.workerReported(detail: error)
        }
        guard let words = reply["words"] as? [[String: Any]] else {
            throw TranscriptionError.workerProtocol(detail: "no word list in the reply")
        }
        return (words, (reply["segments"] as? [[String: Any]]) ?? [])
    }

    /// Closes the request socket (the worker exits on EOF), then terminates it if it lingers.
    func stop() {
        guard !stopped else { return }
        stopped = true
        shutdown(requestSocket, Int32(SHUT_RDWR))
        if process.isRunning {
            let deadline = DispatchTime.now().uptimeNanoseconds + 2_000_000_000
            while process.isRunning && DispatchTime.now().uptimeNanoseconds < deadline {
                usleep(20_000)
            }
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
        }
        close(requestSocket)
        try? replyHandle.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Removes work folders whose savvy is gone and whose worker did not clean up (both killed
    /// at once, e.g. `kill -9` of the process group). Only this user's folders are touched.
    static func removeAbandonedDirectories(in temporary: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
        for name in names where name.hasPrefix(directoryPrefix) {
            let path = temporary.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { continue }
            let rest = name.dropFirst(directoryPrefix.count)
            if let pid = rest.split(separator: "-").first.flatMap({ Int32($0) }),
               pid == getpid() || kill(pid, 0) == 0 || errno == EPERM {
                continue  // its savvy is still running (this one, or another)
            }
            // A folder from before the pid was in the name (savvy-whisper-UUID) has no owner to ask.
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    private func send(_ data: Data) throws {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { raw in
                Glibc.send(requestSocket, raw.baseAddress! + offset, data.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw crashed()
            }
            offset += written
        }
    }

    /// Reads one JSON line from the worker, waiting at most `timeout` seconds in total.
    private func readReply(timeout: Double) throws -> [String: Any] {
        let fd = replyHandle.fileDescriptor
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                guard let object = try? JSONSerialization.jsonObject(with: Data(line)),
                      let reply = object as? [String: Any] else {
                    throw TranscriptionError.workerProtocol(detail: "a line that is not a JSON object")
                }
                return reply
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else {
                process.terminate()
                throw TranscriptionError.workerTimeout(seconds: timeout)
            }
            var pollfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let waitMilliseconds = Int32(min(1000, (deadline - now) / 1_000_000 + 1))
            let ready = poll(&pollfd, 1, waitMilliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw crashed()
            }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(fd, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw crashed()
            }
            if count == 0 { throw crashed() }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// The error for a worker that went away: its exit status and the last line of its stderr.
    private func crashed() -> TranscriptionError {
        let deadline = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
        while process.isRunning && DispatchTime.now().uptimeNanoseconds < deadline {
            usleep(10_000)
        }
        let status: Int32? = process.isRunning ? nil : process.terminationStatus
        let log = (try? String(contentsOf: stderrLog, encoding: .utf8)) ?? ""
        let last = log.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        return .workerCrashed(status: status, detail: String(last.prefix(200)))
    }
}
