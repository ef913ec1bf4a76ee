import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one queue through which messages reach a store's loop, in arrival order.
///
/// Everything that is not processed on the spot goes through it: messages from other tasks, what a
/// command performed on the store's actor sends, the ends of commands and subscriptions, and
/// messages sent on the store's actor while the loop is already running (by a monitor, a listener,
/// an Observation observer, a subscription's `start()`). One queue, one numbering, one order: an
/// envelope is handled after every envelope posted before it.
///
/// Senders append under a lock and, if no drain is scheduled, schedule one task on the store's
/// actor. A relaxed atomic counter lets the store's synchronous `send` see cheaply whether earlier
/// envelopes are waiting, so it can process them first.
///
/// ## Capacity
/// ``post(_:cause:sentOnActor:schedulesDrain:)`` never waits: the store's own events and synchronous
/// senders cannot be slowed. ``postRespectingCapacity(_:cause:)`` suspends while ``capacity``
/// envelopes or more are waiting, and resumes when the store takes them, so a producer in another
/// task that outruns the store is slowed instead of buffered without limit.
final class Mailbox: Sendable {
  enum Envelope: Sendable {
    /// From a `Dispatch` (another task, or a command performed on the store's actor), with its
    /// number: held by a test store that holds incoming messages.
    case message(any Message, Cause, number: UInt64)
    /// Sent on the store's actor while the loop was busy, or behind earlier arrivals, with its
    /// number: never held.
    case sent(any Message, Cause, number: UInt64)
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
    var lastNumber: UInt64 = 0
  }

  private let state = Mutex(State())
  private let pending = Atomic<Int>(0)
  /// The thread on which the loop performs a command (``performingOnActor(_:)``), or 0: what that
  /// command dispatches on it schedules no drain, since the loop drains before it returns.
  private let performingThread = Atomic<UInt>(0)
  private let scheduleDrain: @Sendable () -> Void
  private let waitForNumber: @Sendable (UInt64) async -> Void
  /// How many waiting envelopes make ``postRespectingCapacity(_:cause:)`` suspend.
  let capacity: Int

  /// - Parameters:
  ///   - capacity: How many waiting envelopes make ``postRespectingCapacity(_:cause:)`` suspend.
  ///   - scheduleDrain: Starts a task on the store's actor that drains the mailbox.
  ///   - waitForNumber: Waits, on the store's actor, for what the message with a number caused.
  init(
    capacity: Int = 65_536, scheduleDrain: @escaping @Sendable () -> Void,
    waitForNumber: @escaping @Sendable (UInt64) async -> Void = { _ in }
  ) {
    self.capacity = capacity
    self.scheduleDrain = scheduleDrain
    self.waitForNumber = waitForNumber
  }

  /// Suspends until the message numbered `number` has been processed and its commands have
  /// finished (see ``SentMessage/finish()``).
  func waitForConsequences(ofNumber number: UInt64) async {
    await waitForNumber(number)
  }

  /// Whether envelopes are waiting. A relaxed read: a concurrent post may be missed, which is the
  /// same as that post arriving a moment later.
  var hasPending: Bool { pending.load(ordering: .relaxed) > 0 }

  /// How many envelopes are waiting (a relaxed read).
  var count: Int { pending.load(ordering: .relaxed) }

  /// Numbers `message`, sent through a ``Dispatch``, and queues it, like
  /// ``post(_:cause:sentOnActor:schedulesDrain:)``; a command the loop performs on this thread
  /// (``performingOnActor(_:)``) schedules no drain, since the loop drains before it returns.
  ///
  /// - Returns: Its number.
  @inline(__always)
  func postDispatched(_ message: consuming any Message, cause: Cause) -> UInt64 {
    let performedByTheLoop = performingThread.load(ordering: .relaxed) == Self.currentThread
    return post(message, cause: cause, sentOnActor: false, schedulesDrain: !performedByTheLoop)
  }

  /// Runs `body`, a command's `interpretNow`, on the store's actor: what it dispatches on this
  /// thread meanwhile schedules no drain (``postDispatched(_:cause:)``). A command performed inside
  /// another (the bound raised from an interpreter starts a waiting one) leaves the outer one's
  /// mark as it found it.
  @inline(__always)
  func performingOnActor<Result>(_ body: () throws -> Result) rethrows -> Result {
    let outer = performingThread.load(ordering: .relaxed)
    performingThread.store(Self.currentThread, ordering: .relaxed)
    defer { performingThread.store(outer, ordering: .relaxed) }
    return try body()
  }

  /// Queues the end of a command performed on the store's actor, behind the messages it sent.
  /// Called by the loop, which drains before it returns, so no drain is scheduled.
  func queueEnd(of id: CommandID, failure: (any Error)?, duration: Duration?) {
    post(.commandFinished(id, failure: failure, duration: duration), schedulesDrain: false)
  }

  @inline(__always)
  private static var currentThread: UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
  }

  /// Numbers `message` and appends it, and schedules a drain if none is scheduled.
  ///
  /// - Parameters:
  ///   - sentOnActor: Whether it was sent on the store's actor (``Envelope/sent``).
  ///   - schedulesDrain: `false` when the loop reaches it without one: a command performed inside the
  ///     loop, or a message sent on the actor (``StoreLoop/send(_:cause:)``).
  /// - Returns: Its number.
  func post(_ message: any Message, cause: Cause, sentOnActor: Bool, schedulesDrain: Bool = true) -> UInt64 {
    let (number, mustSchedule) = state.withLock { state in
      state.lastNumber &+= 1
      let number = state.lastNumber
      state.queue.append(
        sentOnActor ? .sent(message, cause, number: number) : .message(message, cause, number: number))
      pending.add(1, ordering: .relaxed)
      if !schedulesDrain || state.drainScheduled { return (number, false) }
      state.drainScheduled = true
      return (number, true)
    }
    if mustSchedule { scheduleDrain() }
    return number
  }

  /// Appends `envelope` (not a message: messages are numbered), and schedules a drain if none is
  /// scheduled.
  ///
  /// - Parameter schedulesDrain: `false` for a command performed inside the loop, which drains
  ///   before it returns.
  func post(_ envelope: Envelope, schedulesDrain: Bool = true) {
    let mustSchedule = state.withLock { state in
      state.queue.append(envelope)
      pending.add(1, ordering: .relaxed)
      if !schedulesDrain || state.drainScheduled { return false }
      state.drainScheduled = true
      return true
    }
    if mustSchedule { scheduleDrain() }
  }

  /// Numbers `message` and appends it once fewer than ``capacity`` envelopes are waiting.
  ///
  /// The room is checked and the message appended under one lock, so messages posted this way
  /// never take the queue past the capacity (``post(_:cause:sentOnActor:schedulesDrain:)`` may). A
  /// cancelled producer still waits for room: dropping its message would break the promise that
  /// nothing sent is lost.
  ///
  /// - Returns: Its number.
  func postRespectingCapacity(_ message: any Message, cause: Cause) async -> UInt64 {
    var number: UInt64 = 0
    while true {
      let admitted = state.withLock { state in
        guard state.queue.count < capacity else { return false }
        state.lastNumber &+= 1
        number = state.lastNumber
        state.queue.append(.message(message, cause, number: number))
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

  /// A dispatch that queues what is sent through it here, with `cause`: a host's `queue`.
  func dispatch(cause: Cause) -> Dispatch {
    Dispatch(cause: cause, sink: .mailbox(self, nil))
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

  /// Puts envelopes taken but not handled back at the front of the queue, in their order: the rest
  /// of a batch when a pause stops the loop in the middle of it.
  func putBack(_ envelopes: ArraySlice<Envelope>) {
    state.withLock { state in
      state.queue.insert(contentsOf: envelopes, at: 0)
      pending.add(envelopes.count, ordering: .relaxed)
    }
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
