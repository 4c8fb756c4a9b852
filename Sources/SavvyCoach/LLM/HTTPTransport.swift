import Foundation

/// Sends one HTTP POST and waits for the complete answer.
///
/// Implementations block the calling thread; `CurlTransport` does the network work on its own
/// `Thread`, so callers on the cooperative pool should hop off it first.
public protocol HTTPTransport: Sendable {
    func post(url: String, headers: [String: String], body: Data, timeoutSeconds: Double) -> Result<HTTPResponse, TransportFailure>
}
