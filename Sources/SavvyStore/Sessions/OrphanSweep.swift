/// What a sweep of the recordings folder found: files no session refers to.
public struct OrphanSweep: Sendable, Equatable {
    /// Orphaned recordings removed.
    public var removed = 0
    /// Their total size in bytes.
    public var bytes: Int64 = 0
    /// Unreferenced files left alone because they are younger than the grace age (an insert may
    /// be about to commit them).
    public var young = 0

    public init(removed: Int = 0, bytes: Int64 = 0, young: Int = 0) {
        self.removed = removed
        self.bytes = bytes
        self.young = young
    }
}
