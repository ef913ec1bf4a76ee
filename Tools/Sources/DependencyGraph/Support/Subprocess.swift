import Foundation

/// A child process started by the tools, with its output captured in temporary files.
///
/// Output goes to files rather than pipes so that many processes can run at once without anyone
/// draining their pipes; the caller starts them all, then waits for each.
final class Subprocess {
  /// What a finished process printed, and how it ended.
  struct Result {
    let status: Int32
    let standardOutput: Data
    let standardError: String
  }

  private let process = Process()
  private let outputURL: URL
  private let errorURL: URL
  private let outputHandle: FileHandle
  private let errorHandle: FileHandle
  let commandLine: String

  /// Starts `arguments` (the first is looked up in `PATH`) in `directory`.
  ///
  /// - Parameters:
  ///   - arguments: The program and its arguments.
  ///   - directory: The working directory.
  ///   - scratch: A directory for the captured output.
  /// - Throws: ``ToolError/processFailed(_:status:output:)`` if the process cannot be started.
  init(_ arguments: [String], in directory: URL, scratch: URL) throws {
    let name = UUID().uuidString
    outputURL = scratch.appendingPathComponent("\(name).out")
    errorURL = scratch.appendingPathComponent("\(name).err")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    outputHandle = try FileHandle(forWritingTo: outputURL)
    errorHandle = try FileHandle(forWritingTo: errorURL)
    commandLine = arguments.joined(separator: " ")
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = outputHandle
    process.standardError = errorHandle
    do {
      try process.run()
    } catch {
      throw ToolError.processFailed(commandLine, status: -1, output: "\(error)")
    }
  }

  /// Waits for the process to exit and returns what it printed.
  ///
  /// - Returns: The exit status and the captured output.
  /// - Throws: An error if the captured output cannot be read.
  func wait() throws -> Result {
    process.waitUntilExit()
    try outputHandle.close()
    try errorHandle.close()
    let output = try Data(contentsOf: outputURL)
    let error = try String(contentsOf: errorURL, encoding: .utf8)
    try? FileManager.default.removeItem(at: outputURL)
    try? FileManager.default.removeItem(at: errorURL)
    return Result(status: process.terminationStatus, standardOutput: output, standardError: error)
  }

  /// Runs `arguments` to completion.
  ///
  /// - Parameters:
  ///   - arguments: The program and its arguments.
  ///   - directory: The working directory.
  /// - Returns: The exit status and the captured output.
  /// - Throws: An error if the process cannot be started or its output read.
  static func run(_ arguments: [String], in directory: URL) throws -> Result {
    let scratch = try TemporaryDirectory(prefix: "depgraph-run")
    defer { scratch.remove() }
    return try Subprocess(arguments, in: directory, scratch: scratch.url).wait()
  }
}
