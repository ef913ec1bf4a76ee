import Synchronization

/// What one sent message caused, to await: `await store.send(.save).finish()`.
///
/// ``finish()`` returns once the message has been processed and every command it caused has
/// finished, transitively: the commands its update emitted, the commands of the messages those
/// commands sent while they ran, and so on, following the causes the store records. Subscriptions
/// started along the way do not count (they may live forever), and neither do messages a command
/// sends after it has returned (from a task of its own).
///
/// Awaiting costs nothing for a message that emitted no command (the handle is complete when
/// ``Store/send(_:)`` returns); otherwise the store keeps one small record until the last command
/// of the tree finishes. Awaiting from inside an interpreter is safe: a message the interpreter
/// dispatched roots its own tree, which does not contain the interpreter's command.
public struct SentMessage: Sendable {
  /// The message's id when `source` is its store; unused for a ticket.
  private let id: UInt64
  /// `nil` (complete), a ``MessageTicket``, or the store to ask (processed, with commands
  /// outstanding: the store is asked only if someone awaits). Two words, so a handle nobody
  /// awaits is returned in registers and costs a release of `nil`.
  private let source: (any AnyObject & Sendable)?

  private init(id: UInt64, source: (any AnyObject & Sendable)?) {
    self.id = id
    self.source = source
  }

  /// A handle that is already complete.
  static var complete: SentMessage { SentMessage(id: 0, source: nil) }

  /// A handle completed by `ticket`.
  static func ticket(_ ticket: MessageTicket) -> SentMessage { SentMessage(id: 0, source: ticket) }

  /// A handle on the tree of `id`, which `store` tracks.
  static func tree(_ id: MessageID, _ store: some ConsequenceWaiting) -> SentMessage {
    SentMessage(id: id.rawValue, source: store)
  }

  /// Suspends until the message has been processed and every command it caused, transitively,
  /// has finished; at once after the store shuts down.
  ///
  /// Cancelling the waiting task stops the wait; it does not cancel the commands.
  public func finish() async {
    switch source {
    case nil: return
    case let ticket as MessageTicket: await ticket.wait()
    case let store as any ConsequenceWaiting: await store.waitForConsequences(of: MessageID(rawValue: id))
    default: return
    }
  }
}

/// A store that can wait for the consequences of a message it processed.
protocol ConsequenceWaiting: AnyObject, Sendable {
  func waitForConsequences(of id: MessageID) async
}

/// What ``StoreLoop/send(_:cause:)`` tells its host about the handle to return.
enum SendOutcome {
  case complete
  case tracked(MessageID)
  case ticket(MessageTicket)
}

/// The completion of one message's tree, shared by its handle (any task) and the loop.
final class MessageTicket: Sendable {
  private struct State: ~Copyable {
    var done = false
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var lastWaiter = 0
  }

  private let state = Mutex(State())

  /// Marks the tree finished and resumes every waiter.
  func complete() {
    let waiters = state.withLock { state in
      state.done = true
      defer { state.waiters.removeAll() }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  func wait() async {
    let token = state.withLock { state -> Int? in
      if state.done { return nil }
      state.lastWaiter += 1
      return state.lastWaiter
    }
    guard let token else { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state in
          if state.done || Task.isCancelled { return true }
          state.waiters[token] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: token) }
      waiter?.resume()
    }
  }
}

/// The loop's record of messages whose commands have not all finished: for each, how many
/// commands of its tree are running or waiting, its parent (the message whose command sent it), and
/// the tickets to complete when the count reaches zero.
///
/// Touched only for messages that emit commands and for finishing commands, never on the path of a
/// message without commands.
struct ConsequenceTracker {
  private struct Entry {
    var outstanding: Int
    let parent: MessageID?
    var tickets: [MessageTicket] = []
  }

  private var entries: [MessageID: Entry] = [:]

  /// Whether `id` still has commands running or waiting in its tree.
  func isPending(_ id: MessageID) -> Bool { entries[id] != nil }

  /// Records that the update of `id`, sent with `cause`, emitted `count` commands.
  mutating func emitted(_ count: Int, by id: MessageID, cause: Cause) {
    var parent: MessageID?
    if case .command(_, let emitter) = cause, entries[emitter] != nil { parent = emitter }
    entries[id] = Entry(outstanding: count, parent: parent)
    var ancestor = parent
    while let current = ancestor {
      entries[current]!.outstanding += count
      ancestor = entries[current]!.parent
    }
  }

  /// Attaches `ticket` to `id`'s tree; completes it at once if nothing is outstanding.
  mutating func attach(_ ticket: MessageTicket, to id: MessageID) {
    if entries[id] != nil {
      entries[id]!.tickets.append(ticket)
    } else {
      ticket.complete()
    }
  }

  /// Records that a command emitted by `emitter` finished (or will never start).
  mutating func finished(emittedBy emitter: MessageID) {
    var ancestor: MessageID? = emitter
    while let current = ancestor, var entry = entries[current] {
      entry.outstanding -= 1
      ancestor = entry.parent
      if entry.outstanding == 0 {
        entries[current] = nil
        for ticket in entry.tickets { ticket.complete() }
      } else {
        entries[current] = entry
      }
    }
  }

  /// Completes every ticket: the store is shutting down.
  mutating func completeAll() {
    for entry in entries.values {
      for ticket in entry.tickets { ticket.complete() }
    }
    entries.removeAll()
  }
}
