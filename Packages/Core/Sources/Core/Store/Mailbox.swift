import Synchronization

/// The one queue through which messages reach a store's loop, in arrival order.
///
/// Everything that is not processed on the spot goes through it: messages from other tasks, the
/// ends of commands and subscriptions, and messages sent on the store's actor while the loop is
/// already running (by a monitor, a listener, an Observation observer, a subscription's `start()`).
/// One queue means one order: an envelope is handled after every envelope posted before it.
///
/// Senders append under a lock and, if no drain is scheduled, schedule one task on the store's
/// actor. A relaxed atomic counter lets the store's synchronous `send` see cheaply whether earlier
/// envelopes are waiting, so it can process them first.
///
/// ## Capacity
/// ``post(_:)`` never waits: the store's own events and synchronous senders cannot be slowed.
/// ``postRespectingCapacity(_:)`` suspends while ``capacity`` envelopes or more are waiting, and
/// resumes when the store takes them, so a producer in another task that outruns the store is
/// slowed instead of buffered without limit.
final class Mailbox: Sendable {
  enum Envelope: Sendable {
    /// From another task, with its number: held by a test store that holds incoming messages.
    case message(any Message, Cause, post: UInt64)
    /// Sent on the store's actor while the loop was busy, or behind earlier arrivals, with its
    /// number: never held.
    case sent(any Message, Cause, post: UInt64)
    case commandFinished(CommandID, failure: (any Error)?, duration: Duration?)
    case subscriptionFinished(SubscriptionID, failure: (any Error)?)
    case dropped(any Message, Cause, DropReason)
  }

  private struct State: ~Copyable {
    var queue: [Envelope] = []
    var drainScheduled = false
    var waiters: [CheckedContinuation<Void, Never>] = []
    /// The number of the last message posted: messages are numbered in arrival order, so a
    /// ``SentMessage`` can name one without an allocation.
    var lastPost: UInt64 = 0
  }

  private let state = Mutex(State())
  private let pending = Atomic<Int>(0)
  private let scheduleDrain: @Sendable () -> Void
  private let waitForPost: @Sendable (UInt64) async -> Void
  /// How many waiting envelopes make ``postRespectingCapacity(_:)`` suspend.
  let capacity: Int

  /// - Parameters:
  ///   - capacity: How many waiting envelopes make ``postRespectingCapacity(_:)`` suspend.
  ///   - scheduleDrain: Starts a task on the store's actor that drains the mailbox.
  ///   - waitForPost: Waits, on the store's actor, for what the message with a number caused.
  init(
    capacity: Int = 65_536, scheduleDrain: @escaping @Sendable () -> Void,
    waitForPost: @escaping @Sendable (UInt64) async -> Void = { _ in }
  ) {
    self.capacity = capacity
    self.scheduleDrain = scheduleDrain
    self.waitForPost = waitForPost
  }

  /// Suspends until the message numbered `post` has been processed and its commands have
  /// finished (see ``SentMessage/finish()``).
  func waitForConsequences(ofPost post: UInt64) async {
    await waitForPost(post)
  }

  /// Whether envelopes are waiting. A relaxed read: a concurrent post may be missed, which is the
  /// same as that post arriving a moment later.
  var hasPending: Bool { pending.load(ordering: .relaxed) > 0 }

  /// How many envelopes are waiting (a relaxed read).
  var count: Int { pending.load(ordering: .relaxed) }

  /// Runs `body` while posts schedule no drain, because the loop that runs it drains before it
  /// returns: a command performed inside the loop (``SynchronousCommandInterpreter``) sends its
  /// messages without a task being started for them on the store's actor.
  ///
  /// Only the loop calls it, on the store's actor, and it must drain after `body` returns.
  ///
  /// - Returns: What `body` returns, and the number of the last message posted when it returned.
  func holdingDrain<Result>(_ body: () -> Result) -> (Result, lastPost: UInt64) {
    let wasScheduled = state.withLock { state in
      defer { state.drainScheduled = true }
      return state.drainScheduled
    }
    let result = body()
    let lastPost = state.withLock { state in
      if !wasScheduled { state.drainScheduled = false }
      return state.lastPost
    }
    return (result, lastPost)
  }

  /// Numbers `message` and appends it, and schedules a drain if none is scheduled.
  ///
  /// - Parameter sentOnActor: Whether it was sent on the store's actor (``Envelope/sent``).
  /// - Returns: Its number.
  func post(_ message: any Message, cause: Cause, sentOnActor: Bool) -> UInt64 {
    let (number, mustSchedule) = state.withLock { state in
      state.lastPost &+= 1
      let number = state.lastPost
      state.queue.append(
        sentOnActor ? .sent(message, cause, post: number) : .message(message, cause, post: number))
      pending.add(1, ordering: .relaxed)
      if state.drainScheduled { return (number, false) }
      state.drainScheduled = true
      return (number, true)
    }
    if mustSchedule { scheduleDrain() }
    return number
  }

  /// Appends `envelope` (not a message: messages are numbered), and schedules a drain if none is
  /// scheduled.
  func post(_ envelope: Envelope) {
    let mustSchedule = state.withLock { state in
      state.queue.append(envelope)
      pending.add(1, ordering: .relaxed)
      if state.drainScheduled { return false }
      state.drainScheduled = true
      return true
    }
    if mustSchedule { scheduleDrain() }
  }

  /// Numbers `message` and appends it once fewer than ``capacity`` envelopes are waiting.
  ///
  /// The room is checked and the message appended under one lock, so messages posted this way
  /// never take the queue past the capacity (``post(_:)`` may). A cancelled producer still waits
  /// for room: dropping its message would break the promise that nothing sent is lost.
  ///
  /// - Returns: Its number.
  func postRespectingCapacity(_ message: any Message, cause: Cause) async -> UInt64 {
    var number: UInt64 = 0
    while true {
      let admitted = state.withLock { state in
        guard state.queue.count < capacity else { return false }
        state.lastPost &+= 1
        number = state.lastPost
        state.queue.append(.message(message, cause, post: number))
        pending.add(1, ordering: .relaxed)
        return true
      }
      if admitted { break }
      await withCheckedContinuation { continuation in
        let roomNow = state.withLock { state in
          if state.queue.count < capacity { return true }
          state.waiters.append(continuation)
          return false
        }
        if roomNow { continuation.resume() }
      }
    }
    requestDrain()
    return number
  }

  /// Schedules a drain unless one is scheduled, for envelopes left behind by a bounded drain.
  func requestDrain() {
    let mustSchedule = state.withLock { state in
      if state.drainScheduled || state.queue.isEmpty { return false }
      state.drainScheduled = true
      return true
    }
    if mustSchedule { scheduleDrain() }
  }

  /// Takes every waiting envelope, in arrival order, allows the next post to schedule a drain, and
  /// wakes producers waiting for room.
  ///
  /// - Parameter taken: An empty array, whose storage becomes the queue's: a loop that hands back
  ///   the last batch, emptied, spares the queue an allocation a drain. On return, the envelopes.
  func takeAll(into taken: inout [Envelope]) {
    let waiters = state.withLock { state in
      swap(&taken, &state.queue)
      state.drainScheduled = false
      pending.subtract(taken.count, ordering: .relaxed)
      var waiters: [CheckedContinuation<Void, Never>] = []
      if !state.waiters.isEmpty { swap(&waiters, &state.waiters) }
      return waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
