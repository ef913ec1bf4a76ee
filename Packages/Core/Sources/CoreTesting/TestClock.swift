import Synchronization

/// A clock whose time moves only when a test says so, so timers run instantly and deterministically.
///
/// Inject it where the live code takes a clock (`some Clock<Duration>`), then move time with
/// ``advance(by:)``:
///
/// ```swift
/// let clock = TestClock()
/// let recorder = MessageRecorder()
/// let task = Task { try await TickInterpreter(clock: clock).run(.every(.seconds(1)), recorder.dispatch()) }
/// await clock.waitForSleepers(count: 1)        // the ticker is asleep
/// await clock.advance(by: .seconds(10))        // ten ticks sent, no real time spent
/// ```
///
/// ## Semantics
/// ``advance(by:)`` moves time in steps, as a real clock would pass through every instant: to the
/// earliest deadline inside the window, where the sleepers due then wake, then to the next one,
/// and so on up to the target. Between steps it waits for every sleeper it woke to run and either
/// sleep again or be cancelled, so a sleep started by a woken sleeper is seen by the same advance.
/// Loops of relative sleeps (`sleep(for:)`) and of absolute deadlines alike fire once per interval
/// covered: `while true { try await clock.sleep(for: .seconds(1)); dispatch(Tick()) }` sends ten
/// ticks for `advance(by: .seconds(10))`, and they have all been sent when the advance returns.
/// Sleepers due at the same instant wake in the order they went to sleep.
///
/// The clock knows a sleeper only from its calls: it tracks, without guessing, a woken sleeper from
/// its wake-up until it sleeps again. A woken task that never calls the clock again (it returns,
/// or waits on something else first) cannot be seen ending; the advance gives it a bounded number
/// of yields, over at least a tenth of a second of real time (so that a sleeper whose thread the
/// system preempted is still waited for), and moves on. Likewise a task that has not slept yet is unknown: before the first
/// advance, ``waitForSleepers(count:)`` waits for the timer to be asleep.
///
/// Waiting for what the woken sleepers caused downstream (a store processing their messages) is
/// the test's job: ``MessageRecorder/waitForMessages(count:timeout:sourceLocation:)``, a test
/// store's `receive`, or `Store.settle()`. The clock never sleeps for real.
public final class TestClock: Clock, Sendable {
  /// A point in test time: an offset from the clock's start.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time since the clock's start.
    public var offset: Duration

    /// Creates an instant at `offset` from the clock's start.
    ///
    /// - Parameter offset: The time since the start.
    public init(offset: Duration) { self.offset = offset }

    /// The instant `duration` later.
    ///
    /// - Parameter duration: The distance.
    /// - Returns: The later instant.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The duration from this instant to `other`.
    ///
    /// - Parameter other: The later instant.
    /// - Returns: `other - self`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Orders instants by offset.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let deadline: Instant
    let task: Int
    let continuation: CheckedContinuation<Void, any Error>
  }

  /// Where a sleeper woken by an advance is: the advance waits for it between steps.
  private enum Wake {
    /// Its continuation was resumed; its task has not run yet.
    case resuming
    /// Its task is running its own code again.
    case running
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Int: Sleeper] = [:]
    var nextSleeper = 0
    var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// The tasks of the current advance step's woken sleepers that have not slept again, by task.
    var woken: [Int: Wake] = [:]
    /// Advances waiting for every woken sleeper to be running.
    var resumeWaiters: [CheckedContinuation<Void, Never>] = []
    /// The commands of the test stores this clock was given, which it lets reach their first wait
    /// before it moves.
    var commands: [CommandTasks] = []

    mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
      let count = sleepers.count
      let ready = sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
      sleeperWaiters.removeAll { $0.count <= count }
      return ready
    }

    /// The task calls into the clock again: it is no longer one the advance waits for.
    mutating func checkIn(_ task: Int) -> [CheckedContinuation<Void, Never>] {
      guard woken.removeValue(forKey: task) != nil else { return [] }
      return takeResumeWaiters()
    }

    mutating func takeResumeWaiters() -> [CheckedContinuation<Void, Never>] {
      guard !woken.values.contains(where: { $0 == .resuming }) else { return [] }
      defer { resumeWaiters.removeAll() }
      return resumeWaiters
    }
  }

  private let state = Mutex(State())

  /// Creates a clock at offset zero.
  public init() {}

  /// The current test time.
  public var now: Instant { state.withLock { $0.now } }

  /// Zero: the clock has no granularity.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are sleeping on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the test advances the clock to `deadline`; returns at once if it has passed.
  ///
  /// - Parameters:
  ///   - deadline: When to wake.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` if the task is cancelled while sleeping.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let task = Self.currentTask()
    if Task.isCancelled {
      resume(state.withLock { $0.checkIn(task) })
      throw CancellationError()
    }
    let token = state.withLock { state -> Int? in
      if deadline <= state.now { return nil }
      state.nextSleeper += 1
      return state.nextSleeper
    }
    guard let token else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (waiters, cancelled) = state.withLock { state -> ([CheckedContinuation<Void, Never>], Bool) in
          let checkedIn = state.checkIn(task)
          if Task.isCancelled { return (checkedIn, true) }
          state.sleepers[token] = Sleeper(deadline: deadline, task: task, continuation: continuation)
          return (checkedIn + state.takeSatisfiedWaiters(), false)
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        resume(waiters)
      }
    } onCancel: {
      state.withLock { $0.sleepers.removeValue(forKey: token) }?.continuation.resume(
        throwing: CancellationError())
    }
    resume(
      state.withLock { state -> [CheckedContinuation<Void, Never>] in
        guard state.woken[task] == .resuming else { return [] }
        state.woken[task] = .running
        return state.takeResumeWaiters()
      })
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline falls inside it.
  ///
  /// See ``advance(to:)``.
  ///
  /// - Parameter duration: How far to move; must not be negative.
  public func advance(by duration: Duration) async {
    precondition(duration >= .zero, "TestClock cannot move backwards (advance by \(duration)).")
    let target = state.withLock { $0.now.advanced(by: duration) }
    await advance(to: target)
  }

  /// Moves time forward to `instant`, waking every sleeper whose deadline falls before it, in
  /// deadline order, including sleeps the woken sleepers start on the way.
  ///
  /// Time moves in steps: to the earliest deadline not after `instant`, where the sleepers due then
  /// wake (in the order they went to sleep); the advance then waits until each of them sleeps
  /// again, is cancelled, or stops calling the clock (see the type's discussion), and takes the next
  /// step. A loop of relative sleeps therefore fires once per interval, each sleep measured from
  /// the deadline that woke it.
  ///
  /// A clock given to a ``TestStore`` (``TestStore/clock``) first waits, and again after each
  /// step, until every command that store started has run to its first wait or its end.
  ///
  /// - Parameter instant: The new time; earlier instants are ignored.
  public func advance(to instant: Instant) async {
    await waitForCommands()
    while let due = nextStep(upTo: instant) {
      for sleeper in due { sleeper.continuation.resume() }
      await waitForWokenSleepers()
      await waitForCommands()
    }
  }

  /// Moves time forward by `duration` at once, as when a suspended machine wakes: every sleeper due
  /// by then wakes seeing the new time.
  ///
  /// See ``jump(to:)``.
  ///
  /// - Parameter duration: How far to move; must not be negative.
  public func jump(by duration: Duration) async {
    precondition(duration >= .zero, "TestClock cannot move backwards (jump by \(duration)).")
    let target = state.withLock { $0.now.advanced(by: duration) }
    await jump(to: target)
  }

  /// Moves time to `instant` at once, as when a suspended machine wakes, then wakes every sleeper
  /// whose deadline has passed, in deadline order.
  ///
  /// Unlike ``advance(to:)``, time does not stop at each deadline on the way: every woken sleeper
  /// sees `instant` as the current time, which is how a timer that skips the deadlines it missed
  /// is tested. The wake-ups are otherwise the same: the jump waits for each woken sleeper to
  /// sleep again, and wakes the sleeps it starts that are already due.
  ///
  /// - Parameter instant: The new time; earlier instants are ignored.
  public func jump(to instant: Instant) async {
    await waitForCommands()
    state.withLock { if instant > $0.now { $0.now = instant } }
    await advance(to: instant)
  }

  /// Moves time to the latest deadline of the current sleepers, waking all of them (and the sleeps
  /// they start that fall before it).
  public func run() async {
    await waitForCommands()
    let last = state.withLock { $0.sleepers.values.map(\.deadline).max() }
    if let last { await advance(to: last) }
  }

  /// Suspends until at least `count` tasks are sleeping on this clock.
  ///
  /// Use it before the first ``advance(by:)`` to know that a task just started (a subscription,
  /// a command) has reached its first sleep: the clock cannot know about a task that has not
  /// called it yet.
  ///
  /// - Parameter count: The number of sleepers to wait for.
  public func waitForSleepers(count: Int = 1) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.sleepers.count >= count { return true }
        state.sleeperWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  // MARK: - Stepping

  /// Lets the commands of `tasks`, a test store's, reach their first wait before each move.
  func waitsForCommands(of tasks: CommandTasks) {
    state.withLock { state in
      if !state.commands.contains(where: { $0 === tasks }) { state.commands.append(tasks) }
    }
  }

  private func waitForCommands() async {
    for tasks in state.withLock({ $0.commands }) { await tasks.untilIdle() }
  }

  /// How many times an advance yields for a woken sleeper that runs but has not slept again.
  ///
  /// Only a sleeper that ends, or waits on something other than this clock, uses the whole
  /// budget; one that sleeps again ends the wait at once.
  private static let runningSleeperYields = 1_000

  /// The real time an advance gives a woken sleeper that runs but has not slept again, at the
  /// least: a thousand yields can pass while the system keeps the sleeper's thread preempted, and
  /// the sleeper would then sleep again after the advance had moved on, out of deadline order.
  private static let runningSleeperTime = Duration.milliseconds(100)

  /// Takes one step towards `target`: sets the time to the earliest deadline not after it and
  /// removes the sleepers due then, or, when none is left, sets the time to `target`.
  private func nextStep(upTo target: Instant) -> [Sleeper]? {
    state.withLock { state -> [Sleeper]? in
      let earliest = state.sleepers.values.map(\.deadline).filter { $0 <= target }.min()
      guard let earliest else {
        if target > state.now { state.now = target }
        return nil
      }
      if earliest > state.now { state.now = earliest }
      let due = state.sleepers.filter { $0.value.deadline == earliest }.sorted { $0.key < $1.key }
      for (token, sleeper) in due {
        state.sleepers[token] = nil
        state.woken[sleeper.task] = .resuming
      }
      return due.map(\.value)
    }
  }

  /// Waits until every sleeper the last step woke has run and then slept again (or been
  /// cancelled); one that has run but does not call the clock again is given a bounded number of
  /// yields, then forgotten.
  private func waitForWokenSleepers() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if !state.woken.values.contains(.resuming) { return true }
        state.resumeWaiters.append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
    var yields = 0
    let start = ContinuousClock.now
    while state.withLock({ !$0.woken.isEmpty }),
      yields < Self.runningSleeperYields || ContinuousClock.now - start < Self.runningSleeperTime
    {
      await Task.yield()
      yields += 1
    }
    state.withLock { $0.woken.removeAll() }
  }

  private func resume(_ waiters: [CheckedContinuation<Void, Never>]) {
    for waiter in waiters { waiter.resume() }
  }

  /// An identity for the current task, to recognise a woken sleeper when it sleeps again.
  private static func currentTask() -> Int {
    withUnsafeCurrentTask { $0?.hashValue } ?? 0
  }
}
