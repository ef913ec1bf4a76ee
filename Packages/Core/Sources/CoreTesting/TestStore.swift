public import Core
import Dispatch
public import Testing

/// A store for tests: real updaters and subscription providers, test interpreters, and a failure
/// for anything the test did not assert.
///
/// ```swift
/// let store = TestStore(model: Counter(), updater: CounterUpdater())
/// store.register(FunctionInterpreter(for: CounterCommand.self) { command, dispatch in
///   dispatch(CounterMessage.saved)
/// })
/// store.send(CounterMessage.save) { $0.isSaving = true }
/// store.expectCommands([CounterCommand.persist(0)])
/// await store.receive(CounterMessage.saved) { $0.isSaving = false }
/// ```
///
/// It wraps a real `Store`, so the loop's order is the production order. Messages that
/// interpreters and subscriptions send are held until the test ``receive(_:sourceLocation:assert:)``s
/// them, so every step's model can be checked.
///
/// ## Exhaustivity
/// With ``Exhaustivity/on`` (the default) each step must be fully asserted before the next one:
/// - the model after ``send(_:sourceLocation:assert:)`` and ``receive(_:sourceLocation:assert:)``
///   must equal the one the `assert` closure describes (no closure: unchanged);
/// - every emitted command must be asserted with ``expectCommands(_:sampleResults:sourceLocation:)``,
///   except those the store performs itself (`DelayedMessage`, `CancelCommand`, and either under a
///   `KeyedCommand` or a `ChildCommand`): the message a delay sends is received like any other, and
///   a test that cares about the key or the duration may still assert them;
/// - every subscription started or stopped, with ``expectSubscriptions(started:stopped:sourceLocation:)``;
/// - every message an interpreter sends must be received before the next `send`. A `send` that
///   finds one waiting fails, naming it, and applies it first, as production would.
///
/// ## The end of the test
/// When the test is over, anything left fails it, naming it: a message not received, a command or
/// subscription change not asserted, a command still running. The check runs when the test store
/// goes away at the end of the test (its last use, on the main actor, where a test that uses it
/// runs), and reports where the test store was created; nothing has to be called for it. It first
/// lets the commands' running work reach its next wait, but it cannot wait for more: a command
/// asleep on a clock or awaiting an answer is still running. When the test means to wait for such
/// work to end, it ends with `await store.finish()`, which waits for every command (up to
/// ``timeout``), then checks the same.
///
/// With ``Exhaustivity/off`` unasserted commands, subscription changes and messages are allowed,
/// `receive` skips (and applies) messages until one matches, and a step without an `assert`
/// closure does not check the model. A message waiting when the test sends is applied first; a
/// later `receive` still matches it, checking its `assert` closure against the current model.
///
/// A message no updater handles, a command or subscription without an interpreter, an interpreter
/// or subscription that throws, and a message sent to the store after it was shut down (before
/// ``finish(sourceLocation:)``) fail the test in both modes. So does a message a subscription sends
/// after it was stopped: the store drops it, as in production, and the failure names the
/// subscription, whose interpreter did not stop its work in `stop()` (or on cancellation).
@MainActor
public final class TestStore<Model: Sendable & Equatable> {
  /// How strictly the store checks what the test asserted.
  public enum Exhaustivity: Sendable {
    /// Everything must be asserted.
    case on
    /// Only what the test asserts is checked.
    case off
  }

  /// How strictly unasserted effects fail the test. Can change between steps.
  public var exhaustivity: Exhaustivity
  /// How long ``receive(_:sourceLocation:assert:)`` and ``finish(sourceLocation:)`` wait before
  /// failing; a guard against hangs, not a way to wait.
  public var timeout: Duration
  /// The store under test; register interpreters on it (or through this test store).
  public let store: Store<Model>

  private let log = EventLog<Model>()
  /// Holds what interpreters and subscriptions send until the test receives it.
  private let holder = HeldMessages()
  private var commands: [CommandRecord] = []
  private var started: [SubscriptionRecord] = []
  private var stopped: [SubscriptionRecord] = []
  /// Every subscription started in this test, to name the sender of a late message.
  private var subscriptionNames: [SubscriptionID: String] = [:]
  /// With exhaustivity off: held messages a `send` applied first, still to be matched by `receive`.
  private var appliedBeforeSend: [PendingMessage] = []
  /// The commands started and not ended, to name at the end of the test.
  private var running: [CommandID: CommandRecord] = [:]
  /// Where the test store was created: the end-of-test check reports there.
  private let createdAt: SourceLocation
  /// Whether the end of the test was checked (``finish(sourceLocation:)``, or the `deinit`).
  private var isFinished = false

  /// Creates a test store with subscriptions.
  ///
  /// - Parameters:
  ///   - model: The initial model.
  ///   - updater: The real updater under test.
  ///   - subscriptions: The real subscription provider under test.
  ///   - exhaustivity: How strictly to check; ``Exhaustivity/on`` by default.
  ///   - timeout: How long to wait for messages before failing.
  ///   - sourceLocation: Where to report what is left at the end of the test.
  public init(
    model: Model, updater: some Updater<Model>, subscriptions: some SubscriptionProvider<Model>,
    exhaustivity: Exhaustivity = .on, timeout: Duration = .seconds(5),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    store = Store(model: model, updater: updater, subscriptions: subscriptions)
    store.loop.drive(with: holder)
    store.addMonitor(log)
    self.exhaustivity = exhaustivity
    self.timeout = timeout
    createdAt = sourceLocation
    Self.markMainQueue()
  }

  /// Checks the end of the test, unless ``finish(sourceLocation:)`` did: see "The end of the test".
  ///
  /// Not isolated: an isolated `deinit` runs without task-local values, so Swift Testing could not
  /// tell which test a failure belongs to. A test store goes away where its test releases it, on
  /// the main actor, in the test's task; one released anywhere else is not checked.
  deinit {
    guard DispatchQueue.getSpecific(key: MainQueueKey.key) != nil else { return }
    MainActor.assumeIsolated { checkEnd() }
  }

  /// Creates a test store without subscriptions.
  ///
  /// - Parameters:
  ///   - model: The initial model.
  ///   - updater: The real updater under test.
  ///   - exhaustivity: How strictly to check; ``Exhaustivity/on`` by default.
  ///   - timeout: How long to wait for messages before failing.
  ///   - sourceLocation: Where to report what is left at the end of the test.
  public convenience init(
    model: Model, updater: some Updater<Model>, exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation
  ) {
    self.init(
      model: model, updater: updater, subscriptions: NoSubscriptions<Model>(), exhaustivity: exhaustivity,
      timeout: timeout, sourceLocation: sourceLocation)
  }

  /// The current model.
  public var model: Model { store.loop.model }

  /// The clock the store's `DelayedMessage`s wait on. Set the `TestClock` the test's interpreters
  /// wait on too, and advance it after a `send` with no `waitForSleepers`: before it moves, it
  /// waits until every command this store started has run to its first wait or its end (a delay
  /// is asleep when `send` returns).
  ///
  /// ```swift
  /// let clock = TestClock()
  /// store.clock = clock
  /// store.register(SearchInterpreter(clock: clock))
  /// store.send(SearchMessage.run("milk"))
  /// store.expectCommands([Search(query: "milk")])
  /// await clock.advance(by: .seconds(1))  // the search is asleep on `clock` by then
  /// await store.receive(SearchMessage.found(["milk"])) { $0.results = ["milk"] }
  /// ```
  ///
  /// The clock waits for what runs in a command's task; a command whose interpreter names an
  /// executor of its own, or that awaits an actor's work before its first wait, may still be on
  /// its way: wait for it with `waitForSleepers(count:)`.
  public var clock: any Clock<Duration> {
    get { store.settings.clock }
    set {
      store.settings.clock = newValue
      (newValue as? TestClock)?.waitsForCommands(of: holder.commandTasks)
    }
  }

  // MARK: - Registering

  /// Registers a (test) command interpreter on the underlying store.
  ///
  /// - Parameter interpreter: The interpreter, usually built with fakes.
  public func register<Interpreter: CommandInterpreter>(_ interpreter: Interpreter) {
    store.register(interpreter)
  }

  /// Registers a subscription interpreter factory on the underlying store.
  ///
  /// - Parameters:
  ///   - type: The subscription type.
  ///   - interpreter: Makes the interpreter for one value.
  public func register<S: Sendable>(
    subscriptions type: S.Type, interpreter: @escaping @MainActor (S, Dispatch) -> any SubscriptionInterpreter
  ) {
    store.register(subscriptions: type, interpreter: interpreter)
  }

  /// Registers an async subscription function on the underlying store.
  ///
  /// - Parameters:
  ///   - type: The subscription type.
  ///   - run: Runs one subscription until cancelled.
  public func register<S: Sendable>(
    subscriptions type: S.Type, run: @escaping @Sendable (S, Dispatch) async throws -> Void
  ) {
    store.register(subscriptions: type, run: run)
  }

  // MARK: - Steps

  /// Starts the subscriptions the initial model asks for (see Core's `Store.start()`).
  ///
  /// - Parameter sourceLocation: Where to report failures.
  public func start(sourceLocation: SourceLocation = #_sourceLocation) {
    store.start()
    collect(at: sourceLocation)
  }

  /// Sends `message` and checks the model against `change` applied to the previous model.
  ///
  /// - Parameters:
  ///   - message: The message, with an external cause.
  ///   - sourceLocation: Where to report failures.
  ///   - change: Turns a copy of the previous model into the expected one. Omitted: with
  ///     exhaustivity on, the model must not change.
  public func send<M: Message>(
    _ message: M, sourceLocation: SourceLocation = #_sourceLocation,
    assert change: ((inout Model) -> Void)? = nil
  ) {
    store.loop.drainNow()
    collect(at: sourceLocation)
    requireAsserted(before: "sending \(render(message))", sourceLocation: sourceLocation)
    applyHeldMessages(before: message, sourceLocation: sourceLocation)
    let before = store.loop.model
    store.send(message)
    collect(at: sourceLocation)
    checkModel(before: before, change: change, sourceLocation: sourceLocation)
  }

  /// Waits for the next message from an interpreter or subscription, checks that it equals
  /// `expected`, processes it, and checks the model.
  ///
  /// - Parameters:
  ///   - expected: The message the test expects next.
  ///   - sourceLocation: Where to report failures.
  ///   - change: Turns a copy of the previous model into the expected one.
  public func receive<M: Message & Equatable>(
    _ expected: M, sourceLocation: SourceLocation = #_sourceLocation,
    assert change: ((inout Model) -> Void)? = nil
  ) async {
    await receive(
      M.self, description: render(expected), sourceLocation: sourceLocation, where: { $0 == expected },
      assert: change)
  }

  /// Waits for the next message of type `type` that satisfies `matches`, processes it, and checks
  /// the model. For messages that are not `Equatable` or carry values the test cannot predict.
  ///
  /// - Parameters:
  ///   - type: The expected message type.
  ///   - sourceLocation: Where to report failures.
  ///   - matches: Whether the message is the expected one.
  ///   - change: Turns a copy of the previous model into the expected one.
  public func receive<M: Message>(
    _ type: M.Type, sourceLocation: SourceLocation = #_sourceLocation,
    where matches: @escaping (M) -> Bool = { _ in true },
    assert change: ((inout Model) -> Void)? = nil
  ) async {
    await receive(
      type, description: String(describing: type), sourceLocation: sourceLocation, where: matches,
      assert: change)
  }

  private func receive<M: Message>(
    _ type: M.Type, description: String, sourceLocation: SourceLocation, where matches: (M) -> Bool,
    assert change: ((inout Model) -> Void)?
  ) async {
    collect(at: sourceLocation)
    requireAsserted(before: "receiving \(description)", sourceLocation: sourceLocation)
    if let index = appliedBeforeSend.firstIndex(where: { ($0.message as? M).map(matches) ?? false }) {
      appliedBeforeSend.removeFirst(index + 1)
      checkModel(before: store.loop.model, change: change, sourceLocation: sourceLocation)
      return
    }
    while true {
      guard await waitForHeldMessage(expecting: description, sourceLocation: sourceLocation),
        let next = holder.messages.first
      else { return }
      let before = store.loop.model
      holder.processFirst(in: store)
      collect(at: sourceLocation)
      if let message = next.message as? M, matches(message) {
        checkModel(before: before, change: change, sourceLocation: sourceLocation)
        return
      }
      if exhaustivity == .on {
        let diff = Diff.lines(expected: description, actual: render(next.message)) ?? ""
        Issue.record(
          "Expected to receive \(description), received \(render(next.message)) (cause: \(next.cause)).\n\(diff)",
          sourceLocation: sourceLocation)
        return
      }
    }
  }

  /// Asserts the commands emitted since the last assertion, exactly and in order.
  ///
  /// - Parameters:
  ///   - expected: The commands; compared with `==` where `Equatable`, a `Reply` inside them by the
  ///     messages it builds for ``ReplySample/failure`` and for `sampleResults`.
  ///   - sampleResults: Results to apply to the replies inside the commands.
  ///   - sourceLocation: Where to report failures.
  public func expectCommands(
    _ expected: [any Command], sampleResults: [ReplySample] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    collect(at: sourceLocation)
    // The store's own commands count only when the test names one of them.
    let namesOwn = expected.contains(where: isPerformedByStore)
    let actual = commands.map(\.command).filter { namesOwn || !isPerformedByStore($0) }
    commands.removeAll()
    assertCommands(actual, equal: expected, sampleResults: sampleResults, sourceLocation: sourceLocation)
  }

  /// Asserts the subscriptions started and stopped since the last assertion, as sets.
  ///
  /// - Parameters:
  ///   - expectedStarted: The subscriptions that must have started (argument label `started:`).
  ///   - expectedStopped: The subscriptions that must have stopped (argument label `stopped:`).
  ///   - sourceLocation: Where to report failures.
  public func expectSubscriptions(
    started expectedStarted: [any Subscription] = [], stopped expectedStopped: [any Subscription] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    collect(at: sourceLocation)
    compare(started.map(\.subscription), expectedStarted, what: "started", sourceLocation: sourceLocation)
    compare(stopped.map(\.subscription), expectedStopped, what: "stopped", sourceLocation: sourceLocation)
    started.removeAll()
    stopped.removeAll()
  }

  /// Forgets unasserted commands.
  public func skipCommands() { commands.removeAll() }

  /// Forgets unasserted subscription starts and stops.
  public func skipSubscriptionChanges() {
    started.removeAll()
    stopped.removeAll()
  }

  /// Waits for running commands to finish, then processes every held message without asserting
  /// it (and the messages those produce, until nothing is left).
  ///
  /// - Parameter sourceLocation: Where to report problems the messages cause.
  public func skipReceivedMessages(sourceLocation: SourceLocation = #_sourceLocation) async {
    repeat {
      await waitForCommands(sourceLocation: sourceLocation)
      while holder.processFirst(in: store) != nil {}
      collect(at: sourceLocation)
    } while !store.loop.isIdle || !holder.messages.isEmpty
    appliedBeforeSend.removeAll()
  }

  /// Waits for running commands to finish, fails for anything unasserted (with exhaustivity on),
  /// and shuts the store down.
  ///
  /// Needed only at the end of a test whose commands are still running (asleep on a clock, awaiting
  /// an answer) and that means to wait for them: otherwise the test store checks the same when it
  /// goes away (see "The end of the test").
  ///
  /// - Parameter sourceLocation: Where to report failures.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
    await waitForCommands(sourceLocation: sourceLocation)
    end(at: sourceLocation)
  }

  /// The end of the test without waiting, from `deinit`: the commands' running work is let reach
  /// its next wait first (on the test store's own threads), and what it sent is then collected.
  private func checkEnd() {
    guard !isFinished else { return }
    _ = holder.commandTasks.waitUntilIdle(timeout: timeout)
    store.loop.drainNow()
    end(at: createdAt)
  }

  /// Fails for anything left (with exhaustivity on) and shuts the store down.
  private func end(at sourceLocation: SourceLocation) {
    isFinished = true
    collect(at: sourceLocation)
    if exhaustivity == .on {
      let leftovers = describeLeftovers()
      if !leftovers.isEmpty {
        Issue.record("Unasserted at the end of the test:\n\(leftovers)", sourceLocation: sourceLocation)
      }
    }
    holder.removeAll()
    appliedBeforeSend.removeAll()
    running.removeAll()
    store.shutDown()
    _ = log.take()
  }

  // MARK: - Checking

  /// Suspends until no command is running and the mailbox is empty (messages are then held).
  private func waitForCommands(sourceLocation: SourceLocation) async {
    store.loop.drainNow()
    while !store.loop.isIdle {
      guard await holder.waitForActivity(in: store, timeout: timeout) else {
        Issue.record("Commands were still running after \(timeout).", sourceLocation: sourceLocation)
        return
      }
    }
  }

  private func waitForHeldMessage(expecting description: String, sourceLocation: SourceLocation) async -> Bool
  {
    store.loop.drainNow()
    while holder.messages.isEmpty {
      if store.loop.isIdle && !store.loop.hasRunningSubscriptions {
        Issue.record(
          """
          Expected to receive \(description), but no command is running and no subscription is live: \
          nothing more will arrive.
          """, sourceLocation: sourceLocation)
        return false
      }
      guard await holder.waitForActivity(in: store, timeout: timeout) else {
        Issue.record(
          "Expected to receive \(description); nothing arrived within \(timeout).",
          sourceLocation: sourceLocation)
        return false
      }
      collect(at: sourceLocation)
    }
    return true
  }

  private func checkModel(before: Model, change: ((inout Model) -> Void)?, sourceLocation: SourceLocation) {
    guard change != nil || exhaustivity == .on else { return }
    var expected = before
    change?(&expected)
    let actual = store.loop.model
    guard expected != actual else { return }
    let diff = Diff.lines(expected: expected, actual: actual) ?? "(the models render alike but differ)"
    Issue.record("The model differs (− expected, + actual):\n\(diff)", sourceLocation: sourceLocation)
  }

  private func requireAsserted(before step: String, sourceLocation: SourceLocation) {
    // The store's own commands need no assertion: the next step forgets them.
    commands.removeAll { isPerformedByStore($0.command) }
    guard exhaustivity == .on else { return }
    var pending: [String] = []
    if !commands.isEmpty {
      pending.append("commands: " + commands.map { render($0.command) }.joined(separator: ", "))
    }
    if !started.isEmpty || !stopped.isEmpty {
      pending.append("subscription changes: " + describeSubscriptionChanges())
    }
    guard !pending.isEmpty else { return }
    Issue.record(
      "Assert the effects of the previous step before \(step). Unasserted \(pending.joined(separator: "; ")).",
      sourceLocation: sourceLocation)
    commands.removeAll()
    started.removeAll()
    stopped.removeAll()
  }

  /// Applies the messages that arrived before `message` was sent, in arrival order, as production
  /// does; with exhaustivity on, not receiving them first fails the step.
  private func applyHeldMessages(before message: some Message, sourceLocation: SourceLocation) {
    let held = holder.messages
    guard !held.isEmpty else { return }
    while holder.processFirst(in: store) != nil {}
    collect(at: sourceLocation)
    guard exhaustivity == .on else {
      appliedBeforeSend.append(contentsOf: held)
      return
    }
    let names = held.map { "\(render($0.message)) (caused by \($0.cause))" }.joined(separator: ", ")
    Issue.record(
      """
      Receive \(names) before sending \(render(message)). It arrived first, so it was applied first, \
      as in production.
      """, sourceLocation: sourceLocation)
    commands.removeAll()
    started.removeAll()
    stopped.removeAll()
  }

  private func describeLeftovers() -> String {
    var lines: [String] = []
    for held in holder.messages {
      lines.append("  message not received: \(render(held.message)) (\(held.cause))")
    }
    for command in commands where !isPerformedByStore(command.command) {
      lines.append("  command not asserted: \(render(command.command))")
    }
    if !started.isEmpty || !stopped.isEmpty {
      lines.append("  subscription changes: \(describeSubscriptionChanges())")
    }
    for record in running.values.sorted(by: { $0.id < $1.id }) {
      lines.append(
        "  command still running: \(render(record.command)) (await store.finish() to wait for it to end)")
    }
    return lines.joined(separator: "\n")
  }

  /// Whether the store performs `command` itself, without an interpreter: a `DelayedMessage`, a
  /// `CancelCommand`, or one of them under a `KeyedCommand` or a `ChildCommand`.
  private func isPerformedByStore(_ command: any Command) -> Bool {
    switch command {
    case is DelayedMessage, is CancelCommand: true
    case let keyed as KeyedCommand: isPerformedByStore(keyed.command)
    case let child as ChildCommand: isPerformedByStore(child.command)
    default: false
    }
  }

  /// Marks the main queue, so that `deinit` can tell whether it runs there (on the main actor).
  private static func markMainQueue() {
    DispatchQueue.main.setSpecific(key: MainQueueKey.key, value: ())
  }

  private func describeSubscriptionChanges() -> String {
    let starts = started.map { "started \(render($0.subscription))" }
    let stops = stopped.map { "stopped \(render($0.subscription))" }
    return (starts + stops).joined(separator: ", ")
  }

  /// "Subscription Tick(every: 1.0 seconds) (s1)" for a subscription cause, else the cause.
  private func describeSender(_ cause: Cause) -> String {
    guard case .subscription(let id) = cause, let name = subscriptionNames[id] else { return "\(cause)" }
    return "Subscription \(name) (\(id))"
  }

  private func compare(
    _ actual: [any Subscription], _ expected: [any Subscription], what: String, sourceLocation: SourceLocation
  ) {
    // A child's subscription carries its presence, which a test cannot write: compare without it.
    let actualSet = Set(
      actual.map { subscription -> AnyHashable in
        if let child = subscription as? ChildSubscription { return AnyHashable(child.asWrittenInTests) }
        return AnyHashable(subscription)
      })
    let expectedSet = Set(expected.map { AnyHashable($0) })
    guard actualSet != expectedSet else { return }
    let missing = expectedSet.subtracting(actualSet).map { render($0.base) }.sorted()
    let extra = actualSet.subtracting(expectedSet).map { render($0.base) }.sorted()
    var text = "The subscriptions \(what) differ."
    if !missing.isEmpty { text += " Expected but not \(what): \(missing.joined(separator: ", "))." }
    if !extra.isEmpty { text += " Unexpectedly \(what): \(extra.joined(separator: ", "))." }
    Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
  }

  /// Moves the monitor's events into the unasserted lists and fails for problems.
  private func collect(at sourceLocation: SourceLocation) {
    for misuse in holder.takeMisuses() {
      Issue.record(Comment(rawValue: misuse), sourceLocation: sourceLocation)
    }
    for event in log.take() {
      switch event {
      case .messageProcessed(_, _, let emitted, _):
        commands.append(contentsOf: emitted)
      case .subscriptionStarted(let record, _):
        started.append(record)
        subscriptionNames[record.id] = render(record.subscription)
      case .subscriptionStopped(let record, _):
        stopped.append(record)
      case .unhandledMessage(let record):
        let absence = (record.message as? any ChildAddressedMessage).map { ": \($0.absence)" } ?? ""
        Issue.record(
          "No updater handled \(render(record.message))\(absence).", sourceLocation: sourceLocation)
      case .noInterpreter(let record):
        let advice = selfPerformingAdvice(for: record.command).map { " " + $0 } ?? ""
        Issue.record(
          "No interpreter is registered for \(render(record.command)); register a test interpreter.\(advice)",
          sourceLocation: sourceLocation)
      case .commandFailed(let record, let error, _):
        running[record.id] = nil
        Issue.record("\(render(record.command)) failed: \(error)", sourceLocation: sourceLocation)
      case .noSubscriptionInterpreter(let record):
        started.append(record)
        Issue.record(
          "No interpreter is registered for \(render(record.subscription)); register a test interpreter.",
          sourceLocation: sourceLocation)
      case .subscriptionFailed(let record, let error):
        Issue.record("\(render(record.subscription)) failed: \(error)", sourceLocation: sourceLocation)
      case .messageDropped(let message, let cause, .storeShutDown):
        Issue.record(
          "\(render(message)) (\(cause)) was sent after the store was shut down and was dropped.",
          sourceLocation: sourceLocation)
      case .messageDropped(let message, let cause, .subscriptionStopped):
        Issue.record(
          """
          \(describeSender(cause)) sent \(render(message)) after it was stopped; the store dropped it. \
          Its interpreter must stop its work in stop(), or end its task when cancelled.
          """, sourceLocation: sourceLocation)
      case .messageDropped(let message, let cause, .commandReturned):
        Issue.record(
          """
          \(cause) sent \(render(message)) after its interpreter had returned; the store dropped it. \
          A command's messages belong to it while it runs: await the work in interpret, or make the \
          source a subscription.
          """, sourceLocation: sourceLocation)
      case .commandStarted(let record):
        running[record.id] = record
      case .commandFinished(let record, _), .commandCancelled(let record):
        running[record.id] = nil
      case .modelUpdated, .messageDropped(_, _, .commandCancelled):
        break
      }
    }
  }
}

/// `TypeName.case(payload)` on one line, whole: a failure message shows the value it names.
func render(_ value: Any) -> String {
  ValueRendering.line(of: value, limit: .max)
}

/// The key that marks the main queue for ``TestStore``'s `deinit`.
private enum MainQueueKey {
  static let key = DispatchSpecificKey<Void>()
}
