import Core
import Dispatch
import Foundation
import Synchronization

/// The writer thread behind ``TraceRecorder``: turns queued events into JSON lines and writes them.
///
/// Producer and consumer share a queue guarded by a mutex. Semaphores are used only on transitions,
/// because a wake-up per event costs a context switch (measured with `perf`: most of the time went
/// to the kernel): the producer wakes the writer only if the writer is waiting, and waits itself
/// only when `capacity` events are queued, until the writer takes them. The writer runs on its own
/// `Thread`, never on the cooperative pool, because it blocks.
///
/// Not generic: the recorder hands it ``TraceEvent``s, so nothing here depends on the app's model
/// type at run time.
final class TraceWriter: Sendable {
  /// One entry of the queue: a message, another event, or the request to close. A struct of
  /// optionals, so moving it in and out of the queue is a few retains (a multi-payload enum's copies
  /// went through the runtime).
  struct Pending: Sendable {
    var message: ProcessedMessage?
    var other: OtherEvent?
    var elapsed: Duration = .zero
    var closing: Closing?
  }

  /// Who waits for the file to be closed: a task's continuation or a blocked thread.
  final class Closing: Sendable {
    let done: @Sendable () -> Void

    init(_ done: @escaping @Sendable () -> Void) { self.done = done }
  }

  /// An event other than a message, boxed: rare, and a reference keeps ``Pending`` small.
  final class OtherEvent: Sendable {
    let event: TraceEvent

    init(_ event: TraceEvent) { self.event = event }
  }

  private struct State {
    var queue: [Pending] = []
    var isClosed = false
    var writerIsWaiting = false
    var producerIsWaiting = false
  }

  private let state = Mutex(State())
  private let capacity: Int
  private let writerWakeUp = DispatchSemaphore(value: 0)
  private let producerWakeUp = DispatchSemaphore(value: 0)
  private let descriptor: Int32

  private let initialModel: (any Sendable)?
  /// Told every batch of whole lines written, for a live viewer (the inspector).
  private let onWrite: (@Sendable (UnsafeRawBufferPointer) -> Void)?

  init(
    path: String, capacity: Int, modelType: String, initialModel: (any Sendable)?,
    onWrite: (@Sendable (UnsafeRawBufferPointer) -> Void)?
  ) throws {
    self.initialModel = initialModel
    self.onWrite = onWrite
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o644)
    guard descriptor >= 0 else {
      throw TraceRecorderError(path: path, reason: String(cString: strerror(errno)))
    }
    self.capacity = max(1, capacity)
    var first = TraceEntry(kind: .start, time: 0)
    first.format = TraceEntry.currentFormat
    first.wallTime = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(Date())
    first.type = modelType
    first.value = initialModel.map { ValueRenderer.render($0) }
    Array((first.jsonLine + "\n").utf8).withUnsafeBufferPointer { write($0) }
    let thread = Thread { [self] in run() }
    thread.name = "TraceWriter"
    thread.start()
  }

  /// Queues `message`, waiting for room if the writer is `capacity` events behind.
  func enqueue(_ message: ProcessedMessage, elapsed: Duration) {
    enqueue(Pending(message: message, elapsed: elapsed))
  }

  /// Queues `event`, waiting for room if the writer is `capacity` events behind.
  func enqueue(_ event: TraceEvent, elapsed: Duration) {
    enqueue(Pending(other: OtherEvent(event), elapsed: elapsed))
  }

  private func enqueue(_ pending: Pending) {
    while true {
      let (queued, wakeWriter) = state.withLock { state -> (Bool, Bool) in
        guard !state.isClosed else { return (true, false) }
        guard state.queue.count < capacity else {
          state.producerIsWaiting = true
          return (false, false)
        }
        state.queue.append(pending)
        let wake = state.writerIsWaiting
        state.writerIsWaiting = false
        return (true, wake)
      }
      if wakeWriter { writerWakeUp.signal() }
      if queued { return }
      producerWakeUp.wait()
    }
  }

  /// Writes what is queued, closes the file, and returns when done.
  func close() async {
    await withCheckedContinuation { continuation in
      close(Closing { continuation.resume() })
    }
  }

  /// Writes what is queued and closes the file, blocking the calling thread until done.
  func closeBlocking() {
    let closed = DispatchSemaphore(value: 0)
    close(Closing { closed.signal() })
    closed.wait()
  }

  private func close(_ closing: Closing) {
    let (accepted, wakeWriter) = state.withLock { state -> (Bool, Bool) in
      guard !state.isClosed else { return (false, false) }
      state.isClosed = true
      state.queue.append(Pending(closing: closing))
      let wake = state.writerIsWaiting
      state.writerIsWaiting = false
      return (true, wake)
    }
    if wakeWriter { writerWakeUp.signal() }
    if !accepted { closing.done() }
  }

  // MARK: - Writer thread

  private func run() {
    var encoder = TraceEncoder(initialModel: initialModel)
    var buffer = ByteBuffer(capacity: 64 * 1024)
    while true {
      let (batch, wakeProducer): ([Pending], Bool) = state.withLock { state in
        var taken: [Pending] = []
        swap(&taken, &state.queue)
        if taken.isEmpty { state.writerIsWaiting = true }
        let wake = state.producerIsWaiting
        state.producerIsWaiting = false
        return (taken, wake)
      }
      if wakeProducer { producerWakeUp.signal() }
      if batch.isEmpty {
        writerWakeUp.wait()
        continue
      }
      for pending in batch {
        if let message = pending.message {
          encoder.append(message, elapsed: pending.elapsed, to: &buffer)
        } else if let other = pending.other {
          encoder.append(other.event, elapsed: pending.elapsed, to: &buffer)
        } else if let closing = pending.closing {
          buffer.withUnsafeBytes { write($0) }
          Foundation.close(descriptor)
          closing.done()
          return
        }
      }
      if !buffer.isEmpty {
        buffer.withUnsafeBytes { write($0) }
        buffer.removeAll(keepingCapacityUpTo: 1 << 20)
      }
    }
  }

  /// Writes whole lines with as few system calls as the kernel allows.
  private func write(_ buffer: UnsafeBufferPointer<UInt8>) {
    var offset = 0
    while offset < buffer.count {
      let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written <= 0 {
        if errno == EINTR { continue }
        break
      }
      offset += written
    }
    if let onWrite, !buffer.isEmpty { onWrite(UnsafeRawBufferPointer(buffer)) }
  }
}
