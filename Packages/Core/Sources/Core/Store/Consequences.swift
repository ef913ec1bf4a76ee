import Synchronization

/// What one sent message caused, to await: `await store.send(.save).finish()`.
///
/// ``finish()`` returns once the message has been processed and every command it caused has
/// finished, transitively: the commands its update emitted, the commands of the messages those
/// commands sent while they ran, and so on, following the causes the store records. Subscriptions
/// started along the way do not count (they may live forever), and neither do messages a command
/// sends after it has returned (from a task of its own).
///
/// A handle costs nothing until someone awaits it: it is two words (a number and the store or its
/// mailbox), and the store keeps no record per message for it. Awaiting asks the store, which
/// finds the message's outstanding commands among those running or waiting and counts them down.
/// Awaiting from inside an interpreter is safe: a message the interpreter dispatched roots its own
/// tree, which does not contain the interpreter's command.
public struct SentMessage: Sendable {
  /// The message's id when `source` is its store; its number in the mailbox when `source` is the
  /// mailbox.
  private let id: UInt64
  /// `nil` (complete), the store to ask (processed, with commands outstanding), or the mailbox the
  /// message went through (its store is asked only if someone awaits). Two words, so a handle
  /// nobody awaits is returned in registers and costs at most a retain and a release.
  private let source: (any AnyObject & Sendable)?

  private init(id: UInt64, source: (any AnyObject & Sendable)?) {
    self.id = id
    self.source = source
  }

  /// A handle that is already complete.
  static var complete: SentMessage { SentMessage(id: 0, source: nil) }

  /// A handle on the message posted to `mailbox` as number `post`.
  static func posted(_ post: UInt64, _ mailbox: Mailbox) -> SentMessage {
    SentMessage(id: post, source: mailbox)
  }

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
    case let mailbox as Mailbox: await mailbox.waitForConsequences(ofPost: id)
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
  /// Processed, with commands outstanding.
  case tracked(MessageID)
  /// Queued in the mailbox with this number.
  case posted(UInt64)
}

/// The message a tree of commands descends from: the first message, following causes back, whose
/// own cause is not a running command. Each running or waiting command carries it, so the store
/// can find a tree's outstanding commands when someone first awaits it.
struct TreeRoot: Equatable {
  let id: MessageID
  /// Its number in the mailbox, or 0 if it did not go through the mailbox.
  let post: UInt64
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

/// The loop's record of the trees someone awaits, and of the links between messages that a wait
/// started later needs.
///
/// Nothing is recorded for a message sent from outside a command (a root) unless someone awaits
/// it: its commands carry its ``TreeRoot``, and a wait started later counts them. A message sent by
/// a running command that itself emits commands gets an entry linking it to its parent, so the
/// counts of the trees above it can follow its commands. The path of a message without commands
/// touches nothing here.
struct ConsequenceTracker {
  private struct Entry {
    /// Commands of its tree running or waiting.
    var outstanding: Int
    /// The message whose command sent it, if that command was running.
    let parent: MessageID?
    /// Its number in the mailbox, or 0.
    let post: UInt64
    var ticket: MessageTicket?
  }

  private var entries: [MessageID: Entry] = [:]
  /// Waits for messages still in the mailbox (or held by a test store), by number.
  private var postWaiters: [UInt64: MessageTicket] = [:]
  /// The number of the last message taken from the mailbox.
  var lastTakenPost: UInt64 = 0

  /// How many records it keeps (for tests: it keeps none for messages nobody awaits).
  var recordCount: Int { entries.count + postWaiters.count }

  /// Whether anyone waits for a message still in the mailbox.
  var hasPostWaiters: Bool { !postWaiters.isEmpty }

  /// The ticket of a wait for the message numbered `post`, taken as it is processed.
  mutating func takePostWaiter(_ post: UInt64) -> MessageTicket? {
    postWaiters.removeValue(forKey: post)
  }

  /// A ticket completed when the message numbered `post`, not yet processed, has finished.
  mutating func ticket(forQueuedPost post: UInt64) -> MessageTicket {
    if let ticket = postWaiters[post] { return ticket }
    let ticket = MessageTicket()
    postWaiters[post] = ticket
    return ticket
  }

  /// Records that the update of `id` emitted `count` commands.
  ///
  /// - Parameters:
  ///   - parent: The message whose running command sent `id`, or `nil` for a root.
  ///   - ticket: A wait for `id` that started before it was processed.
  mutating func emitted(
    _ count: Int, by id: MessageID, parent: MessageID?, post: UInt64, ticket: MessageTicket?
  ) {
    guard parent != nil || ticket != nil else { return }
    entries[id] = Entry(outstanding: count, parent: parent, post: post, ticket: ticket)
    var ancestor = parent
    while let current = ancestor, entries[current] != nil {
      entries[current]!.outstanding += count
      ancestor = entries[current]!.parent
    }
  }

  /// The ticket of the entry of `id`, made if needed; `nil` if `id` has no entry.
  mutating func ticket(forEntry id: MessageID) -> MessageTicket? {
    guard entries[id] != nil else { return nil }
    if let ticket = entries[id]!.ticket { return ticket }
    let ticket = MessageTicket()
    entries[id]!.ticket = ticket
    return ticket
  }

  /// The message numbered `post` if it has an entry.
  func entry(withPost post: UInt64) -> MessageID? {
    entries.first { $0.value.post == post }?.key
  }

  /// Starts tracking the tree of `root`, which has no entry, with `outstanding` commands.
  mutating func track(_ root: TreeRoot, outstanding: Int) -> MessageTicket {
    let ticket = MessageTicket()
    entries[root.id] = Entry(
      outstanding: outstanding, parent: nil, post: root.post, ticket: ticket)
    return ticket
  }

  /// Records that a command emitted by `emitter` finished (or will never start).
  mutating func finished(emittedBy emitter: MessageID) {
    var ancestor: MessageID? = emitter
    while let current = ancestor, var entry = entries[current] {
      entry.outstanding -= 1
      ancestor = entry.parent
      if entry.outstanding == 0 {
        entries[current] = nil
        entry.ticket?.complete()
      } else {
        entries[current] = entry
      }
    }
  }

  /// Completes every ticket: the store is shutting down.
  mutating func completeAll() {
    for entry in entries.values { entry.ticket?.complete() }
    for ticket in postWaiters.values { ticket.complete() }
    entries.removeAll()
    postWaiters.removeAll()
  }
}
