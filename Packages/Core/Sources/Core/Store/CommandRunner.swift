/// The store's part that runs commands: the interpreters, the commands in flight, and those
/// waiting for a free slot.
///
/// A command has one life: ``start(_:root:timed:)`` hands it to its interpreter (or queues it
/// while ``maximumRunning`` commands run), which performs it in a task or, for a
/// ``SynchronousCommandInterpreter``, at once on the store's actor; either way its end is queued
/// behind the messages it sent, and the loop ends it when it takes that end (``finish(_:)``).
/// Until then it counts as running, and its messages are accepted. A command cancelled by its key
/// or by its child's removal ends at once instead: its slot is free and its task's later end is
/// ignored, though the task may still be winding down. Where each command is lives in a
/// ``CommandTable``; this class starts them.
///
/// It calls no user code but an interpreter's `interpretNow`, and reports nothing: it says what
/// happened, and the loop tells monitors.
final class CommandRunner {
  // Safety of `@exclusivity(unchecked)`: the runner is confined to its store's actor (it is not
  // `Sendable`), and no access to `table` spans a call out of it: an interpreter's `interpretNow`,
  // the only user code it calls, runs between accesses (it may reach the runner through its host,
  // by `shutDown()` or a new `maximumRunningCommands`, but no access is in progress then). What the unchecked
  // access buys is in docs/performance.md, "The five `@exclusivity(unchecked)` left".
  @exclusivity(unchecked) private var table = CommandTable()
  private let mailbox: Mailbox
  /// How many commands may run at once.
  var maximumRunning: Int

  init(mailbox: Mailbox, maximumRunning: Int) {
    self.mailbox = mailbox
    self.maximumRunning = maximumRunning
  }

  /// Whether no command is running or waiting.
  var isIdle: Bool { table.isIdle }

  func register(
    _ interpreter: AnyCommandInterpreter, for type: Any.Type, matches: @escaping @Sendable (Any) -> Bool
  ) {
    var interpreter = interpreter
    if interpreter.performer.performsNow {
      interpreter = AnyCommandInterpreter(
        performer: interpreter.performer, executor: interpreter.executor, inTaskSlot: table.inTask.count)
      table.inTask.append(0)
    }
    table.interpreters.register(interpreter, for: type, matches: matches, kind: "command")
  }

  /// What became of a command handed to ``start(_:root:timed:)``.
  enum Outcome {
    /// Handed to its interpreter: running in a task, or performed on the store's actor with its
    /// messages and its end queued.
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
  /// - Returns: What became of it, and whether the runner resolved it itself
  ///   (``startResolving(_:root:timed:)``): the loop then ends the commands it cancelled
  ///   (``takeCancelled()``).
  func start(_ record: CommandRecord, root: TreeRoot, timed: Bool) -> (Outcome, resolved: Bool) {
    guard let interpreter = table.interpreters.handler(for: record.command) else {
      return startResolving(record, root: root, timed: timed)
    }
    if table.tasks.count >= maximumRunning || table.hasWaiting {
      table.wait(.init(record: record, root: root, interpreter: interpreter, child: nil))
      return (.waiting, false)
    }
    launch(record, root: root, interpreter, child: nil, timed: timed)
    return (.started, false)
  }

  /// Starts a command no interpreter is registered for by its own type: a child's command
  /// (``ChildCommand``), a ``KeyedCommand``, a ``CancelCommand`` or a ``DelayedMessage``, or any
  /// nesting of them, such as a child's keyed delay (``CommandScopes/resolve(_:)``).
  @inline(never)
  private func startResolving(
    _ record: CommandRecord, root: TreeRoot, timed: Bool
  ) -> (Outcome, resolved: Bool) {
    let resolved = CommandScopes.resolve(record.command)
    guard case .perform(let command, let key, let isDelay) = resolved.action else {
      if case .cancel(let key) = resolved.action { cancel(under: key) }
      return (.done, true)
    }
    if let key { cancel(under: key) }
    guard let interpreter = isDelay ? delays : table.interpreters.handler(for: command) else {
      // Under a key, a command may have been cancelled above: the loop ends it.
      return (.noInterpreter, key != nil)
    }
    let target = ChildTarget(command: command, scope: resolved.scope)
    if table.tasks.count >= maximumRunning || table.hasWaiting {
      table.wait(.init(record: record, root: root, interpreter: interpreter, child: target))
      table.scopes.note(record.id, key: key, probe: resolved.probe)
      return (.waiting, true)
    }
    launch(record, root: root, interpreter, child: target, timed: timed)
    // One performed at once has returned: nothing is left to cancel.
    if table.tasks[record.id] != nil { table.scopes.note(record.id, key: key, probe: resolved.probe) }
    return (.started, true)
  }

  // MARK: - Cancelling

  /// Cancels the command running or waiting under `key`, if any.
  private func cancel(under key: CommandScopes.Key) {
    guard let id = table.scopes.command(under: key) else { return }
    cancel(id)
  }

  /// Cancels the command `id` if it runs in a task or waits; the loop ends it
  /// (``takeCancelled()``).
  private func cancel(_ id: CommandID) {
    table.cancel(id)?.cancel()
  }

  /// Whether a child's command runs in a task or waits.
  var hasChildCommands: Bool { !table.scopes.childProbes.isEmpty }

  /// Cancels the commands of every child that `isPresent` says is gone (``takeCancelled()``).
  ///
  /// - Returns: Whether it cancelled any.
  func cancelCommands(ofChildrenGone isPresent: (ChildProbe) -> Bool?) -> Bool {
    var gone: [CommandID] = []
    for (id, probe) in table.scopes.childProbes where isPresent(probe) == false { gone.append(id) }
    if gone.isEmpty { return false }
    for id in gone.sorted(by: { $0.rawValue < $1.rawValue }) { cancel(id) }
    return true
  }

  /// Cancels the command `id` if it belongs to a child that `isPresent` says is gone: a child removed
  /// by the very update that emitted the command (``takeCancelled()``).
  ///
  /// - Returns: Whether it cancelled it.
  func cancelCommand(_ id: CommandID, ifChildGone isPresent: (ChildProbe) -> Bool?) -> Bool {
    guard let probe = table.scopes.childProbes[id], isPresent(probe) == false else { return false }
    cancel(id)
    return true
  }

  /// The commands cancelled since the last call, oldest first.
  @inline(never)
  func takeCancelled() -> [CommandTable.Cancelled] { table.takeCancelled() }

  /// Cancels every running command and forgets the waiting ones, which never start.
  func cancelAll() {
    for task in table.shutDown() { task.cancel() }
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

  // MARK: - Reading

  /// How many command records it stores (for tests).
  var storedRecordCount: Int { table.storedRecordCount }

  /// Why a message the command `id` sent is dropped, or `nil` while the command runs (handed to
  /// its interpreter, its end not taken yet), when its messages are accepted.
  @inline(__always)
  func dropReason(forMessageOf id: CommandID) -> DropReason? {
    table.isRunning(id) ? nil : reasonAfterEnd(of: id)
  }

  /// A command that no longer runs: cancelled while its task still runs, or returned.
  @inline(never)  // Off the loop's hot path.
  private func reasonAfterEnd(of id: CommandID) -> DropReason {
    table.wasCancelled(id) ? .commandCancelled : .commandReturned
  }

  /// The root of the tree of the running command `id`, or `nil` if it is not running.
  func root(ofRunning id: CommandID) -> TreeRoot? { table.root(ofRunning: id) }

  /// The root of the first command running or waiting whose root has the mailbox number `number`.
  func root(withNumber number: UInt64) -> TreeRoot? { table.root(withNumber: number) }

  /// The root `id` and how many commands running or waiting descend from it; `nil` if none does.
  func outstanding(descendingFrom id: MessageID) -> (root: TreeRoot, count: Int)? {
    table.outstanding(descendingFrom: id)
  }

  /// Whether some running command has a record (``takeRecord(_:)``).
  var hasRecords: Bool { !table.records.isEmpty }

  /// Removes and returns the record of the command `id`, if it has one.
  func takeRecord(_ id: CommandID) -> CommandRecord? { table.records.removeValue(forKey: id) }

  // MARK: - Ending

  /// Ends the command `id`, whose end the loop has taken (its record, if it has one, stays for
  /// ``takeRecord(_:)``).
  ///
  /// - Returns: The root of its tree, or `nil` if it was not running: the task of a command
  ///   cancelled earlier, which the loop ended then, has returned.
  func finish(_ id: CommandID) -> TreeRoot? {
    guard let root = table.finish(id) else {
      table.cancelledTaskEnded(id)
      return nil
    }
    return root
  }

  /// Whether a command waits for a free slot.
  var hasWaiting: Bool { table.hasWaiting }

  /// Starts the oldest waiting command if one waits and a slot is free.
  ///
  /// - Returns: Its record.
  func startWaiting(timed: Bool) -> CommandRecord? {
    guard table.hasWaiting, table.tasks.count < maximumRunning, let next = table.takeWaiting() else {
      return nil
    }
    launch(next.record, root: next.root, next.interpreter, child: next.child, timed: timed)
    // A keyed command performed at once has returned: nothing is left to cancel.
    if table.tasks[next.record.id] == nil { table.scopes.forget(next.record.id) }
    return next.record
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
      if table.inTask[slot] == 0,
        performNow(record, command, root: root, interpreter, dispatch: dispatch, timed: timed)
      {
        return
      }
      table.inTask[slot] += 1
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
    table.performed(record.id, root: root)
    if timed || failure != nil { table.records[record.id] = record }
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
    table.startedInTask(RunningCommand(id: id, root: root, task: task, inTaskSlot: interpreter.inTaskSlot))
    table.records[id] = record
  }

  deinit {
    for command in table.tasks.values { command.task?.cancel() }
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
