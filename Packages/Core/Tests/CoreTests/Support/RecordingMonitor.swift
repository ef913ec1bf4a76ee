import Core
import CoreTesting

/// Keeps every event a store reports, for assertions.
@MainActor
final class RecordingMonitor<Model: Sendable>: StoreMonitor {
  private(set) var events: [StoreEvent<Model>] = []
  private var waiters: [Int: (matches: (String) -> Bool, resume: @Sendable (Bool) -> Void)] = [:]
  private var nextWaiter = 0

  func receive(_ event: StoreEvent<Model>) {
    events.append(event)
    guard !waiters.isEmpty, let kind = kinds.last else { return }
    for (token, waiter) in waiters where waiter.matches(kind) {
      waiters[token] = nil
      waiter.resume(true)
    }
  }

  /// Suspends until an event whose kind satisfies `matches` has been received (now or before).
  ///
  /// The store's own processing resumes the waiter; the timeout only fails a test that would hang.
  func waitForEvent(timeout: Duration = .seconds(5), _ matches: @escaping (String) -> Bool) async -> Bool {
    if kinds.contains(where: matches) { return true }
    nextWaiter += 1
    let token = nextWaiter
    let arrived = await waitWithTimeout(timeout) { resume in waiters[token] = (matches, resume) }
    waiters[token] = nil
    return arrived
  }

  var processed: [MessageRecord] {
    events.compactMap { event -> MessageRecord? in
      if case .messageProcessed(let record, _, _, _) = event { record } else { nil }
    }
  }

  var emittedCommands: [CommandRecord] {
    events.flatMap { event -> [CommandRecord] in
      if case .messageProcessed(_, _, let commands, _) = event { commands } else { [] }
    }
  }

  /// A one-word name per event, to assert the order of the loop.
  var kinds: [String] {
    events.map { event in
      switch event {
      case .messageProcessed(let record, _, _, _): "processed \(record.id)"
      case .modelUpdated(let id, _): "model \(id)"
      case .unhandledMessage(let record): "unhandled \(record.id)"
      case .commandStarted(let record): "command started \(record.id)"
      case .commandFinished(let record, _): "command finished \(record.id)"
      case .commandCancelled(let record): "command cancelled \(record.id)"
      case .commandFailed(let record, _, _): "command failed \(record.id)"
      case .noInterpreter(let record): "no interpreter \(record.id)"
      case .subscriptionStarted(let record, _): "subscription started \(record.id)"
      case .subscriptionStopped(let record, _): "subscription stopped \(record.id)"
      case .subscriptionFailed(let record, _): "subscription failed \(record.id)"
      case .noSubscriptionInterpreter(let record): "no subscription interpreter \(record.id)"
      case .messageDropped(_, let cause, _): "dropped from \(cause)"
      }
    }
  }
}
