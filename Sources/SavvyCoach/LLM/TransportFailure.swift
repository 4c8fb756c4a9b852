/// Why an HTTP exchange produced no complete response. Details never include request bodies.
public enum TransportFailure: Error, Sendable, Equatable {
    /// The whole exchange took longer than its timeout.
    case timeout
    /// Could not connect or resolve the host; `detail` is libcurl's one-line reason.
    case unreachable(detail: String)
    /// The response was cut short (fewer bytes than announced, connection closed mid-body).
    case partial(detail: String)
    /// Any other libcurl failure, with its code.
    case other(code: Int32, detail: String)
}
