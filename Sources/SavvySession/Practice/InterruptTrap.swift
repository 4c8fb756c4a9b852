@preconcurrency import Glibc
import Foundation
import Synchronization

/// Set by the SIGINT handler; read by `InterruptTrap`. A lock-free atomic store is one of the
/// few things a signal handler may do safely.
private let interruptRaised = Atomic<Bool>(false)

/// Turns Ctrl-C (SIGINT) into a flag for the duration of a recording, so the audio captured so
/// far is finished into a valid WAV instead of the process dying mid-write.
///
/// `init` installs the handler with `sigaction` (SA_RESTART, so other threads' blocking calls
/// resume) and remembers the previous disposition; `restore()` (or `deinit`) puts it back, so
/// Ctrl-C outside a recording behaves as the rest of the program expects. The flag is
/// process-wide: one trap at a time (recordings do not nest).
final class InterruptTrap {
    private var previous = sigaction()
    private var installed = false

    init() {
        // Touch the atomic before the handler can run: its first access may initialise it,
        // which is not async-signal-safe.
        interruptRaised.store(false, ordering: .sequentiallyConsistent)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            interruptRaised.store(true, ordering: .sequentiallyConsistent)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        installed = sigaction(SIGINT, &action, &previous) == 0
    }

    deinit {
        restore()
    }

    /// Whether SIGINT arrived since `init`.
    var wasRaised: Bool {
        interruptRaised.load(ordering: .sequentiallyConsistent)
    }

    /// Puts back the SIGINT disposition that was in force before `init`. Calling it again does
    /// nothing.
    func restore() {
        guard installed else { return }
        installed = false
        sigaction(SIGINT, &previous, nil)
    }
}
