import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages dispatched on the store's actor while a command is performed inside the loop
/// (``SynchronousCommandInterpreter``), kept out of the mailbox: the loop handles them after the
/// envelopes it has taken and before the mailbox's.
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
  // Safety of `@unchecked Sendable`: `queue`, `head`, `lastPosted` and `lastTaken` are touched only
  // by the loop, on the store's actor, and by a dispatch on the thread that opened the window
  // (``isOpenOnThisThread``), while it is open. The loop opens it before a synchronous
  // `interpretNow` on its actor and closes it after, so that thread is the actor's and every access
  // is made on the actor, one at a time. Other threads read only `owner`, an atomic, and never find
  // their own thread in it. `@exclusivity(unchecked)` for the same reason: no two accesses
  // overlap; the dynamic checks cost 714 instructions of a round trip (B7 inline 3,631 with them).
  private let owner = Atomic<UInt>(0)
  @exclusivity(unchecked) private var queue: [Item] = []
  @exclusivity(unchecked) private var head = 0
  /// The number of the last message appended (``tag`` set; ``tag`` alone before the first).
  @exclusivity(unchecked) private(set) var lastPosted: UInt64 = InlineMessages.tag
  /// The number of the last message taken.
  @exclusivity(unchecked) private(set) var lastTaken: UInt64 = InlineMessages.tag

  /// A message dispatched inline, its cause, and its number.
  struct Item {
    let message: any Message
    let cause: Cause
    let number: UInt64
  }

  /// Set in the numbers of these messages, never in the mailbox's.
  static var tag: UInt64 { 1 << 63 }

  /// Whether `number` names a message of this queue.
  @inline(__always)
  static func isInline(_ number: UInt64) -> Bool { number & tag != 0 }

  /// Whether messages wait here.
  @inline(__always)
  var hasQueued: Bool { head < queue.count }

  /// How many messages wait here.
  @inline(__always)
  var count: Int { queue.count - head }

  /// Whether a window is open on the calling thread.
  @inline(__always)
  var isOpenOnThisThread: Bool { owner.load(ordering: .relaxed) == Self.currentThread }

  /// Opens the window on the calling thread, the store's actor's.
  @inline(__always)
  func open() { owner.store(Self.currentThread, ordering: .relaxed) }

  @inline(__always)
  func close() { owner.store(0, ordering: .relaxed) }

  /// Appends `message`; only inside the window, on its thread (``Mailbox/dispatch(_:cause:)``).
  ///
  /// - Returns: Its number.
  func append(_ message: consuming any Message, cause: Cause) -> UInt64 {
    lastPosted &+= 1
    queue.append(Item(message: message, cause: cause, number: lastPosted))
    return lastPosted
  }

  /// Takes the oldest message, on the store's actor.
  ///
  /// - Precondition: ``hasQueued``. Not an optional: the loop destroys what it took as an `Item`,
  ///   not through `Optional`'s generic value witness (about 30 instructions a message, B7).
  func takeFirst() -> Item {
    precondition(head < queue.count, "No inline message to take")
    let item: Item
    if head == queue.count - 1 {
      // The last one (usually the only one) is moved out, not copied and released with the rest.
      item = queue.removeLast()
      if head > 0 { queue.removeAll(keepingCapacity: true) }
      head = 0
    } else {
      item = queue[head]
      head += 1
    }
    lastTaken = item.number
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
