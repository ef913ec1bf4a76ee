/// Where each command of a store is: running in its task, performed on the store's actor with its
/// end not taken yet, or waiting for a slot; the keys and children they run under; and the
/// interpreters that perform them.
///
/// A plain value that ``CommandRunner`` keeps and changes: no method calls user code, so the
/// runner's one unchecked access to it never spans one.
struct CommandTable {
  /// The interpreters, found by the type of a command.
  var interpreters = InterpreterRegistry<AnyCommandInterpreter>()
  /// Commands running in their tasks.
  private(set) var tasks: [CommandID: RunningCommand] = [:]
  /// Commands performed on the store's actor whose end the loop has not taken, oldest first from
  /// `performedHead`. Their ends are queued in the order they were performed, so the one the loop
  /// takes is the oldest: no hashing to find it.
  private var performed: [RunningCommand] = []
  private var performedHead = 0
  /// The records of the running commands whose end is reported: every command in a task, and one
  /// performed on the actor that failed or that a monitor watches.
  var records: [CommandID: CommandRecord] = [:]
  /// Commands waiting for a free slot, oldest first from `waitingHead`.
  private var waiting: [Waiting] = []
  private var waitingHead = 0
  /// For each interpreter that may perform commands on the store's actor, how many of its
  /// commands run in tasks: while any does, its later commands run in tasks too, so none overtakes
  /// an earlier one.
  var inTask: [Int] = []
  /// The key and the child each command running in a task or waiting runs under.
  var scopes = CommandScopes()
  /// The commands cancelled since the loop last took them (``takeCancelled()``).
  private var cancelled: [Cancelled] = []
  /// Cancelled commands whose task has not ended yet: their messages are dropped as cancelled.
  private var cancelledTasks: Set<CommandID> = []

  /// A command waiting for a free slot.
  struct Waiting {
    let record: CommandRecord
    let root: TreeRoot
    let interpreter: AnyCommandInterpreter
    let child: CommandRunner.ChildTarget?
  }

  /// A command a key or its child's removal cancelled, for the loop to end.
  enum Cancelled {
    /// It runs in a task, which is cancelled: the loop ends it now.
    case running(CommandID)
    /// It waited for a slot and never starts: its tree is counted down, and monitors told.
    case waiting(CommandRecord, root: TreeRoot)
  }

  // MARK: - Reading

  /// Whether no command is running or waiting.
  var isIdle: Bool { tasks.isEmpty && performedHead == performed.count && waitingHead == waiting.count }

  /// Whether a command waits for a free slot.
  var hasWaiting: Bool { waitingHead < waiting.count }

  /// How many command records it stores (for tests).
  var storedRecordCount: Int {
    tasks.count + performed.count - performedHead + records.count + waiting.count - waitingHead
  }

  /// Whether the command `id` runs: handed to its interpreter, its end not taken yet.
  @inline(__always)
  func isRunning(_ id: CommandID) -> Bool {
    // Ids only, not ``root(ofRunning:)``: no record is copied for the message of every command.
    isOldestPerformed(id) || isRunningElsewhere(id)
  }

  /// Whether `id` is the oldest performed command whose end is not taken: the one whose messages,
  /// and then whose end, the loop takes next, so it is looked for first, without a call.
  @inline(__always)
  private func isOldestPerformed(_ id: CommandID) -> Bool {
    performedHead < performed.count && performed[performedHead].id == id
  }

  @inline(never)
  private func isRunningElsewhere(_ id: CommandID) -> Bool {
    if tasks.index(forKey: id) != nil { return true }
    return performed[performedHead...].contains { $0.id == id }
  }

  /// Whether the command `id`, which no longer runs, was cancelled while its task still runs (its
  /// messages are dropped as cancelled, not as sent after it returned).
  func wasCancelled(_ id: CommandID) -> Bool { cancelledTasks.contains(id) }

  /// The root of the tree of the running command `id`, or `nil` if it is not running.
  func root(ofRunning id: CommandID) -> TreeRoot? {
    if isOldestPerformed(id) { return performed[performedHead].root }
    if let found = tasks[id] { return found.root }
    return performed[performedHead...].first { $0.id == id }?.root
  }

  /// The root of the first command running or waiting whose root has the mailbox number `number`.
  func root(withNumber number: UInt64) -> TreeRoot? {
    if let found = tasks.values.first(where: { $0.root.number == number }) { return found.root }
    if let found = performed[performedHead...].first(where: { $0.root.number == number }) {
      return found.root
    }
    return waiting[waitingHead...].first { $0.root.number == number }?.root
  }

  /// The root `id` and how many commands running or waiting descend from it; `nil` if none does.
  /// A scan, made only when someone first awaits a tree.
  func outstanding(descendingFrom id: MessageID) -> (root: TreeRoot, count: Int)? {
    var root: TreeRoot?
    var count = 0
    for command in tasks.values where command.root.id == id {
      root = command.root
      count += 1
    }
    for command in performed[performedHead...] where command.root.id == id {
      root = command.root
      count += 1
    }
    for command in waiting[waitingHead...] where command.root.id == id {
      root = command.root
      count += 1
    }
    return root.map { ($0, count) }
  }

  // MARK: - Changing

  /// Adds a command performed on the store's actor, whose end is queued.
  mutating func performed(_ id: CommandID, root: TreeRoot) {
    performed.append(RunningCommand(id: id, root: root))
  }

  /// Adds a command started in its task.
  mutating func startedInTask(_ command: RunningCommand) {
    tasks[command.id] = command
  }

  mutating func wait(_ waiting: Waiting) {
    self.waiting.append(waiting)
  }

  /// Takes the oldest waiting command.
  mutating func takeWaiting() -> Waiting? {
    guard waitingHead < waiting.count else { return nil }
    let next = waiting[waitingHead]
    Self.advance(&waiting, head: &waitingHead)
    return next
  }

  /// Ends the command `id`, whose end the loop has taken (its record, if it has one, stays in
  /// ``records``).
  ///
  /// - Returns: The root of its tree, or `nil` if it was not running.
  mutating func finish(_ id: CommandID) -> TreeRoot? {
    if isOldestPerformed(id) {
      guard performedHead == 0, performed.count == 1 else {
        let ended = performed[performedHead]
        Self.advance(&performed, head: &performedHead)
        return ended.root
      }
      // The only one (the usual case) is moved out, not copied and destroyed with the rest.
      return performed.removeLast().root
    }
    if let index = performed[performedHead...].firstIndex(where: { $0.id == id }) {
      return performed.remove(at: index).root
    }
    guard let finished = tasks.removeValue(forKey: id) else { return nil }
    if let slot = finished.inTaskSlot { inTask[slot] -= 1 }
    scopes.forget(id)
    return finished.root
  }

  /// Marks the command `id` cancelled if it runs in a task (returning its task, to cancel) or
  /// removes it if it waits; the loop ends it (``takeCancelled()``).
  mutating func cancel(_ id: CommandID) -> Task<Void, Never>? {
    scopes.forget(id)
    if let command = tasks[id] {
      cancelledTasks.insert(id)
      cancelled.append(.running(id))
      return command.task
    }
    if let index = waiting[waitingHead...].firstIndex(where: { $0.record.id == id }) {
      let removed = waiting.remove(at: index)
      cancelled.append(.waiting(removed.record, root: removed.root))
    }
    return nil
  }

  /// The commands cancelled since the last call, oldest first.
  mutating func takeCancelled() -> [Cancelled] {
    defer { cancelled.removeAll() }
    return cancelled
  }

  /// The end of a cancelled command's task, which the loop has already ended.
  mutating func cancelledTaskEnded(_ id: CommandID) {
    cancelledTasks.remove(id)
  }

  /// What a shutdown does to the table: forgets every waiting command, key and child, and returns
  /// the tasks of the commands running in them, to cancel.
  mutating func shutDown() -> [Task<Void, Never>] {
    waiting.removeAll()
    waitingHead = 0
    scopes.removeAll()
    return tasks.values.compactMap(\.task)
  }

  /// Moves `head` past the first element of the queue `array[head...]`, freeing the storage when
  /// the queue empties, or the finished front once it is half of it: a chain performs the next
  /// command before the last one's end is handled, so such a queue may never empty.
  @inline(__always)
  private static func advance<Element>(_ array: inout [Element], head: inout Int) {
    head += 1
    if head == array.count {
      if array.count <= 1_024 { array.removeAllKeepingCapacity() } else { array = [] }
      head = 0
    } else if head >= 1_024, head * 2 >= array.count {
      array.removeFirst(head)
      head = 0
    }
  }
}

/// A command handed to its interpreter whose end the loop has not taken.
struct RunningCommand {
  let id: CommandID
  /// The message its tree descends from.
  let root: TreeRoot
  /// Its task; `nil` for a command performed on the store's actor, which has returned and whose
  /// end is queued behind its messages.
  var task: Task<Void, Never>? = nil
  /// The ``AnyCommandInterpreter/inTaskSlot`` of its interpreter, when it runs in a task.
  var inTaskSlot: Int? = nil
}
