import Foundation
import Subprocess
import SystemPackage

/// Runs the built `todo` executable and other programs, for end-to-end tests.
enum AppProcess {
  struct Output {
    let standardOutput: String
    let standardError: String
    let status: Int32
  }

  /// The executable `swift test` built next to the tests.
  static var executable: URL {
    var folder = URL(fileURLWithPath: #filePath)
    while folder.lastPathComponent != "App" { folder.deleteLastPathComponent() }
    return folder.appendingPathComponent(".build/debug/todo")
  }

  /// A fresh, empty data folder, private as the app makes one (so it has nothing to tighten).
  static func temporaryFolder() -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "todo-e2e-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return folder
  }

  /// The environment of every run: the caller's, in UTC so dates print the same everywhere.
  static var environment: Environment { .inherit.updating(["TZ": "UTC"]) }

  /// Runs `todo` with `arguments`, feeding `input` on standard input, and waits for it to exit.
  ///
  /// - Parameter variables: Environment variables to set on top of ``environment`` (`TZ`, say).
  static func run(
    _ arguments: [String], input: String = "", variables: [Environment.Key: String?] = [:]
  ) async throws -> Output {
    try await run(path: executable.path, arguments, input: input, variables: variables)
  }

  /// Runs the program at `path` and waits for it to exit.
  static func run(
    path: String, _ arguments: [String], input: String = "", variables: [Environment.Key: String?] = [:]
  ) async throws -> Output {
    let result = try await Subprocess.run(
      .path(FilePath(path)), arguments: Arguments(arguments),
      environment: variables.isEmpty ? environment : environment.updating(variables),
      input: .string(input), output: .string(limit: 64 << 20), error: .string(limit: 1 << 20))
    return Output(
      standardOutput: result.standardOutput, standardError: result.standardError,
      status: status(of: result.terminationStatus))
  }

  /// The exit code, or 128 + the signal number for a process killed by a signal (as shells do).
  static func status(of termination: TerminationStatus) -> Int32 {
    switch termination {
    case .exited(let code): Int32(code)
    case .signaled(let signal): 128 + Int32(signal)
    }
  }
}
