import AuthenticationAPI
import Core
import CoreTesting
import Foundation
import GRDB
import Synchronization
import Testing
import TodoAPI

@testable import TodoImpl

@Suite("TodoInterpreter: CSV import of files that never end or never make a batch (issue 19, item 3)")
struct TodoInterpreterImportHostileFileTests {
  private let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  private static let notRegular =
    "it is not a regular file but a device, a FIFO or a socket, which may never end"

  @Test("a device such as /dev/zero is refused before anything is read", .timeLimit(.minutes(1)))
  func device() async throws {
    defer { folder.remove() }
    let harness = try Harness()
    #expect(
      await harness.run(.importCSV(path: "/dev/zero", owner: Users.alice))
        == [.failed(.fileUnreadable(path: "/dev/zero", reason: Self.notRegular), owner: Users.alice)])
    #expect(!harness.interpreter.imports.isRunning)
  }

  @Test("a FIFO is refused without waiting for a writer", .timeLimit(.minutes(1)))
  func fifo() async throws {
    defer { folder.remove() }
    let path = folder.path("pipe.csv")
    try #require(mkfifo(path, 0o600) == 0)
    let harness = try Harness()
    #expect(
      await harness.run(.importCSV(path: path, owner: Users.alice))
        == [.failed(.fileUnreadable(path: path, reason: Self.notRegular), owner: Users.alice)])
  }

  @Test("a link to a regular file is followed and imported")
  func link() async throws {
    defer { folder.remove() }
    let target = folder.path("in.csv")
    try "\(TodoCSV.header)\n,Linked,false,,,\n".write(toFile: target, atomically: true, encoding: .utf8)
    let link = folder.path("link.csv")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let harness = try Harness()
    let messages = await harness.run(.importCSV(path: link, owner: Users.alice))
    guard case .importFinished(let report, Users.alice)? = messages.last else {
      Issue.record("Expected a report, got \(messages)")
      return
    }
    #expect(report.imported == 1)
  }

  @Test(
    "a cancellation stops an import whose rows are all malformed, though no batch is ever stored",
    .timeLimit(.minutes(1)))
  func cancelWithoutBatches() async throws {
    defer { folder.remove() }
    // 200,000 malformed rows: 1.4 MB, a dozen chunks; the first chunk is parsed before the cancel.
    let rows = 200_000
    let path = folder.path("malformed.csv")
    try (TodoCSV.header + "\n" + String(repeating: "broken\n", count: rows))
      .write(toFile: path, atomically: true, encoding: .utf8)
    let harness = try Harness()
    let interpreter = harness.interpreter
    let messages = Mutex<[TodoMessage]>([])
    // Cancels at the first progress report, which says that the import runs.
    let dispatch = Dispatch { message, _ in
      guard let message = message as? TodoMessage else { return }
      messages.withLock { $0.append(message) }
      if case .importProgress = message { interpreter.imports.cancel(owner: Users.alice) }
    }
    await interpreter.interpret(.importCSV(path: path, owner: Users.alice), dispatch: dispatch)
    let sent = messages.withLock { $0 }
    #expect(
      sent.first
        == .importProgress(TodoImportProgress(path: path, fraction: 0, imported: 0), owner: Users.alice))
    guard case .importFinished(let report, Users.alice)? = sent.last else {
      Issue.record("Expected the import to finish, got \(sent)")
      return
    }
    #expect(report.wasCancelled)
    #expect(report.imported == 0)
    #expect(report.skippedCount > 0 && report.skippedCount < rows, "stopped part way: \(report.skippedCount)")
    #expect(!interpreter.imports.isRunning)
  }

  @Test("a cancelled task stops an import whose rows are all malformed", .timeLimit(.minutes(1)))
  func taskCancellation() async throws {
    defer { folder.remove() }
    let rows = 200_000
    let path = folder.path("malformed.csv")
    try (TodoCSV.header + "\n" + String(repeating: "broken\n", count: rows))
      .write(toFile: path, atomically: true, encoding: .utf8)
    let harness = try Harness()
    let interpreter = harness.interpreter
    let started = AsyncStream<Void>.makeStream()
    let messages = Mutex<[TodoMessage]>([])
    let dispatch = Dispatch { message, _ in
      guard let message = message as? TodoMessage else { return }
      messages.withLock { $0.append(message) }
      if case .importProgress = message { started.continuation.yield() }
    }
    let task = Task {
      await interpreter.interpret(.importCSV(path: path, owner: Users.alice), dispatch: dispatch)
    }
    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()
    task.cancel()
    await task.value
    let sent = messages.withLock { $0 }
    guard case .importFinished(let report, Users.alice)? = sent.last else {
      Issue.record("Expected the import to finish, got \(sent)")
      return
    }
    #expect(report.wasCancelled)
    #expect(report.skippedCount < rows, "stopped part way: \(report.skippedCount)")
  }
}
