/// The store's part that runs commands: the interpreters, the commands in flight, and those
/// waiting for a free slot.
///
/// A command has one life: ``start(_:id:emittedBy:root:timed:)`` hands it to its interpreter (or
/// queues it while ``maximumRunning`` commands run), which performs it in a task or, for a
/// ``SynchronousCommandInterpreter``, at once on the store's actor; either way its end is queued
/// behind the messages it sent, and the loop ends it when it takes that end
/// (``finish(_:timed:)``). Until then it counts as running, and its messages are accepted.
///
/// It calls no user code but an interpreter's `interpretNow`, and reports nothing: it says what
/// happened, and the loop tells monitors.
final class CommandRunner {
  /// Everything the runner changes as commands start and end, in one value.
  private struct State {
    var registry = InterpreterRegistry<AnyCommandInterpreter>()
    /// Commands running in their tasks.
    var running: [CommandID: RunningCommand] = [:]
    /// Commands performed on the store's actor whose end the loop has not taken, oldest first from
    /// `performedHead`. Their ends are queued in the order they were performed, so the one the loop
    /// takes is the oldest: no hashing to find it.
    var performed: [RunningCommand] = []
    var performedHead = 0
    /// The records of the running commands whose end is reported: every command in a task, and one
    /// performed on the actor that failed or that a monitor watches.
    var records: [CommandID: CommandRecord] = [:]
    /// Commands waiting for a free slot, oldest first from `waitingHead`.
    var waiting: [Waiting] = []
    var waitingHead = 0
    /// For each interpreter that may perform commands on the store's actor, how many of its
    /// commands run in tasks: while any does, its later commands run in tasks too, so none
    /// overtakes an earlier one.
    var inTask: [Int] = []
    /// The commands running in tasks or waiting under a key, and each one's key.
    var commandsByKey: [CommandKey: CommandID] = [:]
    var keys: [CommandID: CommandKey] = [:]
    /// The commands cancelled since the loop last took them (``takeCancelled()``).
    var cancelled: [Cancelled] = []
    /// Cancelled commands whose task has not ended yet: their messages are dropped as cancelled.
    var cancelledTasks: Set<CommandID> = []
    /// The child each command of a child's (``ChildCommand``) running in a task or waiting belongs
    /// to: when the child is gone from the model, its commands are cancelled.
    var childProbes: [CommandID: ChildProbe] = [:]

    mutating func advancePerformed() { Self.advance(&performed, head: &performedHead) }

    mutating func advanceWaiting() { Self.advance(&waiting, head: &waitingHead) }

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

  /// A command waiting for a free slot.
  private struct Waiting {
    let record: CommandRecord
    let root: TreeRoot
    let interpreter: AnyCommandInterpreter
    let child: ChildTarget?
  }

  // Safety of `@exclusivity(unchecked)`: the runner is confined to its store's actor (it is not
  // `Sendable`), and no access to `state` spans a call out of it: an interpreter's `interpretNow`,
  // the only user code it calls, runs between accesses and cannot reach it. What the unchecked
  // access buys is in docs/performance.md, "What `@exclusivity(unchecked)` buys".
  @exclusivity(unchecked) private var state = State()
  private let mailbox: Mailbox
  /// How many commands may run at once.
  var maximumRunning: Int

  init(mailbox: Mailbox, maximumRunning: Int) {
    self.mailbox = mailbox
    self.maximumRunning = maximumRunning
  }

  /// Whether no command is running or waiting.
  var isIdle: Bool {
    state.running.isEmpty && state.performedHead == state.performed.count
      && state.waitingHead == state.waiting.count
  }

  func register(
    _ interpreter: AnyCommandInterpreter, for type: Any.Type, matches: @escaping @Sendable (Any) -> Bool
  ) {
    var interpreter = interpreter
    if interpreter.performer.performsNow {
      interpreter = AnyCommandInterpreter(
        performer: interpreter.performer, executor: interpreter.executor, inTaskSlot: state.inTask.count)
      state.inTask.append(0)
    }
    state.registry.register(interpreter, for: type, matches: matches, kind: "command")
  }

  enum Outcome {
    /// Handed to its interpreter: running in a task, or performed on the store's actor with its
    /// messages and its end queued.
    case started
    case waiting
    case noInterpreter
    /// A command the runner resolved itself (``startResolving(_:root:timed:)``): what became of
    /// it; the loop then ends the commands it cancelled (``takeCancelled()``).
    case resolved(Resolved)
  }

  /// What became of a command the runner resolved itself.
  enum Resolved {
    case started
    case waiting
    case noInterpreter
    /// A ``CancelCommand``: nothing to run.
    case done
  }

  /// Hands `record`'s command to its interpreter, or queues it while ``maximumRunning`` commands
  /// run or others wait.
  ///
  /// - Parameters:
  ///   - root: The message its tree descends from.
  ///   - timed: Whether to measure its duration (a monitor is attached).
  func start(_ record: CommandRecord, root: TreeRoot, timed: Bool) -> Outcome {
    guard let interpreter = state.registry.handler(for: record.command) else {
      return startResolving(record, root: root, timed: timed)
    }
    if state.running.count >= maximumRunning || state.waitingHead < state.waiting.count {
      state.waiting.append(Waiting(record: record, root: root, interpreter: interpreter, child: nil))
      return .waiting
    }
    launch(record, root: root, interpreter, child: nil, timed: timed)
    return .started
  }

  /// Starts a command no interpreter is registered for by its own type: a child's command
  /// (``ChildCommand``), a ``KeyedCommand``, a ``CancelCommand`` or a ``DelayedMessage``, or any
  /// nesting of them, such as a child's keyed delay.
  @inline(never)
  private func startResolving(_ record: CommandRecord, root: TreeRoot, timed: Bool) -> Outcome {
    var command = record.command
    var scope: (@Sendable (any Message) -> any Message)?
    // The child the command belongs to, outermost first: its keys are that child's.
    var owner: [AnyHashable] = []
    var probe: ChildProbe?
    if let child = asChild(command) {
      probe = child.probe
      (command, scope) = unscoped(child)
      var level: ChildCommand? = child
      while let current = level {
        owner.append(AnyHashable(ChildIdentity(id: current.id.map { AnyHashable($0) }, stamp: current.stamp)))
        level = asChild(current.command)
      }
    }
    var key: CommandKey?
    while let keyed = exactCast(command, to: KeyedCommand.self) {
      key = CommandKey(owner: owner, key: AnyHashable(keyed.key))
      command = keyed.command
    }
    if let cancel = exactCast(command, to: CancelCommand.self) {
      self.cancel(CommandKey(owner: owner, key: AnyHashable(cancel.key)))
      return .resolved(.done)
    }
    if let key { self.cancel(key) }
    let interpreter: AnyCommandInterpreter
    if exactCast(command, to: DelayedMessage.self) != nil {
      interpreter = delays
    } else if let found = state.registry.handler(for: command) {
      interpreter = found
    } else {
      // Under a key, a command may have been cancelled above: the loop ends it.
      return key == nil ? .noInterpreter : .resolved(.noInterpreter)
    }
    let target = ChildTarget(command: command, scope: scope)
    if state.running.count >= maximumRunning || state.waitingHead < state.waiting.count {
      state.waiting.append(Waiting(record: record, root: root, interpreter: interpreter, child: target))
      if let key { keyed(record.id, under: key) }
      if let probe { state.childProbes[record.id] = probe }
      return .resolved(.waiting)
    }
    launch(record, root: root, interpreter, child: target, timed: timed)
    if state.running[record.id] != nil {
      if let key { keyed(record.id, under: key) }
      if let probe { state.childProbes[record.id] = probe }
    }
    return .resolved(.started)
  }

  // MARK: - Keys

  /// A ``KeyedCommand``'s key, in the scope of the child that returned it.
  private struct CommandKey: Hashable {
    let owner: [AnyHashable]
    let key: AnyHashable
  }

  /// One level of a child's address: its id and stamp.
  private struct ChildIdentity: Hashable {
    let id: AnyHashable?
    let stamp: UInt64?
  }

  /// A command a key cancelled, for the loop to end.
  enum Cancelled {
    /// It runs in a task, which is cancelled: the loop ends it (``finish(_:)``) now.
    case running(CommandID)
    /// It waited for a slot and never starts: its tree is counted down.
    case waiting(root: TreeRoot)
  }

  private func keyed(_ id: CommandID, under key: CommandKey) {
    state.commandsByKey[key] = id
    state.keys[id] = key
  }

  /// Cancels the command running or waiting under `key`, if any.
  private func cancel(_ key: CommandKey) {
    guard let id = state.commandsByKey[key] else { return }
    cancel(id)
  }

  /// Cancels the command `id` if it runs in a task or waits.
  private func cancel(_ id: CommandID) {
    if let key = state.keys.removeValue(forKey: id) { state.commandsByKey[key] = nil }
    state.childProbes[id] = nil
    if let command = state.running[id] {
      command.task?.cancel()
      state.cancelledTasks.insert(id)
      state.cancelled.append(.running(id))
    } else if let index = state.waiting[state.waitingHead...].firstIndex(where: { $0.record.id == id }) {
      let removed = state.waiting.remove(at: index)
      state.cancelled.append(.waiting(root: removed.root))
    }
  }

  // MARK: - Children

  /// Whether a child's command runs in a task or waits.
  var hasChildCommands: Bool { !state.childProbes.isEmpty }

  /// Cancels the commands of every child that `isPresent` says is gone (``takeCancelled()``).
  ///
  /// - Returns: Whether it cancelled any.
  func cancelCommands(ofChildrenGone isPresent: (ChildProbe) -> Bool?) -> Bool {
    var gone: [CommandID] = []
    for (id, probe) in state.childProbes where isPresent(probe) == false { gone.append(id) }
    if gone.isEmpty { return false }
    for id in gone.sorted(by: { $0.rawValue < $1.rawValue }) { cancel(id) }
    return true
  }

  /// The commands cancelled since the last call, oldest first.
  @inline(never)
  func takeCancelled() -> [Cancelled] {
    defer { state.cancelled.removeAll() }
    return state.cancelled
  }

  /// Whether the command `id`, which no longer runs, was cancelled while its task still runs (its
  /// messages are dropped as cancelled, not as sent after it returned).
  @inline(never)  // Off the loop's hot path.
  func wasCancelled(_ id: CommandID) -> Bool {
    state.cancelledTasks.contains(id)
  }

  /// The end of a cancelled command's task, which the loop has already ended.
  @inline(never)  // Off the loop's hot path.
  func cancelledTaskEnded(_ id: CommandID) {
    state.cancelledTasks.remove(id)
  }

  /// The clock ``DelayedMessage``s wait on.
  var clock: any Clock<Duration> = ContinuousClock() {
    didSet { delays = Self.delays(on: clock) }
  }

  /// Performs ``DelayedMessage``s: a task that sleeps on ``clock``, then sends the message.
  private var delays = CommandRunner.delays(on: ContinuousClock())

  private static func delays(on clock: any Clock<Duration>) -> AnyCommandInterpreter {
    AnyCommandInterpreter(performer: DelayPerformer(clock: clock), executor: nil, startsAtOnce: true)
  }

  /// How many command records it stores (for tests).
  var storedRecordCount: Int {
    state.running.count + state.performed.count - state.performedHead + state.records.count
      + state.waiting.count - state.waitingHead
  }

  /// Whether the command `id` runs: handed to its interpreter, its end not handled yet.
  @inline(__always)
  func isRunning(_ id: CommandID) -> Bool {
    // Ids only, not ``root(ofRunning:)``: no record is copied for the message of every command.
    // The oldest performed command first, without a call: the one whose messages the loop takes.
    if state.performedHead < state.performed.count, state.performed[state.performedHead].id == id {
      return true
    }
    return isRunningElsewhere(id)
  }

  @inline(never)
  private func isRunningElsewhere(_ id: CommandID) -> Bool {
    if state.running.index(forKey: id) != nil { return true }
    return state.performed[state.performedHead...].contains { $0.id == id }
  }

  /// The root of the tree of the running command `id`, or `nil` if it is not running.
  func root(ofRunning id: CommandID) -> TreeRoot? {
    if state.performedHead < state.performed.count, state.performed[state.performedHead].id == id {
      return state.performed[state.performedHead].root
    }
    if let found = state.running[id] { return found.root }
    return state.performed[state.performedHead...].first { $0.id == id }?.root
  }

  /// The root of the first command running or waiting whose root has the mailbox number `number`.
  func root(withNumber number: UInt64) -> TreeRoot? {
    if let found = state.running.values.first(where: { $0.root.number == number }) { return found.root }
    if let found = state.performed[state.performedHead...].first(where: { $0.root.number == number }) {
      return found.root
    }
    return state.waiting[state.waitingHead...].first { $0.root.number == number }?.root
  }

  /// The root `id` and how many commands running or waiting descend from it; `nil` if none does.
  /// A scan, made only when someone first awaits a tree.
  func outstanding(descendingFrom id: MessageID) -> (root: TreeRoot, count: Int)? {
    var root: TreeRoot?
    var count = 0
    for command in state.running.values where command.root.id == id {
      root = command.root
      count += 1
    }
    for command in state.performed[state.performedHead...] where command.root.id == id {
      root = command.root
      count += 1
    }
    for command in state.waiting[state.waitingHead...] where command.root.id == id {
      root = command.root
      count += 1
    }
    return root.map { ($0, count) }
  }

  /// Ends the command `id`, whose end the loop has taken (its record, if it has one, stays for
  /// ``takeRecord(_:)``).
  ///
  /// - Returns: The root of its tree, or `nil` if it was not running.
  func finish(_ id: CommandID) -> TreeRoot? {
    if state.performedHead < state.performed.count, state.performed[state.performedHead].id == id {
      return takeOldestPerformed().root
    }
    if let index = state.performed[state.performedHead...].firstIndex(where: { $0.id == id }) {
      return state.performed.remove(at: index).root
    }
    guard let finished = state.running.removeValue(forKey: id) else { return nil }
    if let slot = finished.inTaskSlot { state.inTask[slot] -= 1 }
    if !state.keys.isEmpty, let key = state.keys.removeValue(forKey: id) { state.commandsByKey[key] = nil }
    if !state.childProbes.isEmpty { state.childProbes[id] = nil }
    return finished.root
  }

  /// Whether some running command has a record (``takeRecord(_:)``).
  var hasRecords: Bool { !state.records.isEmpty }

  /// Removes and returns the record of the command `id`, if it has one.
  func takeRecord(_ id: CommandID) -> CommandRecord? {
    state.records.removeValue(forKey: id)
  }

  private func takeOldestPerformed() -> RunningCommand {
    guard state.performedHead == 0, state.performed.count == 1 else {
      let ended = state.performed[state.performedHead]
      state.advancePerformed()
      return ended
    }
    // The only one (the usual case) is moved out, not copied and destroyed with the rest.
    return state.performed.removeLast()
  }

  /// Whether a command waits for a free slot.
  var hasWaiting: Bool { state.waitingHead < state.waiting.count }

  /// Starts the oldest waiting command if a slot is free.
  ///
  /// - Returns: Its record.
  func startWaiting(timed: Bool) -> CommandRecord? {
    guard state.waitingHead < state.waiting.count, state.running.count < maximumRunning else { return nil }
    let next = state.waiting[state.waitingHead]
    state.advanceWaiting()
    launch(next.record, root: next.root, next.interpreter, child: next.child, timed: timed)
    // A keyed command performed at once has returned: nothing is left to cancel.
    if state.running[next.record.id] == nil {
      if !state.keys.isEmpty, let key = state.keys.removeValue(forKey: next.record.id) {
        state.commandsByKey[key] = nil
      }
      if !state.childProbes.isEmpty { state.childProbes[next.record.id] = nil }
    }
    return next.record
  }

  /// Cancels every running command and forgets the waiting ones, which never start.
  func cancelAll() {
    for (_, command) in state.running { command.task?.cancel() }
    state.waiting.removeAll()
    state.waitingHead = 0
    state.commandsByKey.removeAll()
    state.keys.removeAll()
    state.childProbes.removeAll()
  }

  /// What a ``ChildCommand`` performs: the child's command, whose messages `scope` wraps for the
  /// child. A class, so the common case (no child) passes one `nil` pointer along.
  final class ChildTarget: Sendable {
    let command: any Command
    let scope: (@Sendable (any Message) -> any Message)?

    init(command: any Command, scope: (@Sendable (any Message) -> any Message)?) {
      self.command = command
      self.scope = scope
    }
  }

  /// Hands a command to its interpreter: at once on the store's actor if it performs commands
  /// there and none of its commands runs in a task, otherwise in a task of its own.
  private func launch(
    _ record: CommandRecord, root: TreeRoot, _ interpreter: AnyCommandInterpreter, child: ChildTarget?,
    timed: Bool
  ) {
    // A child's own command, or the record's, borrowed rather than copied into a local.
    if let child {
      launch(record, child.command, root: root, interpreter, scope: child.scope, timed: timed)
    } else {
      launch(record, record.command, root: root, interpreter, scope: nil, timed: timed)
    }
  }

  @inline(__always)
  private func launch(
    _ record: CommandRecord, _ command: any Command, root: TreeRoot, _ interpreter: AnyCommandInterpreter,
    scope: (@Sendable (any Message) -> any Message)?, timed: Bool
  ) {
    let dispatch = Dispatch(
      cause: .command(record.id, emittedBy: record.emittedBy), sink: .mailbox(mailbox, nil), scope: scope)
    if let slot = interpreter.inTaskSlot {
      // Never ahead of an earlier command of the same interpreter still running in its task.
      if state.inTask[slot] == 0,
        performNow(record, command, root: root, interpreter, dispatch: dispatch, timed: timed)
      {
        return
      }
      state.inTask[slot] += 1
    }
    startInTask(record, command, root: root, interpreter, dispatch: dispatch, timed: timed)
  }

  /// Offers the command to the interpreter's `interpretNow` on the store's actor; what it
  /// dispatches meanwhile is queued (``Mailbox/performingOnActor(_:)``), and its end behind it.
  /// No ``CommandContext``: `interpretNow` is synchronous, so it cannot await `settle()` itself.
  ///
  /// - Returns: Whether it took the command (performed it, or threw); `false`: it declined.
  private func performNow(
    _ record: CommandRecord, _ command: any Command, root: TreeRoot, _ interpreter: AnyCommandInterpreter,
    dispatch: Dispatch, timed: Bool
  ) -> Bool {
    // A class, not an optional instant: an optional of a type of another module's resilient
    // layout is handled through its value witnesses even when it is `nil`.
    let stopwatch = timed ? Stopwatch() : nil
    let failure: (any Error)?
    do {
      let took = try mailbox.performingOnActor {
        try interpreter.performer.performNow(command, dispatch: dispatch)
      }
      guard took else { return false }
      failure = nil
    } catch {
      failure = error
    }
    state.performed.append(RunningCommand(id: record.id, root: root))
    if timed || failure != nil { state.records[record.id] = record }
    mailbox.queueEnd(of: record.id, failure: failure, duration: stopwatch?.elapsed)
    return true
  }

  /// Starts the command in a task of its own, which queues its end when it returns or throws.
  private func startInTask(
    _ record: CommandRecord, _ command: any Command, root: TreeRoot, _ interpreter: AnyCommandInterpreter,
    dispatch: Dispatch, timed: Bool
  ) {
    let id = record.id
    let body: @Sendable () async -> Void = { [mailbox] in
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
    // A built-in wait starts on the store's actor and is asleep when the message that returned it
    // has been processed, as a subscription's task is.
    let task =
      interpreter.startsAtOnce
      ? Task.immediateDetached(operation: body)
      : Task.detached(executorPreference: interpreter.executor, operation: body)
    state.running[id] = RunningCommand(id: id, root: root, task: task, inTaskSlot: interpreter.inTaskSlot)
    state.records[id] = record
  }

  deinit {
    for (_, command) in state.running { command.task?.cancel() }
  }
}

/// Performs a ``DelayedMessage``: sleeps on the store's clock, then sends the message.
private final class DelayPerformer: CommandPerformer {
  let clock: any Clock<Duration>
  init(clock: any Clock<Duration>) { self.clock = clock }
  var performsNow: Bool { false }
  func perform(_ command: any Command, dispatch: Dispatch) async throws {
    let delayed: DelayedMessage = typed(command)
    try await clock.sleep(for: delayed.delay)
    dispatch.send(delayed.message)
  }
  func performNow(_ command: any Command, dispatch: Dispatch) throws -> Bool { false }
}

/// Measures a command's duration for monitors.
private final class Stopwatch {
  private let start = ContinuousClock.now

  var elapsed: Duration { .now - start }
}

/// The command whose interpreter the current task runs, to catch a `settle()` that would wait for
/// itself.
enum CommandContext {
  @TaskLocal static var current: CommandID?
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
