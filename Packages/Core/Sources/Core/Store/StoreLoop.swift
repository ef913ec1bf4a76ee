/// The loop and the store's parts it holds: ``UpdateRunner`` (the model, the updater, message and
/// command ids), ``Mailbox``, ``CommandRunner``, ``SubscriptionReconciler``, ``Observers``,
/// ``ConsequenceTracker`` and, when a test steps it, a ``LoopDriver``.
///
/// Hosted by a ``Store`` on the main actor or by an ``ActorStore`` on its own actor. It is not
/// `Sendable`: it lives in its host's isolation domain and every method runs there, so one loop
/// never runs on two threads at once.
///
/// ## One rule for reentrancy
/// While a drain runs (``State/isDraining``), anything sent on the host's actor (by a monitor, a
/// listener, an Observation observer, a subscription's `start()` or `stop()`, a monitor of the
/// mailbox's own events) is posted to the mailbox, behind everything already there, and handled
/// after the current envelope by the same drain. There is one drain loop and it never nests: every
/// way in (``send(_:cause:)``, ``runLoop(limit:)``, ``start()``, ``process(_:)``,
/// ``startWaitingCommands()``) checks that no drain runs and goes through ``enter(limit:_:)``. The
/// one exception does not drain: ``startWaitingCommands()`` inside a drain or while paused starts
/// the waiting commands only, and what they send waits for that drain or for ``resume()``.
///
/// ## Pausing
/// ``pause()`` makes the ``Phase`` `paused`: a drain stops after the envelope it is handling and
/// puts the rest of its batch back at the front of the mailbox, and every way in queues to it,
/// since only a running loop with no drain processes a message at once; ``resume()`` drains what
/// waited.
package final class StoreLoop<Model: Sendable> {
  /// The model, the updater and the commands an update returns.
  let updates: UpdateRunner<Model>
  let mailbox: Mailbox
  let commands: CommandRunner
  let subscriptions: SubscriptionReconciler<Model>
  let observers = Observers<Model>()
  /// Steps the loop through what other tasks send (CoreTesting's `TestStore`).
  var driver: (any LoopDriver)?

  /// Where the loop is in its life.
  enum Phase {
    /// Processing what arrives: at once when sent on the actor with no drain running, otherwise
    /// in arrival order by the drain.
    case running
    /// Held by ``pause()``: whatever arrives waits in the mailbox, in order, until ``resume()``. A
    /// drain paused from inside stops after the envelope it is handling.
    case paused
    /// Ended by ``shutDown()``: whatever is queued or arrives is dropped and reported.
    case shutDown

    var isPaused: Bool { if case .paused = self { true } else { false } }
    var isShutDown: Bool { if case .shutDown = self { true } else { false } }
  }

  /// What the loop itself changes as it runs, in one value.
  private struct State {
    var phase = Phase.running
    /// Whether a drain is on the stack (``enter(limit:_:)``): every way in then queues behind it,
    /// so the drain never nests.
    var isDraining = false
    /// Whether a child's command may run in a task or wait: after each message the loop then asks
    /// whether its child is still present. Set when one starts, cleared when the loop finds none.
    var childCommandsMayRun = false
    /// Who waits for what: messages whose commands have not all finished
    /// (``SentMessage/finish()``), and ``settle(isolation:)``.
    var consequences = ConsequenceTracker()
    /// The storage of the last batch taken from the mailbox, emptied, handed back to it with the
    /// next take (``Mailbox/takeAll(into:)``).
    var spareBatch: [Mailbox.Envelope] = []
  }

  // Safety of `@exclusivity(unchecked)`: the loop is confined to its host's actor (it is not
  // `Sendable`), so no two threads access `state` at once; and no access to it spans a call of
  // user code (a monitor, a listener, a subscription's `start()`, an interpreter): each reads or
  // changes a field and ends before the loop calls out. What it buys is in docs/performance.md.
  @exclusivity(unchecked) private var state = State()

  var isShutDown: Bool { state.phase.isShutDown }
  var isPaused: Bool { state.phase.isPaused }

  /// How many envelopes a drain scheduled by the mailbox handles before it yields its actor (it
  /// handles at least one whole batch).
  static var scheduledDrainLimit: Int { 4_096 }

  init(
    model: Model, updater: AnyUpdaterBox<Model>, subscriptions: (any SubscriptionProvider<Model>)?,
    mailbox: Mailbox
  ) {
    updates = UpdateRunner(model: model, updater: updater)
    self.mailbox = mailbox
    self.commands = CommandRunner(mailbox: mailbox, maximumRunning: StoreSettings().maximumRunningCommands)
    self.subscriptions = SubscriptionReconciler(
      provider: subscriptions, mailbox: mailbox, observers: observers)
  }

  deinit {
    subscriptions.endAll()
    commands.cancelAll()
    for waiter in state.consequences.takeIdleWaiters() { waiter.resume() }
  }

  /// The model, read.
  package var model: Model { updates.model }

  // MARK: - Entering the loop

  /// The one way into the loop: marks a drain running, runs `first` (a message sent on the actor,
  /// the subscriptions of ``start()``, a held message, or nothing), drains the mailbox of what that
  /// and other tasks queued, then resumes ``settle(isolation:)``'s waiters. Every entry point checks
  /// ``State/isDraining`` first, so the drain never nests.
  ///
  /// - Parameter limit: See ``drain(limit:)``.
  @inline(__always) @discardableResult
  private func enter<Result>(limit: Int?, _ first: () -> Result) -> Result {
    state.isDraining = true
    let result = first()
    if mailbox.hasPending { drain(limit: limit) }
    state.isDraining = false
    if state.consequences.hasIdleWaiters { resumeIdleWaitersIfIdle() }
    return result
  }

  /// Processes `message`, sent on the host's actor, before returning, after whatever arrived
  /// before it; inside the loop, queues it behind everything already queued.
  @inline(__always)
  func send<M: Message>(_ message: M, cause: Cause) -> SendOutcome {
    guard case .running = state.phase, !state.isDraining, !mailbox.hasPending else {
      return sendQueued(message, cause: cause)
    }
    let started = enter(limit: nil) {
      process(message, cause: cause, number: 0) ? updates.lastMessage : nil
    }
    // A command performed inside the loop has ended by now: with none left running or waiting, the
    // handle is complete and holds no reference to the store.
    guard let started, !commands.isIdle else { return .complete }
    return .tracked(started)
  }

  /// Suspends until the tree of `id`, a processed message, has finished.
  func waitForConsequences(of id: MessageID, isolation: isolated (any Actor)? = #isolation) async {
    guard !state.phase.isShutDown else { return }
    if let ticket = state.consequences.ticket(forProcessed: id, commands: commands) { await ticket.wait() }
  }

  /// Suspends until the message numbered `number` in the mailbox has been processed and its tree has
  /// finished.
  func waitForConsequences(ofNumber number: UInt64, isolation: isolated (any Actor)? = #isolation) async {
    guard !state.phase.isShutDown else { return }
    let isHeld = driver?.holds(number) == true
    if let ticket = state.consequences.ticket(forNumber: number, isHeld: isHeld, commands: commands) {
      await ticket.wait()
    }
  }

  /// How many records the loop keeps for awaited consequences.
  package var consequenceRecordCount: Int { state.consequences.recordCount }

  @inline(never)
  private func sendQueued(_ message: any Message, cause: Cause) -> SendOutcome {
    if state.phase.isShutDown {
      observers.dropped(message, cause: cause, reason: .storeShutDown)
      return .complete
    }
    // Inside the loop, the running drain reaches it; outside, the drain below does; while paused,
    // resume() does. None needs a drain of its own scheduled.
    let number = mailbox.post(message, cause: cause, sentOnActor: true, schedulesDrain: false)
    runLoop(limit: nil)
    return .posted(number)
  }

  /// Drains the mailbox, unless the loop is already running (it will reach what is queued).
  ///
  /// - Parameter limit: After this many envelopes, stop taking new batches and schedule another
  ///   drain, so other work on the actor gets a turn. `nil`: until the mailbox is empty.
  func runLoop(limit: Int?) {
    guard !state.isDraining, !state.phase.isPaused else { return }
    enter(limit: limit) {}
  }

  /// Starts the subscriptions the current model asks for, then handles what that caused.
  func start() {
    guard subscriptions.hasProvider, !subscriptions.hasReconciled, !state.isDraining, state.phase == .running
    else { return }
    enter(limit: nil) { reconcile(after: nil, id: nil) }
  }

  /// Processes a message the ``driver`` held, then what it caused.
  package func process(_ held: PendingMessage) {
    guard !state.isDraining, state.phase == .running else { return }
    enter(limit: nil) { process(held.message, cause: held.cause, number: held.number) }
  }

  private func drain(limit: Int?) {
    var handled = 0
    while true {
      if let limit, handled >= limit {
        mailbox.requestDrain()
        break
      }
      // No take (and no lock) to find the mailbox empty: a post this relaxed read misses came after
      // the last take allowed it to schedule a drain.
      if !mailbox.hasPending { break }
      // A pause inside the loop: what is queued waits (``pause()``).
      if state.phase.isPaused { break }
      var batch = state.spareBatch
      state.spareBatch = []
      mailbox.takeAll(into: &batch)
      handled += batch.count
      // By index: the element is borrowed for `handle`, not copied.
      for index in batch.indices {
        handle(batch[index])
        // A pause inside the loop takes effect after the envelope being handled.
        if state.phase.isPaused, index < batch.count - 1 {
          mailbox.putBack(batch[(index + 1)...])
          break
        }
      }
      if batch.count <= 1_024 {
        batch.removeAllKeepingCapacity()
        state.spareBatch = batch
      }
    }
    if handled > 0, let driver { driver.didDrain() }
  }

  private func handle(_ envelope: Mailbox.Envelope) {
    switch envelope {
    case .message(let message, let cause, let number):
      receive(message, cause: cause, number: number, mayHold: true)
    case .sent(let message, let cause, let number):
      receive(message, cause: cause, number: number, mayHold: false)
    case .commandFinished(let id, let failure, let duration):
      commandFinished(id, failure: failure, duration: duration)
    case .subscriptionFinished(let id, let failure):
      if let failure { subscriptions.failed(id, failure: failure) }
    case .dropped(let message, let cause, let reason):
      observers.dropped(message, cause: cause, reason: reason)
    }
  }

  /// The one decision for a message taken from the mailbox: dropped if the store has shut down or
  /// the command that sent it has ended, held if a test store holds messages from other tasks
  /// (`mayHold`), processed otherwise.
  @inline(__always)
  private func receive(_ message: any Message, cause: Cause, number: UInt64, mayHold: Bool) {
    state.consequences.lastTakenNumber = number
    if state.phase.isShutDown {
      dropped(message, cause: cause, number: number)
    } else if case .command(let command, _) = cause, let reason = commands.dropReason(forMessageOf: command) {
      dropped(message, cause: cause, number: number, reason: reason)
    } else if mayHold, let driver {
      driver.hold(PendingMessage(message: message, cause: cause, number: number))
    } else {
      process(message, cause: cause, number: number)
    }
  }

  /// Drops a message taken from the mailbox: sent after shutdown, or by a command that had
  /// returned (its end was handled before it).
  @inline(never)
  private func dropped(
    _ message: any Message, cause: Cause, number: UInt64, reason: DropReason = .storeShutDown
  ) {
    state.consequences.takeNumberWaiter(number)?.complete()
    observers.dropped(message, cause: cause, reason: reason)
  }

  // MARK: - One message

  /// Runs one message through the loop: update, observers, subscriptions, commands.
  ///
  /// The hot path holds no value of a type that depends on `Model` other than the model itself:
  /// the runtime would instantiate that type's metadata on every call (measured with `perf`).
  /// Everything monitors need is built by ``Observers`` (``processMonitored(_:cause:id:)``).
  ///
  /// - Parameters:
  ///   - number: The message's number in the mailbox, or 0 if it did not go through it.
  /// - Returns: Whether the update emitted commands that started or wait to start.
  @discardableResult
  private func process<M: Message>(_ message: M, cause: Cause, number: UInt64) -> Bool {
    let ticket =
      number != 0 && state.consequences.hasNumberWaiters ? state.consequences.takeNumberWaiter(number) : nil
    let updates = updates
    let id = updates.nextMessageID()
    if observers.hasMonitors {
      processMonitored(message, cause: cause, id: id)
    } else if !updates.apply(message) {
      observers.unhandled(message, cause: cause, id: id)
    }

    if observers.hasListeners { observers.notifyListeners(model) }
    if subscriptions.hasProvider, !state.phase.isShutDown {
      reconcile(after: message, id: id)
    }
    if state.childCommandsMayRun { cancelCommandsOfGoneChildren() }
    guard !updates.emitted.isEmpty else {
      ticket?.complete()
      return false
    }
    // Numbered only when there are commands; a listener or a subscription's start
    // above sends nothing that is processed before this.
    let firstCommand = updates.firstEmittedID
    updates.numberEmitted()
    // A monitor, listener or subscription that shut the store down keeps these from starting;
    // monitors already saw them with the processed message.
    let started = !state.phase.isShutDown
    if started {
      startCommands(from: firstCommand, emittedBy: id, cause: cause, number: number, ticket: ticket)
    } else {
      updates.emitted.removeAll(keepingCapacity: true)
      ticket?.complete()
    }
    return started
  }

  @inline(never)
  private func processMonitored<M: Message>(_ message: M, cause: Cause, id: MessageID) {
    let clock = ContinuousClock()
    let start = clock.now
    let handled = updates.apply(message)
    let end = clock.now
    observers.processed(
      MessageRecord(id: id, cause: cause, message: message), handled: handled, commands: updates.emitted,
      firstCommand: updates.firstEmittedID, duration: end - start, end: end, model: model)
  }

  // MARK: - Commands

  @inline(never)
  private func startCommands(
    from first: UInt64, emittedBy message: MessageID, cause: Cause, number: UInt64, ticket: MessageTicket?
  ) {
    // A message sent by a running command belongs to that command's tree; any other roots one.
    var root = TreeRoot(id: message, number: number)
    if case .command(let command, _) = cause, let running = commands.root(ofRunning: command) {
      root = state.consequences.emitted(
        updates.emitted.count, by: message, number: number, sentBy: command, in: running, ticket: ticket)
    } else {
      state.consequences.emitted(updates.emitted.count, byRoot: root, ticket: ticket)
    }
    let timed = observers.hasMonitors
    if updates.emitted.count == 1 {
      // The usual case: the one command moved out of the buffer, not copied out and destroyed in it.
      let command = updates.emitted.removeLast()
      start(
        CommandRecord(id: CommandID(rawValue: first), emittedBy: message, command: command), root: root,
        timed: timed)
      return
    }
    for index in updates.emitted.indices {
      let id = CommandID(rawValue: first &+ UInt64(index))
      start(
        CommandRecord(id: id, emittedBy: message, command: updates.emitted[index]), root: root, timed: timed)
      // A monitor or an interpreter that shut the store down keeps the rest from starting.
      if state.phase.isShutDown { break }
    }
    updates.emitted.removeAllKeepingCapacity()
  }

  /// Starts one command the update of a message emitted, and reports what became of it.
  @inline(__always)
  private func start(_ record: CommandRecord, root: TreeRoot, timed: Bool) {
    let (outcome, resolved) = commands.start(record, root: root, timed: timed)
    if resolved { endResolved() }
    switch outcome {
    case .started: if timed { observers.commandStarted(record) }
    case .waiting: break
    case .noInterpreter:
      state.consequences.finished(in: root)
      observers.noInterpreter(record)
    case .done:
      state.consequences.finished(in: root)
      if timed { observers.commandDone(record) }
    }
    if resolved, outcome == .started || outcome == .waiting { endIfChildGone(record.id) }
  }

  /// Cancels and ends a child's command whose child the update that emitted it removed: the check
  /// after each message (``cancelCommandsOfGoneChildren()``) ran before the command started.
  @inline(never)
  private func endIfChildGone(_ id: CommandID) {
    let updates = updates
    guard commands.cancelCommand(id, ifChildGone: { updates.contains($0) }) else { return }
    endCancelled()
  }

  /// Starts the commands waiting for a slot, in order, while the bound leaves room (it was
  /// raised). Inside the loop the running drain takes what they send; outside, this enters it.
  func startWaitingCommands() {
    guard commands.hasWaiting else { return }
    switch state.phase {
    case .running where !state.isDraining: enter(limit: nil) { startWaitingUpToBound() }
    case .running, .paused: startWaitingUpToBound()
    case .shutDown: return
    }
  }

  private func startWaitingUpToBound() {
    let timed = observers.hasMonitors
    while let started = commands.startWaiting(timed: timed) {
      if timed { observers.commandStarted(started) }
      if state.phase.isShutDown { return }
    }
  }

  /// Cancels and ends the commands of the children the last update removed: a child's effects end
  /// with it, as its subscriptions do.
  @inline(never)
  private func cancelCommandsOfGoneChildren() {
    guard commands.hasChildCommands else { return state.childCommandsMayRun = false }
    let updates = updates
    guard commands.cancelCommands(ofChildrenGone: { updates.contains($0) }) else { return }
    endCancelled()
  }

  /// Ends the commands the runner cancelled since the loop last asked.
  private func endCancelled() {
    for cancelled in commands.takeCancelled() {
      switch cancelled {
      case .running(let id):
        commandFinished(id, failure: nil, duration: nil, cancelled: true)
      case .waiting(let record, let root):
        state.consequences.finished(in: root)
        if observers.hasMonitors { observers.commandCancelled(record) }
      }
    }
  }

  /// After the runner resolved a command itself: ends the commands a ``KeyedCommand`` or
  /// ``CancelCommand`` cancelled, and notes that a child's command may now run.
  @inline(never)
  private func endResolved() {
    endCancelled()
    if commands.hasChildCommands { state.childCommandsMayRun = true }
  }

  /// Ends a command whose end the loop has taken (queued behind every message it sent), and
  /// starts the next waiting one in its place.
  private func commandFinished(
    _ id: CommandID, failure: (any Error)?, duration: Duration?, cancelled: Bool = false
  ) {
    guard let root = commands.finish(id) else { return }
    if state.consequences.hasSenders { state.consequences.senderReturned(id) }
    if state.consequences.counts(root) { state.consequences.finished(in: root) }
    let timed = observers.hasMonitors
    if commands.hasRecords, let record = commands.takeRecord(id) {
      observers.commandEnded(
        record, failure: failure, duration: duration, cancelled: cancelled, timed: timed,
        shutDown: state.phase.isShutDown)
    }
    if commands.hasWaiting, let started = commands.startWaiting(timed: timed), timed {
      observers.commandStarted(started)
    }
  }

  // MARK: - Subscriptions

  /// Compares what the provider asks for with what runs; stops the missing (oldest first), then
  /// starts the new (in the provider's order), telling monitors of each.
  @inline(never)
  private func reconcile(after message: (any Message)?, id: MessageID?) {
    subscriptions.reconcile(with: model, after: message, id: id) { state.phase.isShutDown }
  }

  // MARK: - Pausing

  /// Holds the loop: what arrives waits in the mailbox, in order, until ``resume()``.
  ///
  /// Called inside the loop, the drain stops after the envelope it is handling and puts the rest of
  /// its batch back at the front of the mailbox (``drain(limit:)``).
  func pause() {
    switch state.phase {
    case .running:
      if let driver { return driver.misuse(StoreMisuse.pauseUnderTestStore) }
      state.phase = .paused
    case .paused, .shutDown: return
    }
  }

  /// Processes what waited, in order, then runs as before. Called inside the loop after a pause
  /// there, it lets the running drain go on.
  func resume() {
    switch state.phase {
    case .paused:
      state.phase = .running
      runLoop(limit: nil)
    case .running, .shutDown: return
    }
  }

  // MARK: - Lifecycle

  /// Stops subscriptions (newest first), cancels running commands, forgets waiting ones, and drops
  /// what is queued or sent later.
  func shutDown() {
    switch state.phase {
    // What waited while paused is dropped below, reported like anything else still queued.
    case .running, .paused: state.phase = .shutDown
    case .shutDown: return
    }
    for key in subscriptions.newestFirst { subscriptions.stop(key, stoppedBy: nil) }
    commands.cancelAll()
    state.consequences.completeAll()
    for held in driver?.releaseAll() ?? [] {
      observers.dropped(held.message, cause: held.cause, reason: .storeShutDown)
    }
    runLoop(limit: nil)
    resumeIdleWaitersIfIdle()
  }

  /// Whether no message is waiting and no command is running or waiting to run.
  package var isIdle: Bool {
    switch state.phase {
    case .running, .paused: commands.isIdle && mailbox.count == 0
    // Commands still cancelling count for nothing: none of them can send a message.
    case .shutDown: mailbox.count == 0
    }
  }

  /// Suspends until ``isIdle``.
  func settle(isolation: isolated (any Actor)? = #isolation) async {
    if let command = CommandContext.current {
      let problem = StoreMisuse.settleInsideInterpreter(of: command)
      // Under a test store, a failure of that test instead of a stop of every test in the process.
      guard let driver else { preconditionFailure(problem) }
      driver.misuse(problem)
      return
    }
    while !isIdle {
      await withCheckedContinuation { state.consequences.waitForIdle($0) }
    }
  }

  private func resumeIdleWaitersIfIdle() {
    guard isIdle, state.consequences.hasIdleWaiters else { return }
    for waiter in state.consequences.takeIdleWaiters() { waiter.resume() }
  }
}
