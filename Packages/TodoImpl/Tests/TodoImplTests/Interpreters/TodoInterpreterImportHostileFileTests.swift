import AuthenticationAPI
import Core
import CoreTesting
import Dispatch
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
      await harness.runImport("/dev/zero")
        == [
          .importFailed(
            .fileUnreadable(path: "/dev/zero", reason: Self.notRegular), run: 1, owner: Users.alice)
        ]
    )
  }

  @Test("a FIFO is refused without waiting for a writer", .timeLimit(.minutes(1)))
  func fifo() async throws {
    defer { folder.remove() }
    let path = folder.path("pipe.csv")
    try #require(mkfifo(path, 0o600) == 0)
    let harness = try Harness()
    #expect(
      await harness.runImport(path)
        == [.importFailed(.fileUnreadable(path: path, reason: Self.notRegular), run: 1, owner: Users.alice)])
  }

  @Test("a link to a regular file is followed and imported")
  func link() async throws {
    defer { folder.remove() }
    let target = folder.path("in.csv")
    try "\(TodoCSV.headerWithoutPriority)\n,Linked,false,,,\n".write(
      toFile: target, atomically: true, encoding: .utf8)
    let link = folder.path("link.csv")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let harness = try Harness()
    let messages = await harness.runImport(link)
    guard case .importFinished(let report, Users.alice)? = messages.last else {
      Issue.record("Expected a report, got \(messages)")
      return
    }
    #expect(report.imported == 1)
  }

  @Test(
    "a stop (its task cancelled) ends an import whose rows are all malformed, and it sends nothing more",
    .timeLimit(.minutes(1)))
  func stopWithoutBatches() async throws {
    defer { folder.remove() }
    // Read to its end, it would take far longer than the time limit.
    let path = try folder.endlessCSV()
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
      await interpreter.runImport(
        TodoImportSubscription(owner: Users.alice, path: path, run: 1), dispatch: dispatch)
    }
    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()
    task.cancel()
    await task.value
    #expect(
      messages.withLock { $0 }
        == [
          .importProgress(
            TodoImportProgress(path: path, run: 1, fraction: 0, imported: 0), owner: Users.alice)
        ])
  }

  @Test(
    "imports whose rows never make a batch leave the threads of Swift's concurrency to other tasks: each suspends between chunks",
    .timeLimit(.minutes(1)))
  func endlessImportsDoNotStarveOtherTasks() async throws {
    defer { folder.remove() }
    // As many endless imports as the cooperative pool has threads (one a core): an import that
    // parsed chunk after chunk without suspending would hold its thread until the file's end, and
    // with all of them held no other task of the process would run again.
    let path = try folder.endlessCSV()
    let interpreter = try Harness().interpreter
    let count = max(2, ProcessInfo.processInfo.activeProcessorCount)
    let started = AsyncStream<Void>.makeStream()
    let imports = (1...count).map { run in
      Task.detached {
        await interpreter.runImport(
          TodoImportSubscription(owner: Users.alice, path: path, run: run),
          dispatch: Dispatch { message, _ in
            if case .importProgress? = message as? TodoMessage { started.continuation.yield() }
          })
      }
    }
    // A guard on a thread of its own, outside the pool: if the probe below has not run within 20
    // seconds, the pool is starved; it then stops the imports so that the test can end and fail.
    let probeRan = DispatchSemaphore(value: 0)
    let starved = StarvationFlag()
    let guardThread = Thread {
      guard probeRan.wait(timeout: .now() + 20) == .timedOut else { return }
      starved.raise()
      for task in imports { task.cancel() }
    }
    guardThread.start()
    var iterator = started.stream.makeAsyncIterator()
    for _ in 1...count { await iterator.next() }
    let probed = await Task.detached { true }.value
    probeRan.signal()
    for task in imports { task.cancel() }
    for task in imports { await task.value }
    #expect(probed)
    #expect(
      !starved.isRaised,
      "the imports held every thread of the pool: a task started after them did not run")
  }
}

/// Raised by the guard thread of ``TodoInterpreterImportHostileFileTests`` when the pool starved.
private final class StarvationFlag: Sendable {
  private let raised = Atomic(false)

  var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }

  func raise() { raised.store(true, ordering: .sequentiallyConsistent) }
}
