import CSQLite
import Foundation

/// One compiled SQL statement: prepared in `init`, finalized in `deinit`.
///
/// Parameters are numbered from 1 and columns from 0, as in the SQLite C API. A statement keeps
/// its connection alive, so it can never outlive the handle it was compiled on.
final class Statement {
    private let handle: OpaquePointer
    private let connection: Connection
    private let action: String

    /// Compiles `sql`; `action` describes the work for error messages ("reading history").
    init(connection: Connection, sql: String, action: String) throws {
        var raw: OpaquePointer?
        let code = sqlite3_prepare_v2(connection.rawHandle, sql, -1, &raw, nil)
        guard code == SQLITE_OK, let raw else {
            sqlite3_finalize(raw)
            throw connection.error(code: code, action: action)
        }
        handle = raw
        self.connection = connection
        self.action = action
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to parameters 1…n.
    func bind(_ values: [SQLValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds one value to the 1-based parameter `index`.
    func bind(_ value: SQLValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .integer(let int):
            code = sqlite3_bind_int64(handle, index, int)
        case .real(let double):
            code = sqlite3_bind_double(handle, index, double)
        case .text(let string):
            // withCString hands over the whole UTF-8 buffer (embedded NULs included) plus a
            // terminator, so passing the byte count keeps every character.
            code = string.withCString { pointer in
                sqlite3_bind_text(handle, index, pointer, Int32(string.utf8.count), savvy_sqlite_transient())
            }
        case .blob(let data):
            if data.isEmpty {
                // bind_blob with a nil pointer would store NULL; an empty blob is a value.
                code = sqlite3_bind_zeroblob(handle, index, 0)
            } else {
                code = data.withUnsafeBytes { buffer in
                    sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), savvy_sqlite_transient())
                }
            }
        case .null:
            code = sqlite3_bind_null(handle, index)
        }
        guard code == SQLITE_OK else { throw connection.error(code: code, action: action) }
    }

    /// Advances to the next row; `false` when the statement has finished.
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            // Resetting clears the statement's error state so it can be reused after a busy error.
            sqlite3_reset(handle)
            throw connection.error(code: code, action: action)
        }
    }

    /// Binds `values` and runs the statement to completion, ignoring any rows.
    func execute(_ values: [SQLValue] = []) throws {
        try bind(values)
        while try step() {}
    }

    /// Whether column `index` of the current row is NULL.
    func isNull(_ index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// Column `index` as an integer (0 when NULL).
    func int64(_ index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// Column `index` as a real (0 when NULL).
    func double(_ index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// Column `index` as text ("" when NULL).
    func text(_ index: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// Column `index` as bytes (empty when NULL).
    func blob(_ index: Int32) -> Data {
        // column_blob must be called before column_bytes (sqlite.org/c3ref/column_blob.html).
        guard let pointer = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: pointer, count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// Column `index` as an optional integer.
    func optionalInt64(_ index: Int32) -> Int64? { isNull(index) ? nil : int64(index) }

    /// Column `index` as an optional real.
    func optionalDouble(_ index: Int32) -> Double? { isNull(index) ? nil : double(index) }

    /// Column `index` as optional text.
    func optionalText(_ index: Int32) -> String? { isNull(index) ? nil : text(index) }
}
