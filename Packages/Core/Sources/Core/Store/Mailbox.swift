import Synchronization

/// The queue through which messages from other tasks reach the store's actor, in arrival order.
///
/// Senders append under a lock and, if no drain is scheduled, schedule one task on the store's
/// actor; that task takes the whole queue at once. A relaxed atomic counter lets the store's
/// synchronous `send` see cheaply whether earlier messages are waiting, so it can process them
/// first and keep arrival order.
final class Mailbox: Sendable {
  enum Envelope: Sendable {
    case message(any Message, Cause)
    case commandFinished(CommandID, failure: (any Error)?, duration: Duration?)
    case subscriptionFinished(SubscriptionID, failure: (any Error)?)
    case dropped(any Message, Cause, DropReason)
  }

  private struct State {
    var queue: [Envelope] = []
    var drainScheduled = false
  }

  private let state = Mutex(State())
  private let pending = Atomic<Int>(0)
  private let scheduleDrain: @Sendable () -> Void

  /// - Parameter scheduleDrain: Starts a task on the store's actor that calls ``takeAll()``.
  init(scheduleDrain: @escaping @Sendable () -> Void) {
    self.scheduleDrain = scheduleDrain
  }

  /// Whether envelopes are waiting. A relaxed read: a concurrent post may be missed, which is the
  /// same as that post arriving a moment later.
  var hasPending: Bool { pending.load(ordering: .relaxed) > 0 }

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

  /// Takes every waiting envelope, in arrival order, and allows the next post to schedule a drain.
  func takeAll() -> [Envelope] {
    state.withLock { state in
      var taken: [Envelope] = []
      swap(&taken, &state.queue)
      state.drainScheduled = false
      pending.subtract(taken.count, ordering: .relaxed)
      return taken
    }
  }
}

/// Whether a running subscription may still deliver messages. Shared between the store, which
/// ends it on stop, and the subscription's ``Dispatch``, which checks it on every send.
final class SubscriptionLiveness: Sendable {
  private let live = Atomic<Bool>(true)

  var isLive: Bool { live.load(ordering: .acquiring) }

  func end() { live.store(false, ordering: .releasing) }
}
