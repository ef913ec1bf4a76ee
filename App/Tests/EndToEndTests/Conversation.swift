import Foundation
import Subprocess
import SystemPackage

/// A running `todo` that a test talks to through a pipe: it writes lines, reads the output as it
/// comes, and sends signals.
struct Conversation {
  fileprivate let writeInput: (String) async throws -> Void
  fileprivate let finishInput: () async throws -> Void
  fileprivate let sendSignal: (Signal) throws -> Void
  fileprivate var lines: SubprocessOutputSequence.StringSequence<UTF8>.AsyncIterator
  /// Everything read so far, one line each.
  private(set) var output = ""

  /// Writes `text` to the app's standard input.
  func send(_ text: String) async throws { try await writeInput(text) }

  /// Closes the app's standard input (the end of its input).
  func closeInput() async throws { try await finishInput() }

  /// Sends `signal` to the app.
  func signal(_ signal: Signal) throws { try sendSignal(signal) }

  /// Reads output until a line contains `text`.
  ///
  /// - Returns: Whether it came before the output ended.
  @discardableResult
  mutating func read(until text: String) async throws -> Bool {
    while let line = try await lines.next() {
      output += line + "\n"
      if line.contains(text) { return true }
    }
    return false
  }

  /// Reads the rest of the output.
  mutating func readToEnd() async throws {
    while let line = try await lines.next() { output += line + "\n" }
  }
}

extension AppProcess {
  /// Runs `todo` (or the program at `path`) with `arguments` and lets `body` talk to it; closes its input when `body` returns
  /// and waits for it to exit.
  ///
  /// - Returns: The whole output and the exit status.
  static func converse(
    path: String = executable.path, _ arguments: [String], _ body: (inout Conversation) async throws -> Void
  ) async throws -> (output: String, status: Int32) {
    let run = try await Subprocess.run(
      .path(FilePath(path)), arguments: Arguments(arguments), environment: environment,
      input: .inputWriter, output: .sequence, error: .discarded
    ) { execution in
      let writer = execution.standardInputWriter
      var conversation = Conversation(
        writeInput: { _ = try await writer.write($0) }, finishInput: { try await writer.finish() },
        sendSignal: { try execution.send(signal: $0) },
        lines: execution.standardOutput.strings().makeAsyncIterator())
      try await body(&conversation)
      try? await writer.finish()
      try await conversation.readToEnd()
      return conversation.output
    }
    return (run.closureResult, status(of: run.terminationStatus))
  }

  /// Writes a to-do CSV file of `rows` rows: `item-N,Task number N,…`, every third one done.
  static func writeCSV(rows: Int, to file: URL) throws {
    var text = "id,title,done,due,created,updated\n"
    text.reserveCapacity(rows * 80)
    for index in 0..<rows {
      text +=
        "item-\(index),Task number \(index),\(index % 3 == 0),,2026-01-01T00:00:00Z,2026-01-01T00:00:00Z\n"
    }
    try Data(text.utf8).write(to: file)
  }
}
