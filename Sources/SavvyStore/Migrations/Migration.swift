/// One step of the schema's history: the SQL that takes version `version - 1` to `version`.
///
/// Migrations are append-only. Once a version has shipped its SQL never changes — a database in a
/// user's home was built by it — so a fix is always a new migration. The test suite pins each
/// shipped migration's resulting schema with a golden file to catch an accidental edit.
struct Migration: Sendable {
    /// The schema version this migration produces, starting at 1.
    let version: Int
    /// A short name for logs and tests.
    let name: String
    /// The statements, run in order inside one transaction.
    let statements: [String]
}
