/// The loop's record of who waits for what: the trees someone awaits, the trees a wait started
/// later may ask for, and the waits in `settle()`.
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
    let number: UInt64
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
  private var numberWaiters: [UInt64: MessageTicket] = [:]
  /// The number of the last message taken from the mailbox.
  var lastTakenNumber: UInt64 = 0
  /// Waits in ``StoreLoop/settle(isolation:)`` for no message waiting and no command running.
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []

  /// Whether anyone waits in `settle()`.
  var hasIdleWaiters: Bool { !idleWaiters.isEmpty }

  /// Adds a wait in `settle()`, resumed once the loop is idle.
  mutating func waitForIdle(_ waiter: CheckedContinuation<Void, Never>) {
    idleWaiters.append(waiter)
  }

  /// Takes every wait in `settle()`, for the loop to resume.
  mutating func takeIdleWaiters() -> [CheckedContinuation<Void, Never>] {
    defer { idleWaiters.removeAll() }
    return idleWaiters
  }

  /// How many records it keeps (for tests: it keeps none for messages nobody awaits, and a bounded
  /// number along a chain of commands).
  var recordCount: Int { roots.count + findable.count + numberWaiters.count }

  /// Whether anyone waits for a message still in the mailbox.
  var hasNumberWaiters: Bool { !numberWaiters.isEmpty }

  /// The ticket of a wait for the message numbered `number`, taken as it is processed.
  mutating func takeNumberWaiter(_ number: UInt64) -> MessageTicket? {
    numberWaiters.removeValue(forKey: number)
  }

  /// A ticket completed when the message numbered `number`, not yet processed, has finished.
  private mutating func ticket(forQueuedNumber number: UInt64) -> MessageTicket {
    if let ticket = numberWaiters[number] { return ticket }
    let ticket = MessageTicket()
    numberWaiters[number] = ticket
    return ticket
  }

  /// Records that the update of the root `root` emitted `count` commands.
  ///
  /// - Parameter ticket: A wait for the root that started before it was processed.
  mutating func emitted(_ count: Int, byRoot root: TreeRoot, ticket: MessageTicket?) {
    guard let ticket else { return }
    roots[root.id] = RootEntry(outstanding: count, number: root.number, ticket: ticket)
  }

  /// Records that the update of `id`, sent by the running command `sender`, emitted `count`
  /// commands.
  ///
  /// - Parameters:
  ///   - root: The tree `id` belongs to; ``TreeRoot/count`` is the sender's.
  ///   - ticket: A wait for `id` that started before it was processed.
  /// - Returns: Where `id`'s commands are counted.
  mutating func emitted(
    _ count: Int, by id: MessageID, number: UInt64, sentBy sender: CommandID, in root: TreeRoot,
    ticket: MessageTicket?
  ) -> TreeRoot {
    if !roots.isEmpty { roots[root.id]?.outstanding += count }
    var parent = root.count
    while let current = parent, !current.isFindable { parent = current.parent }
    parent?.outstanding += 1
    let made = TreeCount(id: id, number: number, parent: parent, outstanding: count, ticket: ticket)
    findable[id] = made
    var sent = sentBy.removeValue(forKey: sender) ?? SentMessages()
    sent.ids.append(id)
    if sent.ids.count >= sent.compactAt {
      sent.ids.removeAll { findable[$0] == nil }
      sent.compactAt = max(32, 2 * sent.ids.count)
    }
    sentBy[sender] = sent
    return TreeRoot(id: root.id, number: root.number, count: made)
  }

  /// The ticket of the tree of `id` if it is recorded, made if needed.
  private mutating func ticket(forEntry id: MessageID) -> MessageTicket? {
    if let entry = roots[id] { return entry.ticket }
    guard let count = findable[id] else { return nil }
    if let ticket = count.ticket { return ticket }
    let ticket = MessageTicket()
    count.ticket = ticket
    return ticket
  }

  /// The message numbered `number` if its tree is recorded.
  private func entry(withNumber number: UInt64) -> MessageID? {
    if let found = findable.values.first(where: { $0.number == number }) { return found.id }
    return roots.first { $0.value.number == number }?.key
  }

  /// Starts tracking the tree of `root`, which has no entry, with `outstanding` commands.
  private mutating func track(_ root: TreeRoot, outstanding: Int) -> MessageTicket {
    let ticket = MessageTicket()
    roots[root.id] = RootEntry(outstanding: outstanding, number: root.number, ticket: ticket)
    return ticket
  }

  // MARK: - Waiting

  /// The ticket that completes when the tree of `id`, a processed message, has finished; `nil` if
  /// nothing of it is outstanding.
  mutating func ticket(forProcessed id: MessageID, commands: CommandRunner) -> MessageTicket? {
    ticket(forEntry: id) ?? trackRoot(id, commands: commands)
  }

  /// The ticket that completes when the message numbered `number` in the mailbox has been processed
  /// and its tree has finished; `nil` if it has, or if it was never posted.
  ///
  /// - Parameter isHeld: Whether a test store holds it, taken from the mailbox but not processed.
  mutating func ticket(forNumber number: UInt64, isHeld: Bool, commands: CommandRunner) -> MessageTicket? {
    if number > lastTakenNumber || isHeld { return ticket(forQueuedNumber: number) }
    if let id = entry(withNumber: number) { return ticket(forEntry: id) }
    guard let root = commands.root(withNumber: number) else { return nil }
    return trackRoot(root.id, commands: commands)
  }

  /// Starts tracking the tree of the root `id` (it has no entry) if commands of it are outstanding.
  private mutating func trackRoot(_ id: MessageID, commands: CommandRunner) -> MessageTicket? {
    guard let (root, outstanding) = commands.outstanding(descendingFrom: id) else { return nil }
    return track(root, outstanding: outstanding)
  }

  /// Whether ``finished(in:)`` has anything to count down for `root`: someone awaits a root, or
  /// `root` carries a count. Checked where it is called, so the common case makes no call.
  @inline(__always)
  func counts(_ root: TreeRoot) -> Bool { root.count != nil || !roots.isEmpty }

  /// Whether ``senderReturned(_:)`` has anything to forget.
  @inline(__always)
  var hasSenders: Bool { !sentBy.isEmpty }

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
    for ticket in numberWaiters.values { ticket.complete() }
    roots.removeAll()
    findable.removeAll()
    sentBy.removeAll()
    numberWaiters.removeAll()
  }
}

/// Where a command's tree is counted: the message the tree descends from (the first message,
/// following causes back, whose own cause is not a running command), and the nearest message above
/// the command that the store follows on its own (see ``ConsequenceTracker``). Each running or
/// waiting command carries it, so the store can find a tree's outstanding commands when someone
/// first awaits it.
struct TreeRoot {
  let id: MessageID
  /// Its number in the mailbox, or 0 if it did not go through the mailbox.
  let number: UInt64
  /// The count of the nearest message above the command that the store follows, if any.
  var count: TreeCount? = nil
}
