import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages dispatched on the store's actor while a command is performed inside the loop
/// (``SynchronousCommandInterpreter``), and that command's end, kept out of the mailbox: the loop
/// handles them after the envelopes it has taken and before the mailbox's.
///
/// Why the order holds: a message goes here only while the mailbox is empty, so everything in the
/// mailbox was posted after everything here, and the batch the loop is handling was taken from the
/// mailbox before. A message dispatched once the mailbox holds something goes to the mailbox, behind
/// it (and the loop takes nothing from the mailbox while a command runs inside it, so the later
/// messages of that command go there too). A dispatch from another thread, or after the command
/// returned, always posts to the mailbox.
///
/// Messages here are numbered in a space of their own (``tag`` set), so a ``SentMessage`` on one
/// can be awaited like a posted one.
final class InlineMessages: @unchecked Sendable {
  // Safety of `@unchecked Sendable`: `state` is touched only by the loop, on the store's actor,
  // and by a dispatch on the thread that opened the window (``isOpenOnThisThread``), while it is
  // open. The loop opens it before a synchronous `interpretNow` on its actor and closes it after, so
  // that thread is the actor's and every access is made on the actor, one at a time. Other threads
  // read only `owner`, an atomic, and never find their own thread in it. `@exclusivity(unchecked)`
  // for the same reason: no two accesses overlap (what it buys is in docs/performance.md).
  private let owner = Atomic<UInt>(0)

  /// The queued messages and ends, and the numbering.
  private struct State {
    var queue: [Item] = []
    var head = 0
    /// Ends of commands performed on the actor, oldest first from `endsHead`, each due once the
    /// messages queued before it have been taken.
    var ends: [End] = []
    var endsHead = 0
    /// The number of the last message appended (``tag`` set; ``tag`` alone before the first).
    var lastPosted: UInt64 = InlineMessages.tag
    /// The number of the last message taken.
    var lastTaken: UInt64 = InlineMessages.tag
  }

  @exclusivity(unchecked) private var state = State()

  /// The number of the last message appended (``tag`` set; ``tag`` alone before the first).
  var lastPosted: UInt64 { state.lastPosted }
  /// The number of the last message taken.
  var lastTaken: UInt64 { state.lastTaken }

  /// A message dispatched on the actor, its cause, and its number.
  struct Item {
    let message: any Message
    let cause: Cause
    let number: UInt64
  }

  /// The end of a command performed on the actor, queued behind the messages it sent.
  struct End {
    /// The number of the last message appended before it.
    let after: UInt64
    let id: CommandID
    /// Its failure and duration, when it failed or a monitor measures it.
    let details: Details?

    var failure: (any Error)? { details?.failure }
    var duration: Duration? { details?.duration }
  }

  final class Details {
    let failure: (any Error)?
    let duration: Duration?

    init(failure: (any Error)?, duration: Duration?) {
      self.failure = failure
      self.duration = duration
    }
  }

  /// Set in the numbers of these messages, never in the mailbox's.
  static var tag: UInt64 { 1 << 63 }

  /// Whether `number` names a message of this queue.
  @inline(__always)
  static func isInline(_ number: UInt64) -> Bool { number & tag != 0 }

  /// Whether messages or ends wait here.
  @inline(__always)
  var hasQueued: Bool { state.head < state.queue.count || state.endsHead < state.ends.count }

  /// How many messages and ends wait here.
  @inline(__always)
  var count: Int { state.queue.count - state.head + state.ends.count - state.endsHead }

  /// Whether a window is open on the calling thread.
  @inline(__always)
  var isOpenOnThisThread: Bool { owner.load(ordering: .relaxed) == Self.currentThread }

  /// Opens the window on the calling thread, the store's actor's.
  @inline(__always)
  func open() { owner.store(Self.currentThread, ordering: .relaxed) }

  @inline(__always)
  func close() { owner.store(0, ordering: .relaxed) }

  /// Numbers `message` and appends it; only inside the window, on its thread
  /// (``Mailbox/dispatch(_:cause:)``).
  ///
  /// - Returns: Its number.
  func append(_ message: consuming any Message, cause: Cause) -> UInt64 {
    state.lastPosted &+= 1
    state.queue.append(Item(message: message, cause: cause, number: state.lastPosted))
    return state.lastPosted
  }

  /// Appends the end of a command performed on the actor, behind the messages appended so far.
  func appendEnd(of id: CommandID, failure: (any Error)?, duration: Duration?) {
    let details = failure == nil && duration == nil ? nil : Details(failure: failure, duration: duration)
    state.ends.append(End(after: state.lastPosted, id: id, details: details))
  }

  /// Takes the oldest end if every message queued before it has been taken.
  @inline(__always)
  func takeDueEnd() -> End? {
    guard state.endsHead < state.ends.count, state.ends[state.endsHead].after <= state.lastTaken else {
      return nil
    }
    if state.endsHead == state.ends.count - 1 {
      let end = state.ends.removeLast()
      if state.endsHead > 0 { state.ends.removeAll(keepingCapacity: true) }
      state.endsHead = 0
      return end
    }
    state.endsHead += 1
    return state.ends[state.endsHead - 1]
  }

  /// Takes the oldest message, on the store's actor.
  ///
  /// - Precondition: a message waits, and no end is due (``takeDueEnd()``).
  func takeFirst() -> Item {
    precondition(state.head < state.queue.count, "No inline message to take")
    let item: Item
    if state.head == state.queue.count - 1 {
      // The last one (usually the only one) is moved out, not copied and released with the rest.
      item = state.queue.removeLast()
      if state.head > 0 { state.queue.removeAll(keepingCapacity: true) }
      state.head = 0
    } else {
      item = state.queue[state.head]
      state.head += 1
    }
    state.lastTaken = item.number
    return item
  }

  @inline(__always)
  private static var currentThread: UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
  }
}
