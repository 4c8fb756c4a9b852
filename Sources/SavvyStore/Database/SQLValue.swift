import Foundation

/// A value bound to a statement parameter, one case per SQLite storage class.
enum SQLValue: Equatable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case null

    /// An integer, or NULL when absent.
    static func integer(_ value: Int?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }
    /// A real, or NULL when absent.
    static func real(_ value: Double?) -> SQLValue { value.map { .real($0) } ?? .null }
    /// A text, or NULL when absent.
    static func text(_ value: String?) -> SQLValue { value.map { .text($0) } ?? .null }
    /// A blob, or NULL when absent.
    static func blob(_ value: Data?) -> SQLValue { value.map { .blob($0) } ?? .null }
}
