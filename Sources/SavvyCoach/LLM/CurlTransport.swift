import Foundation

/// `HTTPTransport` over libcurl, running each request on a dedicated `Thread`.
///
/// A blocking libcurl call must not occupy a Swift concurrency pool thread (there are only as
/// many as cores), so the caller waits on a semaphore while a plain thread does the transfer.
public struct CurlTransport: HTTPTransport {
    public init() {}

    public func post(url: String, headers: [String: String], body: Data, timeoutSeconds: Double) -> Result<HTTPResponse, TransportFailure> {
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let result: Result<HTTPResponse, TransportFailure>
            do {
                result = try CurlEasy().post(url: url, headers: headers, body: body, timeoutSeconds: timeoutSeconds)
            } catch {
                result = .failure(.other(code: -1, detail: "libcurl failed to initialise"))
            }
            box.set(result)
            done.signal()
        }
        thread.name = "savvy-curl"
        thread.start()
        done.wait()
        return box.get()
    }

    /// Hands the result from the curl thread to the waiting caller.
    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Result<HTTPResponse, TransportFailure> = .failure(.other(code: -1, detail: "no result"))

        func set(_ result: Result<HTTPResponse, TransportFailure>) {
            lock.lock()
            value = result
            lock.unlock()
        }

        func get() -> Result<HTTPResponse, TransportFailure> {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }
}
