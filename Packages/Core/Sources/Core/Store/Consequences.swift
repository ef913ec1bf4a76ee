import Synchronization

/// What one sent message caused, to await: `await store.send(.save).finish()`.
///
/// ``finish()`` returns once the message has been processed and every command it caused has
/// finished, transitively: the commands its update emitted, the commands of the messages those
/// commands sent while they ran, and so on, following the causes the store records. Subscriptions
/// started along the way do not count (they may live forever); messages a command sends after it
/// has returned are dropped (``DropReason/commandReturned``).
///
/// A handle costs nothing until someone awaits it: it is two words (a number and the store or its
/// mailbox), and the store keeps no record per message for it. Awaiting asks the store, which
/// finds the message's outstanding commands among those running or waiting and counts them down.
/// Awaiting from inside an interpreter is safe: a message the interpreter dispatched roots its own
/// tree, which does not contain the interpreter's command.
///
/// The one record kept without a wait: a message a command sent that emits commands itself is
/// counted while that command runs, so its interpreter can await it. After the command has returned
/// it is counted only if someone awaits it, so a chain of command → message → command keeps a
/// bounded number of records however long it runs. The price: a handle on such a message, first
/// awaited after its command has returned and after the message was processed, returns at once.
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

/// Where a command's tree is counted: the message the tree descends from (the first message,
/// following causes back, whose own cause is not a running command), and the nearest message above
/// the command that the store follows on its own (see ``ConsequenceTracker``). Each running or
/// waiting command carries it, so the store can find a tree's outstanding commands when someone
/// first awaits it.
struct TreeRoot {
  let id: MessageID
  /// Its number in the mailbox, or 0 if it did not go through the mailbox.
  let post: UInt64
  /// The count of the nearest message above the command that the store follows, if any.
  var count: TreeCount? = nil
}

/// The outstanding part of the tree of one message sent by a running command, counted so that a
/// wait started while that command runs (its interpreter awaiting what it dispatched) finds it.
///
/// It counts the commands that report to it directly and the counts below it; it finishes when
/// that reaches zero, and then tells the count above it.
final class TreeCount {
  let id: MessageID
  /// Its number in the mailbox.
  let post: UInt64
  /// The nearest count above it that a wait could still find when it was made.
  let parent: TreeCount?
  /// The commands holding it and the counts below it still outstanding.
  var outstanding: Int
  var ticket: MessageTicket?
  /// Whether a wait can still find it: while it is awaited, or while the command that sent its
  /// message runs and it has not finished.
  var isFindable = true

  init(id: MessageID, post: UInt64, parent: TreeCount?, outstanding: Int, ticket: MessageTicket?) {
    self.id = id
    self.post = post
    self.parent = parent
    self.outstanding = outstanding
    self.ticket = ticket
  }
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

/// The loop's record of the trees someone awaits, and of the trees a wait started later may ask
/// for.
///
/// Two kinds of tree are counted:
/// - A root (a message sent from outside a command) is recorded only once someone awaits it: its
///   commands, at any depth, carry its ``TreeRoot``, so a wait started later counts them, and each
///   command started or finished in it moves the count.
/// - A message sent by a running command that itself emits commands gets a ``TreeCount`` while
///   that command runs, so its interpreter can await it; after that command has returned, only if
///   someone awaits it. A count made while the one above it can no longer be awaited attaches to
///   the nearest one that can, so a chain of command → message → command, however long, keeps a
///   bounded number of counts, each step costing the same.
///
/// The path of a message without commands touches nothing here.
struct ConsequenceTracker {
  private struct SentMessages {
    var ids: [MessageID] = []
    /// The length at which finished ones are dropped: twice what was left last time, so each
    /// message is looked at a bounded number of times.
    var compactAt = 32
  }

  private struct RootEntry {
    /// Commands of its tree running or waiting.
    var outstanding: Int
    /// Its number in the mailbox, or 0.
    let post: UInt64
    let ticket: MessageTicket
  }

  /// Roots someone awaits.
  private var roots: [MessageID: RootEntry] = [:]
  /// Counts a wait can find, by message.
  private var findable: [MessageID: TreeCount] = [:]
  /// The messages of ``findable`` counts, by the running command that sent them (with some that
  /// have finished since, dropped as the list grows).
  private var sentBy: [CommandID: SentMessages] = [:]
  /// Waits for messages still in the mailbox (or held by a test store), by number.
  private var postWaiters: [UInt64: MessageTicket] = [:]
  /// The number of the last message taken from the mailbox.
  var lastTakenPost: UInt64 = 0

  /// How many records it keeps (for tests: it keeps none for messages nobody awaits, and a bounded
  /// number along a chain of commands).
  var recordCount: Int { roots.count + findable.count + postWaiters.count }

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

  /// Records that the update of the root `root` emitted `count` commands.
  ///
  /// - Parameter ticket: A wait for the root that started before it was processed.
  mutating func emitted(_ count: Int, byRoot root: TreeRoot, ticket: MessageTicket?) {
    guard let ticket else { return }
    roots[root.id] = RootEntry(outstanding: count, post: root.post, ticket: ticket)
  }

  /// Records that the update of `id`, sent by the running command `sender`, emitted `count`
  /// commands.
  ///
  /// - Parameters:
  ///   - root: The tree `id` belongs to; ``TreeRoot/count`` is the sender's.
  ///   - ticket: A wait for `id` that started before it was processed.
  /// - Returns: Where `id`'s commands are counted.
  mutating func emitted(
    _ count: Int, by id: MessageID, post: UInt64, sentBy sender: CommandID, in root: TreeRoot,
    ticket: MessageTicket?
  ) -> TreeRoot {
    if !roots.isEmpty { roots[root.id]?.outstanding += count }
    var parent = root.count
    while let current = parent, !current.isFindable { parent = current.parent }
    parent?.outstanding += 1
    let made = TreeCount(id: id, post: post, parent: parent, outstanding: count, ticket: ticket)
    findable[id] = made
    var sent = sentBy.removeValue(forKey: sender) ?? SentMessages()
    sent.ids.append(id)
    if sent.ids.count >= sent.compactAt {
      sent.ids.removeAll { findable[$0] == nil }
      sent.compactAt = max(32, 2 * sent.ids.count)
    }
    sentBy[sender] = sent
    return TreeRoot(id: root.id, post: root.post, count: made)
  }

  /// The ticket of the tree of `id` if it is recorded, made if needed.
  mutating func ticket(forEntry id: MessageID) -> MessageTicket? {
    if let entry = roots[id] { return entry.ticket }
    guard let count = findable[id] else { return nil }
    if let ticket = count.ticket { return ticket }
    let ticket = MessageTicket()
    count.ticket = ticket
    return ticket
  }

  /// The message numbered `post` if its tree is recorded.
  func entry(withPost post: UInt64) -> MessageID? {
    if let found = findable.values.first(where: { $0.post == post }) { return found.id }
    return roots.first { $0.value.post == post }?.key
  }

  /// Starts tracking the tree of `root`, which has no entry, with `outstanding` commands.
  mutating func track(_ root: TreeRoot, outstanding: Int) -> MessageTicket {
    let ticket = MessageTicket()
    roots[root.id] = RootEntry(outstanding: outstanding, post: root.post, ticket: ticket)
    return ticket
  }

  /// Records that a command of the tree `root` finished (or will never start).
  mutating func finished(in root: TreeRoot) {
    if !roots.isEmpty, var entry = roots[root.id] {
      entry.outstanding -= 1
      if entry.outstanding == 0 {
        roots[root.id] = nil
        entry.ticket.complete()
      } else {
        roots[root.id] = entry
      }
    }
    var next = root.count
    while let count = next {
      count.outstanding -= 1
      guard count.outstanding == 0 else { return }
      if count.isFindable {
        count.isFindable = false
        findable[count.id] = nil
      }
      count.ticket?.complete()
      next = count.parent
    }
  }

  /// Records that the command `sender` has returned: the trees of the messages it sent can no
  /// longer be awaited by it, so only those someone awaits stay findable.
  mutating func senderReturned(_ sender: CommandID) {
    guard !sentBy.isEmpty, let sent = sentBy.removeValue(forKey: sender) else { return }
    for id in sent.ids {
      guard let count = findable[id], count.ticket == nil else { continue }
      count.isFindable = false
      findable[id] = nil
    }
  }

  /// Completes every ticket: the store is shutting down.
  mutating func completeAll() {
    for entry in roots.values { entry.ticket.complete() }
    for count in findable.values { count.ticket?.complete() }
    for ticket in postWaiters.values { ticket.complete() }
    roots.removeAll()
    findable.removeAll()
    sentBy.removeAll()
    postWaiters.removeAll()
  }
}
