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
/// await clock.advance(by: .seconds(10))
/// await recorder.waitForMessages(count: 10)   // ten ticks, no real time spent
/// ```
///
/// ## Semantics
/// ``advance(by:)`` sets the time forward and wakes every sleeper whose deadline has passed, in
/// deadline order. A sleeper woken by an advance that keeps sleeping until a deadline that has also
/// passed (a timer computing `next = previous + interval`) returns at once, so a loop of *absolute*
/// deadlines fires once per interval covered by the advance. A loop of *relative* sleeps
/// (`sleep(for:)`) measures from the moment it resumes, which is after the whole advance, so it
/// fires once per advance, as it would on a machine that had been suspended. Write timers with
/// absolute deadlines.
///
/// Waiting for the effects of an advance is the test's job: await the messages
/// (``MessageRecorder/waitForMessages(count:timeout:sourceLocation:)``) or the next sleep
/// (``waitForSleepers(count:)``); the clock never yields or sleeps for real.
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
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Int: Sleeper] = [:]
    var nextSleeper = 0
    var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
      let count = sleepers.count
      let ready = sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
      sleeperWaiters.removeAll { $0.count <= count }
      return ready
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
    try Task.checkCancellation()
    let token = state.withLock { state -> Int? in
      if deadline <= state.now { return nil }
      state.nextSleeper += 1
      return state.nextSleeper
    }
    guard let token else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (waiters, cancelled) = state.withLock { state -> ([CheckedContinuation<Void, Never>], Bool) in
          if Task.isCancelled { return ([], true) }
          state.sleepers[token] = Sleeper(deadline: deadline, continuation: continuation)
          return (state.takeSatisfiedWaiters(), false)
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        for waiter in waiters { waiter.resume() }
      }
    } onCancel: {
      state.withLock { $0.sleepers.removeValue(forKey: token) }?.continuation.resume(
        throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline has passed, in order.
  ///
  /// - Parameter duration: How far to move; must not be negative.
  public func advance(by duration: Duration) async {
    precondition(duration >= .zero, "TestClock cannot move backwards (advance by \(duration)).")
    let target = state.withLock { $0.now.advanced(by: duration) }
    await advance(to: target)
  }

  /// Moves time forward to `instant`, waking every sleeper whose deadline has passed, in order.
  ///
  /// - Parameter instant: The new time; earlier instants are ignored.
  public func advance(to instant: Instant) async {
    let due = state.withLock { state -> [Sleeper] in
      if instant > state.now { state.now = instant }
      let due = state.sleepers.filter { $0.value.deadline <= state.now }.sorted {
        ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key)
      }
      for (key, _) in due { state.sleepers[key] = nil }
      return due.map(\.value)
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Moves time to the latest deadline of the current sleepers, waking all of them.
  public func run() async {
    let last = state.withLock { $0.sleepers.values.map(\.deadline).max() }
    if let last { await advance(to: last) }
  }

  /// Suspends until at least `count` tasks are sleeping on this clock.
  ///
  /// Use it to know that a timer has gone back to sleep, so that no message is still on its way.
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
}
