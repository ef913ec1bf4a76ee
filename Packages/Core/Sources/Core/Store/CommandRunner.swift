/// The store's part that runs commands: the interpreters, the commands in flight, and those
/// waiting for a free slot.
///
/// At most ``maximumRunning`` commands run at once; the rest wait in arrival order and start as
/// running ones finish. A store whose producer emits commands faster than interpreters finish them
/// keeps one small record a waiting command instead of a task, its stack and its dispatch.
///
/// It calls no user code but an interpreter's `interpretNow`, and reports nothing: it says what
/// happened, and the loop tells monitors.
final class CommandRunner {
  // Safety of `@exclusivity(unchecked)`: the runner is confined to its store's actor (it is not
  // `Sendable`), and no access to these properties spans a call out of it: an interpreter's
  // `interpretNow`, the only user code it calls, runs between accesses and cannot reach it. The
  // dynamic checks cost 1,336 instructions of a round trip (B7 inline 6,610 with them against 5,274,
  // callgrind, 2026-11-25; docs/performance.md, "What `@exclusivity(unchecked)` buys").
  @exclusivity(unchecked) private(set) var registry = InterpreterRegistry<AnyCommandInterpreter>()
  /// Commands running in their tasks.
  @exclusivity(unchecked) private var running: [CommandID: RunningCommand] = [:]
  /// Commands performed inside the loop whose end the loop has not handled, oldest first from
  /// ``performedHead``. They end in the order they were performed, each after the messages it sent,
  /// so the command whose messages or end the loop is handling is the oldest: looking it up and
  /// removing it costs no hashing.
  @exclusivity(unchecked) private var performed: [PerformedCommand] = []
  @exclusivity(unchecked) private var performedHead = 0
  /// The records of performed commands whose end is queued in the mailbox (``PerformedCommand/queuedEnd``).
  private var performedRecords: [CommandID: CommandRecord] = [:]
  @exclusivity(unchecked) private var waiting:
    [(record: CommandRecord, root: TreeRoot, interpreter: AnyCommandInterpreter, child: ChildTarget?)] = []
  @exclusivity(unchecked) private var waitingHead = 0
  /// For each interpreter that may perform commands inside the loop, how many of its commands run
  /// in tasks: while any does, its later commands run in tasks too, so none overtakes an earlier
  /// one.
  @exclusivity(unchecked) private var inTask: [Int] = []
  private let mailbox: Mailbox
  /// The mailbox's ``Mailbox/inline``, held here too (used without a retain, as a `let`).
  private let inline: InlineMessages
  /// How many commands may run at once.
  var maximumRunning: Int

  init(mailbox: Mailbox, maximumRunning: Int) {
    self.mailbox = mailbox
    inline = mailbox.inline
    self.maximumRunning = maximumRunning
  }

  /// Whether no command is running or waiting.
  var isIdle: Bool { running.isEmpty && performedHead == performed.count && waitingHead == waiting.count }

  func register(
    _ interpreter: AnyCommandInterpreter, for type: Any.Type, matches: @escaping @Sendable (Any) -> Bool
  ) {
    var interpreter = interpreter
    if interpreter.performer.performsNow {
      interpreter = AnyCommandInterpreter(
        performer: interpreter.performer, executor: interpreter.executor, inTaskSlot: inTask.count)
      inTask.append(0)
    }
    registry.register(interpreter, for: type, matches: matches, kind: "command")
  }

  enum Outcome {
    case started
    /// Performed inside the loop: its messages are queued (and its end, if a monitor must see it or
    /// it failed), for the loop to drain.
    case performed
    case waiting
    case noInterpreter
  }

  /// The interpreter of `command`, or `nil` if none is registered for its type (a ``ChildCommand``
  /// is resolved by ``start(_:root:timed:interpreter:)``).
  @inline(__always)
  func interpreter(for command: any Command) -> AnyCommandInterpreter? {
    registry.handler(for: command)
  }

  /// Performs `command` inside the loop without a record of it, when its interpreter performs
  /// commands inside the loop, no monitor is attached and nothing stands before it: none of the
  /// interpreter's commands runs in a task, a slot is free and no command waits for one. The
  /// effect round trip's path (B7 in docs/performance.md): its ``CommandRecord`` is made only if it
  /// declines or fails (about 70 instructions a command).
  ///
  /// - Parameters:
  ///   - interpreter: The interpreter registered for its type (``interpreter(for:)``).
  ///   - root: The message its tree descends from.
  /// - Returns: Whether it took this path (performed, or declined and started in its task);
  ///   `false`: the caller starts it with a record.
  func startInline(
    _ command: any Command, id: CommandID, emittedBy: MessageID, root: TreeRoot,
    _ interpreter: AnyCommandInterpreter
  ) -> Bool {
    guard let slot = interpreter.inTaskSlot, inTask[slot] == 0, running.count < maximumRunning,
      waitingHead == waiting.count
    else { return false }
    let dispatch = Dispatch(cause: .command(id, emittedBy: emittedBy), sink: .mailbox(mailbox, nil))
    switch handOver(command, to: interpreter.performer, dispatch) {
    case .performed:
      ended(id, root: root)
    case .failed(let error):
      queueEnd(
        of: CommandRecord(id: id, emittedBy: emittedBy, command: command), root: root, failure: error,
        start: nil)
    case .declined:
      inTask[slot] += 1
      startInTask(
        CommandRecord(id: id, emittedBy: emittedBy, command: command), root: root, interpreter, child: nil,
        dispatch: dispatch, timed: false)
    }
    return true
  }

  /// Starts `record`'s command, or queues it when ``maximumRunning`` commands run.
  ///
  /// - Parameters:
  ///   - root: The message its tree descends from.
  ///   - timed: Whether to measure its duration (a monitor is attached).
  ///   - interpreter: The interpreter registered for its type, if ``interpreter(for:)`` found one.
  func start(
    _ record: CommandRecord, root: TreeRoot, timed: Bool, interpreter found: AnyCommandInterpreter?
  ) -> Outcome {
    var child: ChildTarget?
    guard let interpreter = found ?? resolveChild(record.command, into: &child) else { return .noInterpreter }
    if running.count >= maximumRunning || waitingHead < waiting.count {
      waiting.append((record, root, interpreter, child))
      return .waiting
    }
    return launch(record, root: root, interpreter, child: child, timed: timed) ? .performed : .started
  }

  /// How many command records it stores, finished ones not yet dropped included (for tests).
  var storedRecordCount: Int { running.count + performed.count + performedRecords.count + waiting.count }

  /// Whether the command `id` runs: handed to its interpreter, its end not handled yet.
  @inline(__always)
  func isRunning(_ id: CommandID) -> Bool {
    // Ids only, not ``root(ofRunning:)``: no record is copied for the message of every command.
    // The oldest performed command first, without a call: the one whose messages the loop takes.
    if performedHead < performed.count, performed[performedHead].id == id { return true }
    return isRunningElsewhere(id)
  }

  @inline(never)
  private func isRunningElsewhere(_ id: CommandID) -> Bool {
    if running.index(forKey: id) != nil { return true }
    return performed[performedHead...].contains { $0.id == id }
  }

  /// The root of the tree of the running command `id`, or `nil` if it is not running.
  func root(ofRunning id: CommandID) -> TreeRoot? {
    if performedHead < performed.count, performed[performedHead].id == id {
      return performed[performedHead].root
    }
    if let found = running[id] { return found.root }
    return performed[performedHead...].first { $0.id == id }?.root
  }

  /// The root of the first command running or waiting whose root has the mailbox number `post`.
  func root(withPost post: UInt64) -> TreeRoot? {
    if let found = running.values.first(where: { $0.root.post == post }) { return found.root }
    if let found = performed[performedHead...].first(where: { $0.root.post == post }) { return found.root }
    return waiting[waitingHead...].first { $0.root.post == post }?.root
  }

  /// The root `id` and how many commands running or waiting descend from it; `nil` if none does.
  /// A scan, made only when someone first awaits a tree.
  func outstanding(descendingFrom id: MessageID) -> (root: TreeRoot, count: Int)? {
    var root: TreeRoot?
    var count = 0
    for command in running.values where command.root.id == id {
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

  /// Removes a finished command, and starts the next waiting one if a slot is free.
  ///
  /// - Returns: The finished command, and the one started in its place (if performed inside the
  ///   loop, its messages are queued, and its end if a monitor must see it or it failed).
  func finish(_ id: CommandID, timed: Bool) -> (finished: RunningCommand?, started: CommandRecord?) {
    let finished = removeRunning(id)
    if let slot = finished?.inTaskSlot { inTask[slot] -= 1 }
    return (finished, startWaiting(timed: timed))
  }

  /// Whether the oldest command performed inside the loop has ended: every message it sent has
  /// been taken from the mailbox and from the loop's inline messages (a command whose end is an
  /// envelope never ends this way).
  ///
  /// - Parameters:
  ///   - lastTaken: The number of the last message taken from the mailbox.
  ///   - lastInline: The number of the last inline message taken (``InlineMessages/lastTaken``).
  @inline(__always)
  func hasPerformedEnded(lastTaken: UInt64, lastInline: UInt64) -> Bool {
    guard performedHead < performed.count else { return false }
    let head = performed[performedHead]
    return head.endsAfter <= lastTaken && head.endsAfterInline <= lastInline
  }

  /// Removes the oldest command performed inside the loop, once ``hasPerformedEnded(lastTaken:lastInline:)``.
  ///
  /// - Returns: The command's id and root.
  func takePerformed() -> (id: CommandID, root: TreeRoot) {
    guard performedHead == 0, performed.count == 1 else {
      let ended = performed[performedHead]
      advance(&performed, head: &performedHead)
      return (ended.id, ended.root)
    }
    // The only one (the usual case) is moved out, not copied and destroyed with the rest.
    let ended = performed.removeLast()
    return (ended.id, ended.root)
  }

  /// Whether a command waits for a free slot.
  var hasWaiting: Bool { waitingHead < waiting.count }

  /// Starts the oldest waiting command if a slot is free.
  ///
  /// - Returns: Its record (if performed inside the loop, its messages are queued).
  func startWaiting(timed: Bool) -> CommandRecord? {
    guard waitingHead < waiting.count, running.count < maximumRunning else { return nil }
    let next = waiting[waitingHead]
    advance(&waiting, head: &waitingHead)
    _ = launch(next.record, root: next.root, next.interpreter, child: next.child, timed: timed)
    return next.record
  }

  private func removeRunning(_ id: CommandID) -> RunningCommand? {
    guard let record = performedRecords.removeValue(forKey: id) else {
      return running.removeValue(forKey: id)
    }
    // Its end is queued behind its messages, and every command performed before it ended when
    // its last message was taken, earlier: it is the oldest.
    let index = performed[performedHead...].firstIndex { $0.id == id } ?? performedHead
    let finished = RunningCommand(record: record, root: performed[index].root, task: nil)
    if index == performedHead {
      advance(&performed, head: &performedHead)
    } else {
      performed.remove(at: index)
    }
    return finished
  }

  /// Moves `head` past the first element of the queue `array[head...]`, freeing the storage when
  /// the queue empties, or the finished front once it is half of it: a chain performs the next
  /// command before the last one's end is handled, so such a queue may never empty.
  @inline(__always)
  private func advance<Element>(_ array: inout [Element], head: inout Int) {
    head += 1
    if head == array.count {
      if array.count <= 1_024 { array.removeAllKeepingCapacity() } else { array = [] }
      head = 0
    } else if head >= 1_024, head * 2 >= array.count {
      array.removeFirst(head)
      head = 0
    }
  }

  /// Cancels every running command and forgets the waiting ones, which never start.
  func cancelAll() {
    for (_, command) in running { command.task?.cancel() }
    waiting.removeAll()
    waitingHead = 0
  }

  /// What a ``ChildCommand`` performs: the child's command, whose messages `scope` wraps for the
  /// child. A class, so the common case (no child) passes one `nil` pointer along.
  final class ChildTarget: Sendable {
    let command: any Command
    let scope: @Sendable (any Message) -> any Message

    init(command: any Command, scope: @escaping @Sendable (any Message) -> any Message) {
      self.command = command
      self.scope = scope
    }
  }

  /// For a ``ChildCommand``: the interpreter registered for the type of the command inside it, and
  /// that command in `child`.
  @inline(never)
  private func resolveChild(_ command: any Command, into child: inout ChildTarget?) -> AnyCommandInterpreter?
  {
    guard let command = asChild(command) else { return nil }
    let (inner, scope) = unscoped(command)
    guard let scope, let interpreter = registry.handler(for: inner) else { return nil }
    child = ChildTarget(command: inner, scope: scope)
    return interpreter
  }

  /// Starts a command in a task of its own, or performs it on the spot if its interpreter does so.
  ///
  /// - Returns: Whether it was performed on the spot: its messages are queued, and its end if a
  ///   monitor must see it or it failed.
  private func launch(
    _ record: CommandRecord, root: TreeRoot, _ interpreter: AnyCommandInterpreter, child: ChildTarget?,
    timed: Bool
  ) -> Bool {
    let id = record.id
    let dispatch = Dispatch(
      cause: .command(id, emittedBy: record.emittedBy), sink: .mailbox(mailbox, nil), scope: child?.scope)
    if let slot = interpreter.inTaskSlot {
      // Never ahead of an earlier command of the same interpreter still running in its task.
      if inTask[slot] == 0 {
        let start = timed ? ContinuousClock.now : nil
        switch handOver(child?.command ?? record.command, to: interpreter.performer, dispatch) {
        case .performed where timed:
          // Its end is queued, for the loop to report it to monitors.
          queueEnd(of: record, root: root, failure: nil, start: start)
          return true
        case .performed:
          ended(id, root: root)
          return true
        case .failed(let error):
          queueEnd(of: record, root: root, failure: error, start: start)
          return true
        case .declined:
          break
        }
      }
      inTask[slot] += 1
    }
    startInTask(record, root: root, interpreter, child: child, dispatch: dispatch, timed: timed)
    return false
  }

  /// Starts the command in a task of its own.
  private func startInTask(
    _ record: CommandRecord, root: TreeRoot, _ interpreter: AnyCommandInterpreter, child: ChildTarget?,
    dispatch: Dispatch, timed: Bool
  ) {
    let id = record.id
    let command = child?.command ?? record.command
    let task = Task.detached(executorPreference: interpreter.executor) { [mailbox] in
      let clock = ContinuousClock()
      let start = timed ? clock.now : nil
      do {
        try await CommandContext.$current.withValue(id) {
          try await interpreter.performer.perform(command, dispatch: dispatch)
        }
        mailbox.post(.commandFinished(id, failure: nil, duration: start.map { clock.now - $0 }))
      } catch {
        mailbox.post(.commandFinished(id, failure: error, duration: start.map { clock.now - $0 }))
      }
    }
    running[id] = RunningCommand(record: record, root: root, task: task, inTaskSlot: interpreter.inTaskSlot)
  }

  /// Records a command performed inside the loop whose end is queued behind its messages (a
  /// monitor must be told, or it failed), and queues that end.
  ///
  /// - Parameter start: When it was handed to its interpreter, if a monitor is told its duration.
  @inline(never)
  private func queueEnd(
    of record: CommandRecord, root: TreeRoot, failure: (any Error)?, start: ContinuousClock.Instant?
  ) {
    performed.append(
      PerformedCommand(id: record.id, root: root, endsAfter: PerformedCommand.queuedEnd, endsAfterInline: 0))
    performedRecords[record.id] = record
    mailbox.post(
      .commandFinished(record.id, failure: failure, duration: start.map { .now - $0 }), schedulesDrain: false)
  }

  /// What became of a command handed to its interpreter inside the loop.
  private enum HandOver {
    case performed
    case failed(any Error)
    case declined
  }

  /// Hands `command` (a ``ChildCommand``'s own command, for a child) to its interpreter inside the
  /// loop, with ``inline``'s window open: what it dispatches on this thread meanwhile goes there
  /// (``Mailbox/dispatch(_:cause:)``). No ``CommandContext``: `interpretNow` is synchronous, so it
  /// cannot await `settle()` itself.
  ///
  /// The caller ends a performed command in order, after the messages it sent: when the loop has
  /// taken them (``ended(_:root:)``) or, if a monitor must be told or it failed, when it takes the
  /// end queued behind them, like a task's (``queueEnd(of:root:failure:start:)``).
  @inline(__always)
  private func handOver(
    _ command: any Command, to performer: any CommandPerformer, _ dispatch: Dispatch
  )
    -> HandOver
  {
    inline.open()
    defer { inline.close() }
    do {
      return try performer.performNow(command, dispatch: dispatch) ? .performed : .declined
    } catch {
      return .failed(error)
    }
  }

  /// Records a command performed inside the loop that ends once the last messages posted by now,
  /// its own last, have been taken.
  @inline(__always)
  private func ended(_ id: CommandID, root: TreeRoot) {
    performed.append(
      PerformedCommand(id: id, root: root, endsAfter: mailbox.lastPost, endsAfterInline: inline.lastPosted))
  }

  deinit {
    for (_, command) in running { command.task?.cancel() }
  }
}
