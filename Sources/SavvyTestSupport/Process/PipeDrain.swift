import Foundation

/// Reads a started process's stdout and stderr to the end at the same time, so a chatty process
/// cannot block on a full pipe, then waits for it to exit.
enum PipeDrain {
    static func collect(_ process: Process, stdout out: Pipe, stderr err: Pipe) -> (stdout: Data, stderr: Data) {
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        Thread.detachNewThread {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (outData, errData)
    }
}
