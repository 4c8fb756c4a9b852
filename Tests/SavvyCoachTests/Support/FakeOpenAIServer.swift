import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A loopback HTTP/1.1 server that answers chat-completion requests from a script of replies,
/// to inject protocol faults (429, 5xx, timeouts, broken bodies) into the real libcurl path.
///
/// Foundation on Linux has no HTTP server, so this is a small blocking socket loop on its own
/// thread. One connection at a time, `Connection: close` on every reply.
final class FakeOpenAIServer: @unchecked Sendable {
    /// One scripted reply.
    struct Reply {
        var status: Int = 200
        var headers: [String: String] = [:]
        var body: String = ""
        /// Seconds to wait before answering (to trip the client timeout).
        var delay: Double = 0
        /// Announce the full length but send only this many body bytes, then close.
        var truncateTo: Int?
    }

    /// One received request.
    struct Request {
        var path: String
        var headers: [String: String]
        var body: Data

        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var model: String? { json["model"] as? String }
    }

    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var script: [Reply]
    private var received: [Request] = []
    private let finished = DispatchSemaphore(value: 0)

    var baseURL: String { "http://127.0.0.1:\(port)/v1" }

    init(replies: [Reply]) throws {
        script = replies
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0  // the kernel picks a free port
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 8) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        self.listener = listener
        let thread = Thread { [self] in serve() }
        thread.name = "fake-openai"
        thread.start()
    }

    /// Requests received so far, in order.
    var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Stops accepting and waits for the serving thread to end.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        finished.wait()
    }

    private func nextReply() -> Reply {
        lock.lock()
        defer { lock.unlock() }
        if script.isEmpty {
            return Reply(status: 500, body: #"{"error":{"message":"fake server script exhausted","type":"server_error"}}"#)
        }
        return script.removeFirst()
    }

    private func serve() {
        defer { finished.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            handle(connection)
            close(connection)
        }
    }

    private func handle(_ connection: Int32) {
        guard let request = readRequest(connection) else { return }
        lock.lock()
        received.append(request)
        lock.unlock()
        let reply = nextReply()
        if reply.delay > 0 { Thread.sleep(forTimeInterval: reply.delay) }
        let body = Array(reply.body.utf8)
        var head = "HTTP/1.1 \(reply.status) Fake\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        for (name, value) in reply.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let sentBody = reply.truncateTo.map { Array(body.prefix($0)) } ?? body
        sendAll(connection, Array(head.utf8) + sentBody)
    }

    private func sendAll(_ connection: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: the client may have hung up (timeout test); no SIGPIPE.
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    private func readRequest(_ connection: Int32) -> Request? {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var headerEnd: Int?
        var contentLength = 0
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            data += buffer[0..<count]
            if headerEnd == nil, let end = Self.find([13, 10, 13, 10], in: data) {
                headerEnd = end + 4
                let head = String(decoding: data[0..<end], as: UTF8.self)
                for line in head.split(separator: "\r\n").dropFirst() {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2, parts[0].lowercased() == "content-length" {
                        contentLength = Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
                    }
                }
            }
            if let headerEnd, data.count >= headerEnd + contentLength {
                let head = String(decoding: data[0..<(headerEnd - 4)], as: UTF8.self)
                let lines = head.split(separator: "\r\n")
                let path = lines.first?.split(separator: " ").dropFirst().first.map(String.init) ?? ""
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
                }
                return Request(path: path, headers: headers, body: Data(data[headerEnd..<(headerEnd + contentLength)]))
            }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
