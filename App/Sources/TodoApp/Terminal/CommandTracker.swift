import Core
import Foundation
import TodoAPI

/// Knows which commands are running, so that the session can wait for the work a line started
/// without waiting for an import, which runs until it is done or cancelled.
///
/// `Store.settle()` waits for every command, so a session that settled after each line could not
/// read `import cancel` while an import ran. This monitor counts commands from their start to their
/// end. A command's messages reach the store before its end does (both travel through the store's
/// one mailbox, in order), and the commands those messages emit start while they are processed; so
/// when the last command other than an import has ended, everything the line set off has played
/// out, apart from the import.
///
/// Attaching a monitor stops the store from writing its problem reports (a command without
/// interpreter, an interpreter that throws, …) to standard error itself, so this one does.
@MainActor
final class CommandTracker: StoreMonitor {
  /// Whether each running command outlives the line that started it.
  private var running: [CommandID: Bool] = [:]
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private let reportProblem: (String) -> Void

  /// Creates a tracker.
  ///
  /// - Parameter reportProblem: Receives a line for each problem the store reports.
  init(
    reportProblem: @escaping (String) -> Void = {
      FileHandle.standardError.write(Data("[Store] \($0)\n".utf8))
    }
  ) {
    self.reportProblem = reportProblem
  }

  /// Whether every running command is one that outlives its line (an import), or none runs.
  var isQuiet: Bool { !running.values.contains(false) }

  /// How many commands run, imports included.
  var runningCount: Int { running.count }

  /// Suspends until ``isQuiet``.
  func waitUntilQuiet() async {
    while !isQuiet {
      await withCheckedContinuation { waiters.append($0) }
    }
  }

  /// Whether `command` runs on after the line that started it: an import, which reports progress
  /// until it is done or `import cancel` stops it.
  static func outlivesItsLine(_ command: any Command) -> Bool {
    if case .importCSV = command as? TodoCommand { true } else { false }
  }

  /// Follows commands; reports problems.
  ///
  /// - Parameter event: What the store did.
  func receive(_ event: StoreEvent<AppModel>) {
    if let problem = event.problemDescription { reportProblem(problem) }
    switch event {
    case .commandStarted(let record):
      running[record.id] = Self.outlivesItsLine(record.command)
    case .commandFinished(let record, _), .commandFailed(let record, _, _):
      ended(record.id)
    default:
      break
    }
  }

  private func ended(_ id: CommandID) {
    running[id] = nil
    guard isQuiet, !waiters.isEmpty else { return }
    let ready = waiters
    waiters.removeAll()
    for waiter in ready { waiter.resume() }
  }
}
