import Foundation

/// Debian's `chromium` in headless mode, for end-to-end checks of the HTML pages: the DOM as the
/// browser built it, the page's console messages, the network requests the page made, and
/// screenshots.
///
/// Requests are read from Chromium's own network log (`--log-net-log`): a request the page
/// starts carries the `file://` origin in its isolation key, which the browser's background
/// traffic (update checks, which no flag fully silences) does not.
public struct HeadlessBrowser: Sendable {
    /// What loading one page showed.
    public struct PageLoad: Sendable {
        /// The serialised DOM after load (`--dump-dom`).
        public let dom: String
        /// Console messages the page produced (errors, CSP violations, logs).
        public let console: [String]
        /// URLs of network requests the page started.
        public let requests: [String]
    }

    public let executable: String
    /// A run that takes longer than this is killed and fails the test (a 2-core CI box under load).
    public let timeout: TimeInterval

    /// The browser, or nil when it is not installed (`make test` installs it).
    public init?(timeout: TimeInterval = 90) {
        guard let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else { return nil }
        executable = path
        self.timeout = timeout
    }

    /// Opens `page` from disk and reports its DOM, console and requests.
    public func load(_ page: URL) throws -> PageLoad {
        let scratch = try TemporaryDirectory(prefix: "savvy-chromium")
        let netLog = scratch.url.appendingPathComponent("net.json")
        let run = try chromium(["--enable-logging=stderr", "--v=0", "--log-net-log=\(netLog.path)", "--dump-dom",
                                page.absoluteString], profile: scratch.url.appendingPathComponent("profile"))
        let console = run.stderr.split(whereSeparator: \.isNewline).filter {
            $0.contains(":CONSOLE:") || $0.contains(":CONSOLE(")
        }.map(String.init)
        return PageLoad(dom: run.stdout, console: console, requests: try Self.pageRequests(netLog))
    }

    /// Saves a PNG of `page` rendered at `width`×`height` CSS pixels; `dark` asks for the
    /// dark colour scheme (`prefers-color-scheme: dark`).
    public func screenshot(_ page: URL, to png: URL, width: Int, height: Int, dark: Bool = false) throws {
        let scratch = try TemporaryDirectory(prefix: "savvy-chromium")
        try? FileManager.default.removeItem(at: png)
        _ = try chromium(["--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=\(png.path)"]
                         + (dark ? ["--force-dark-mode"] : []) + [page.absoluteString],
                         profile: scratch.url.appendingPathComponent("profile"))
        guard FileManager.default.fileExists(atPath: png.path) else {
            throw BrowserFailure(message: "chromium wrote no screenshot at \(png.path)")
        }
    }

    public struct BrowserFailure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    private func chromium(_ arguments: [String], profile: URL) throws -> (stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
            "--disable-extensions", "--disable-sync", "--user-data-dir=\(profile.path)",
        ] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        let (outData, errData) = PipeDrain.collect(process, stdout: out, stderr: err)
        timer.cancel()
        let stderr = String(decoding: errData, as: UTF8.self)
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw BrowserFailure(message: "chromium failed (\(process.terminationReason == .exit ? "exit \(process.terminationStatus)" : "killed after \(Int(timeout)) s")): \(stderr.suffix(2000))")
        }
        return (String(decoding: outData, as: UTF8.self), stderr)
    }

    /// URLs of `URL_REQUEST_START_JOB` events started by a page loaded from disk.
    static func pageRequests(_ netLog: URL) throws -> [String] {
        var data = try Data(contentsOf: netLog)
        var object = try? JSONSerialization.jsonObject(with: data)
        if object == nil {
            // A log cut short at exit lacks its closing brackets; the events before are whole.
            while let last = data.last, [UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: " ")].contains(last) {
                data.removeLast()
            }
            data.append(contentsOf: Array("]}".utf8))
            object = try JSONSerialization.jsonObject(with: data)
        }
        guard let log = object as? [String: Any], let constants = log["constants"] as? [String: Any],
              let types = constants["logEventTypes"] as? [String: Int], let start = types["URL_REQUEST_START_JOB"],
              let events = log["events"] as? [[String: Any]] else {
            throw BrowserFailure(message: "unreadable chromium net log at \(netLog.path)")
        }
        return events.compactMap { event -> String? in
            guard event["type"] as? Int == start, let params = event["params"] as? [String: Any],
                  let url = params["url"] as? String else { return nil }
            let key = params["network_isolation_key"] as? String ?? ""
            return key.contains("file://") || params["initiator"] as? String == "null" ? url : nil
        }
    }
}
