import COpenBLAS

/// The thread pool OpenBLAS starts when the process loads, which savvy never uses.
public enum BLASThreads {
    /// Ends OpenBLAS's pool and keeps it on one thread (see `savvy_openblas_stop_threads` in
    /// COpenBLAS's shim): call once, early. The sentence encoder runs on its caller's thread
    /// either way; calling again does nothing more.
    public static func stop() {
        savvy_openblas_stop_threads()
    }
}
