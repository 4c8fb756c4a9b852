import CCurl
import Foundation

/// Owns one libcurl easy handle: created in `init`, cleaned up in `deinit`.
///
/// Not thread-safe; `CurlTransport` creates one per request on the request's own thread.
final class CurlEasy {
    /// `curl_global_init` is not thread-safe, so it runs exactly once, lazily, via Swift's
    /// thread-safe static initialisation.
    private static let globalInit: CURLcode = savvy_curl_global_init_default()

    /// Responses larger than this are cut off; a rubric answer is a few kilobytes.
    static let maxResponseBytes = 4 << 20

    let handle: UnsafeMutableRawPointer

    init() throws {
        let code = Self.globalInit
        guard code == CURLE_OK else { throw CoachError.curlInitFailed(code: Int32(code.rawValue)) }
        guard let handle = savvy_curl_easy_init() else { throw CoachError.curlInitFailed(code: -1) }
        self.handle = handle
    }

    deinit {
        savvy_curl_easy_cleanup(handle)
    }

    /// Accumulates body and headers from libcurl's callbacks.
    final class Sink {
        var body = Data()
        var headers: [String: String] = [:]
        var overflowed = false
    }

    /// POSTs `body` to `url` and returns status, headers and body, or why it failed.
    func post(url: String, headers: [String: String], body: Data, timeoutSeconds: Double) -> Result<HTTPResponse, TransportFailure> {
        let sink = Sink()
        let sinkPointer = Unmanaged.passUnretained(sink).toOpaque()
        var list: UnsafeMutablePointer<curl_slist>?
        // Sorted so the request is byte-identical from run to run.
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            list = savvy_curl_slist_append(list, "\(name): \(value)")
        }
        // An empty Expect stops curl waiting for "100 Continue" on larger bodies.
        list = savvy_curl_slist_append(list, "Expect:")
        defer { savvy_curl_slist_free_all(list) }

        let writeBody: savvy_curl_data_callback = { data, size, count, user in
            guard let data, let user else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            let bytes = size * count
            if sink.body.count + bytes > CurlEasy.maxResponseBytes {
                sink.overflowed = true
                return 0
            }
            data.withMemoryRebound(to: UInt8.self, capacity: bytes) { sink.body.append($0, count: bytes) }
            return bytes
        }
        let writeHeader: savvy_curl_data_callback = { data, size, count, user in
            guard let data, let user else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            let bytes = size * count
            let line = data.withMemoryRebound(to: UInt8.self, capacity: bytes) {
                String(decoding: UnsafeBufferPointer(start: $0, count: bytes), as: UTF8.self)
            }
            if line.hasPrefix("HTTP/") {
                sink.headers = [:]  // a new response (after a redirect or 100) starts a new set
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
                sink.headers[name] = value
            }
            return bytes
        }

        let timeoutMS = max(1, Int(timeoutSeconds * 1000))
        _ = url.withCString { savvy_curl_setopt_pointer(handle, CURLOPT_URL, $0) }
        _ = "http,https".withCString { savvy_curl_setopt_pointer(handle, CURLOPT_PROTOCOLS_STR, $0) }
        // No signal handlers: libcurl would otherwise use SIGALRM for DNS timeouts, which is
        // unsafe in a multi-threaded process.
        _ = savvy_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = savvy_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, timeoutMS)
        _ = savvy_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, min(timeoutMS, 10_000))
        _ = savvy_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        // A loopback server is never reached through `http_proxy`/`all_proxy`: the proxy would
        // receive the transcript meant to stay on this machine. "*" turns every proxy off.
        if LoopbackHost.isLoopback(url: url) {
            _ = "*".withCString { savvy_curl_setopt_pointer(handle, CURLOPT_NOPROXY, $0) }
        }
        _ = savvy_curl_setopt_long(handle, CURLOPT_POST, 1)
        _ = savvy_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, list.map { UnsafeRawPointer($0) })
        _ = savvy_curl_setopt_callback(handle, CURLOPT_WRITEFUNCTION, writeBody)
        _ = savvy_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, sinkPointer)
        _ = savvy_curl_setopt_callback(handle, CURLOPT_HEADERFUNCTION, writeHeader)
        _ = savvy_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, sinkPointer)
        _ = savvy_curl_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))

        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let code: CURLcode = body.withUnsafeBytes { bytes in
            errorBuffer.withUnsafeMutableBufferPointer { buffer in
                _ = savvy_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
                // POSTFIELDS does not copy: the body must outlive curl_easy_perform, so both
                // happen inside this closure.
                _ = savvy_curl_setopt_pointer(handle, CURLOPT_POSTFIELDS, bytes.baseAddress)
                let result = savvy_curl_easy_perform(handle)
                _ = savvy_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, nil)
                _ = savvy_curl_setopt_pointer(handle, CURLOPT_POSTFIELDS, nil)
                return result
            }
        }
        guard code == CURLE_OK else {
            let message = errorBuffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            let detail = message.isEmpty ? String(cString: savvy_curl_easy_strerror(code)) : message
            switch code {
            case CURLE_OPERATION_TIMEDOUT:
                return .failure(.timeout)
            case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
                return .failure(.unreachable(detail: detail))
            case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING:
                return .failure(.partial(detail: detail))
            case CURLE_WRITE_ERROR where sink.overflowed:
                return .failure(.other(code: Int32(code.rawValue), detail: "response larger than \(Self.maxResponseBytes) bytes"))
            default:
                return .failure(.other(code: Int32(code.rawValue), detail: detail))
            }
        }
        var status = 0
        _ = savvy_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return .success(HTTPResponse(status: status, headers: sink.headers, body: sink.body))
    }
}
