import Synchronization

/// Carries an ``ActorStore``'s events to a monitor on the main actor, in order, with the mailbox's
/// policy for memory.
///
/// The store's actor hands each event over without waiting (``yield(_:)``): an event is emitted
/// inside the loop, which cannot be slowed. The producers that can wait do, before they add work:
/// ``ActorStore/perform(_:)`` and the store's scheduled drains call ``waitForRoom()``, which
/// suspends while ``capacity`` events or more wait for the main actor, and resumes once the main
/// actor has taken half of them. So a store whose senders outrun a slow main-actor monitor is
/// slowed to the monitor's pace instead of buffering events without limit: while producers go
/// through those, at most ``capacity`` events, plus those of one `perform` body or one drain, wait
/// at once. `send` itself never waits (it is synchronous on the actor), like a mailbox `post`.
final class MonitorRelay<Event: Sendable>: Sendable {
  private struct State: ~Copyable {
    var events: [Event] = []
    /// The index in ``events`` of the next event to hand over.
    var head = 0
    var consumer: CheckedContinuation<Event?, Never>?
    var roomWaiters: [CheckedContinuation<Void, Never>] = []
    var isFinished = false
    /// Told when a producer starts waiting for room (tests).
    var waitObservers: [CheckedContinuation<Void, Never>] = []

    var backlog: Int { events.count - head }
  }

  private let state = Mutex(State())
  /// How many waiting events make ``waitForRoom()`` suspend.
  let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// How many events wait for the main actor.
  var backlog: Int { state.withLock { $0.backlog } }

  /// Queues `event` for the monitor; never waits. Does nothing once finished.
  func yield(_ event: Event) {
    let consumer = state.withLock { state -> CheckedContinuation<Event?, Never>? in
      guard !state.isFinished else { return nil }
      if let consumer = state.consumer {
        state.consumer = nil
        return consumer
      }
      state.events.append(event)
      return nil
    }
    consumer?.resume(returning: event)
  }

  /// The next event, or `nil` once finished and empty. One consumer only.
  func next() async -> Event? {
    let (taken, waiters) = state.withLock { state -> (Event??, [CheckedContinuation<Void, Never>]) in
      guard state.head < state.events.count else { return (state.isFinished ? .some(nil) : nil, []) }
      let event = state.events[state.head]
      state.head += 1
      if state.head == state.events.count {
        state.events.removeAll(keepingCapacity: state.events.count <= 1_024)
        state.head = 0
      } else if state.head >= 1_024, state.head * 2 >= state.events.count {
        state.events.removeFirst(state.head)
        state.head = 0
      }
      var waiters: [CheckedContinuation<Void, Never>] = []
      if !state.roomWaiters.isEmpty, state.backlog <= capacity / 2 { swap(&waiters, &state.roomWaiters) }
      return (.some(event), waiters)
    }
    for waiter in waiters { waiter.resume() }
    if let taken { return taken }
    return await withCheckedContinuation { continuation in
      let now = state.withLock { state -> Event?? in
        if state.head < state.events.count {
          let event = state.events[state.head]
          state.head += 1
          return .some(event)
        }
        if state.isFinished { return .some(nil) }
        state.consumer = continuation
        return nil
      }
      if let now { continuation.resume(returning: now) }
    }
  }

  /// Suspends while ``capacity`` events or more wait for the main actor.
  func waitForRoom() async {
    while true {
      let full = state.withLock { $0.backlog >= capacity && !$0.isFinished }
      guard full else { return }
      await withCheckedContinuation { continuation in
        let (resumeNow, observers) = state.withLock {
          state -> (Bool, [CheckedContinuation<Void, Never>]) in
          guard state.backlog >= capacity, !state.isFinished else { return (true, []) }
          state.roomWaiters.append(continuation)
          var observers: [CheckedContinuation<Void, Never>] = []
          swap(&observers, &state.waitObservers)
          return (false, observers)
        }
        for observer in observers { observer.resume() }
        if resumeNow { continuation.resume() }
      }
    }
  }

  /// Suspends until a producer waits for room, or the relay finishes (tests).
  func waitUntilAProducerWaits() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state in
        if !state.roomWaiters.isEmpty || state.isFinished { return true }
        state.waitObservers.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// Ends the relay: the consumer gets the events still queued, then `nil`; producers stop waiting.
  func finish() {
    let (consumer, waiters) = state.withLock {
      state -> (CheckedContinuation<Event?, Never>?, [CheckedContinuation<Void, Never>]) in
      state.isFinished = true
      let consumer = state.consumer
      state.consumer = nil
      var waiters: [CheckedContinuation<Void, Never>] = []
      swap(&waiters, &state.roomWaiters)
      waiters.append(contentsOf: state.waitObservers)
      state.waitObservers.removeAll()
      return (consumer, waiters)
    }
    consumer?.resume(returning: nil)
    for waiter in waiters { waiter.resume() }
  }
}
