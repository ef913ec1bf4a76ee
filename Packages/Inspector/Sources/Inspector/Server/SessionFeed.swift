import NIOCore
import Synchronization

/// Hands the trace's lines, as the recorder writes them, to every connected page.
///
/// The recorder's writer thread calls ``receive(_:)``; it copies the batch once and appends it to
/// each page's bounded ``ConnectionQueue`` under a lock held for a few appends, then wakes the
/// pages' senders. It never waits for a page, so neither does the writer nor the store. What was
/// written before a page joined is read back from the trace file: ``join(limit:)`` returns how
/// many bytes of the file precede the page's queue.
final class SessionFeed: Sendable {
  /// One connected page: its queue and the signal that wakes its sender.
  final class Subscriber: Sendable {
    let queue: Mutex<ConnectionQueue>
    let wakeUps: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    init(limit: Int) {
      queue = Mutex(ConnectionQueue(limit: limit))
      (wakeUps, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func signal() { wake.yield() }

    func finish() { wake.finish() }
  }

  private struct State {
    var written = 0
    var subscribers: [ObjectIdentifier: Subscriber] = [:]
    /// The last ``announce(_:)``, for the pages that join after it.
    var announcement: String?
  }

  private let state = Mutex(State())

  /// Appends a batch of whole lines, just written to the trace file, to every page's queue.
  func receive(_ bytes: UnsafeRawBufferPointer) {
    let subscribers = state.withLock { state in
      state.written += bytes.count
      return Array(state.subscribers.values)
    }
    guard !subscribers.isEmpty else { return }
    let batch = ByteBuffer(bytes: bytes)
    // Appended outside the feed's lock: a page that joins meanwhile has its history end at
    // `written` above, and gets this batch through its queue.
    for subscriber in subscribers {
      subscriber.queue.withLock { $0.append(batch) }
      subscriber.signal()
    }
  }

  /// Tells every page `text`, a JSON object about the session (the store paused or resumed), and
  /// each page that joins later, after its history, until the next announcement.
  func announce(_ text: String) {
    let subscribers = state.withLock { state in
      state.announcement = text
      return Array(state.subscribers.values)
    }
    for subscriber in subscribers {
      subscriber.queue.withLock { $0.reply(text) }
      subscriber.signal()
    }
  }

  /// Registers a page.
  ///
  /// - Returns: The page's subscriber, how many bytes of the trace file were written before it
  ///   joined (its history; every later line reaches its queue), and the last announcement.
  func join(limit: Int) -> (Subscriber, history: Int, announcement: String?) {
    let subscriber = Subscriber(limit: limit)
    let (history, announcement) = state.withLock { state in
      state.subscribers[ObjectIdentifier(subscriber)] = subscriber
      return (state.written, state.announcement)
    }
    return (subscriber, history, announcement)
  }

  /// Unregisters a page.
  ///
  /// - Returns: Whether it was the last page.
  @discardableResult
  func leave(_ subscriber: Subscriber) -> Bool {
    let isLast = state.withLock { state in
      state.subscribers.removeValue(forKey: ObjectIdentifier(subscriber))
      return state.subscribers.isEmpty
    }
    subscriber.finish()
    return isLast
  }

  /// Ends every page's connection: their senders stop, and so their connections close.
  func endAll() {
    let subscribers = state.withLock { Array($0.subscribers.values) }
    for subscriber in subscribers { subscriber.finish() }
  }

  /// How many bytes of the trace file are complete lines written so far.
  var written: Int { state.withLock { $0.written } }
}
