@preconcurrency import Glibc
import SavvyCLI

// A closed pipe must surface as EPIPE on write (handled quietly), not kill the process.
signal(SIGPIPE, SIG_IGN)
SavvyCLI.prepareProcess()
// The raw argv and environ, not CommandLine.arguments / ProcessInfo: those turn a file name
// that is not UTF-8 into another name.
let status = SavvyCLI.run(
    arguments: ProcessInput.arguments(),
    environment: ProcessInput.environment(),
    stdout: FileDescriptorSink(fd: STDOUT_FILENO),
    stderr: FileDescriptorSink(fd: STDERR_FILENO))
exit(status.code)
