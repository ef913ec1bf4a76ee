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
    /// From another task: held by a test store that holds incoming messages.
    case message(any Message, Cause, MessageTicket?)
    /// Sent on the store's actor while the loop was busy, or behind earlier arrivals: never held.
    case sent(any Message, Cause, MessageTicket?)
    case commandFinished(CommandID, failure: (any Error)?, duration: Duration?)
    case subscriptionFinished(SubscriptionID, failure: (any Error)?)
    case dropped(any Message, Cause, DropReason)
  }

  private struct State: ~Copyable {
    var queue: [Envelope] = []
    var drainScheduled = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())
  private let pending = Atomic<Int>(0)
  private let scheduleDrain: @Sendable () -> Void
  /// How many waiting envelopes make ``postRespectingCapacity(_:)`` suspend.
  let capacity: Int

  /// - Parameters:
  ///   - capacity: How many waiting envelopes make ``postRespectingCapacity(_:)`` suspend.
  ///   - scheduleDrain: Starts a task on the store's actor that drains the mailbox.
  init(capacity: Int = 65_536, scheduleDrain: @escaping @Sendable () -> Void) {
    self.capacity = capacity
    self.scheduleDrain = scheduleDrain
  }

  /// Whether envelopes are waiting. A relaxed read: a concurrent post may be missed, which is the
  /// same as that post arriving a moment later.
  var hasPending: Bool { pending.load(ordering: .relaxed) > 0 }

  /// How many envelopes are waiting (a relaxed read).
  var count: Int { pending.load(ordering: .relaxed) }

  /// Appends `envelope`, and schedules a drain if none is scheduled.
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

  /// Appends `envelope` once fewer than ``capacity`` envelopes are waiting.
  ///
  /// The room is checked and the envelope appended under one lock, so envelopes posted this way
  /// never take the queue past the capacity (``post(_:)`` may). A cancelled producer still waits
  /// for room: dropping its message would break the promise that nothing sent is lost.
  func postRespectingCapacity(_ envelope: Envelope) async {
    while true {
      let admitted = state.withLock { state in
        guard state.queue.count < capacity else { return false }
        state.queue.append(envelope)
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
  func takeAll() -> [Envelope] {
    let (taken, waiters) = state.withLock { state in
      var taken: [Envelope] = []
      swap(&taken, &state.queue)
      state.drainScheduled = false
      pending.subtract(taken.count, ordering: .relaxed)
      var waiters: [CheckedContinuation<Void, Never>] = []
      if !state.waiters.isEmpty { swap(&waiters, &state.waiters) }
      return (taken, waiters)
    }
    for waiter in waiters { waiter.resume() }
    return taken
  }
}

/// Whether a running subscription may still deliver messages. Shared between the store, which
/// ends it on stop, and the subscription's ``Dispatch``, which checks it on every send.
final class SubscriptionLiveness: Sendable {
  private let live = Atomic<Bool>(true)

  var isLive: Bool { live.load(ordering: .acquiring) }

  func end() { live.store(false, ordering: .releasing) }
}
