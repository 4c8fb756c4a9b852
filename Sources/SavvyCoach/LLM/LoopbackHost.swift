import CCurl
import Foundation

/// Decides whether a URL points at this machine from the address's literal text alone.
///
/// The host is read with libcurl's own URL parser, so the check sees exactly the host the
/// transfer will connect to (Foundation's `URL` and libcurl disagree on odd inputs such as
/// `http://a@b@c/`). Only `localhost`, a literal IPv4 address in 127.0.0.0/8 and the IPv6
/// loopback `::1` count: names are never looked up, so `127.evil.example` or
/// `127.0.0.1.nip.io` (which a resolver may well map to 127.0.0.1) are not loopback.
/// libcurl resolves `localhost` itself, without DNS (curl ≥ 7.78).
enum LoopbackHost {
    /// The host libcurl reads from `url`, lower-cased, IPv6 without brackets; nil when libcurl
    /// cannot parse the URL.
    static func host(of url: String) -> String? {
        guard let handle = savvy_curl_url() else { return nil }
        defer { savvy_curl_url_cleanup(handle) }
        guard savvy_curl_url_set(handle, CURLUPART_URL, url, 0) == CURLUE_OK else { return nil }
        var part: UnsafeMutablePointer<CChar>?
        guard savvy_curl_url_get(handle, CURLUPART_HOST, &part, 0) == CURLUE_OK, let part else { return nil }
        defer { savvy_curl_free(part) }
        var host = String(cString: part).lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host
    }

    /// True when `url`'s host is `localhost`, 127.0.0.0/8 or ::1 written as an address.
    static func isLoopback(url: String) -> Bool {
        host(of: url).map(isLoopbackLiteral) ?? false
    }

    /// True for `localhost` and for literal loopback addresses; false for every other name.
    static func isLoopbackLiteral(_ host: String) -> Bool {
        if host == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            let bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return bytes == [UInt8](repeating: 0, count: 15) + [1]
        }
        return false
    }
}
