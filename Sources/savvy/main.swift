@preconcurrency import Glibc
import Foundation
import SavvyCLI

// A closed pipe must surface as EPIPE on write (handled quietly), not kill the process.
signal(SIGPIPE, SIG_IGN)
let status = SavvyCLI.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    stdout: FileDescriptorSink(fd: STDOUT_FILENO),
    stderr: FileDescriptorSink(fd: STDERR_FILENO))
exit(status.code)
