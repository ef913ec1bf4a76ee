import NIOCore

/// The trace lines waiting for one page, bounded in bytes: the writer thread appends and never
/// waits. When a batch would pass the limit it is dropped, and so is every batch after it until
/// the page's sender takes the queue, so what the page misses is one gap after the lines it got,
/// counted in lines.
struct ConnectionQueue: Sendable {
  private(set) var batches: [ByteBuffer] = []
  private(set) var bytes = 0
  private(set) var missed = 0
  /// Answers to the page's requests, sent before the next lines; at most ``replyLimit`` wait.
  private(set) var replies: [String] = []
  static let replyLimit = 64
  let limit: Int

  init(limit: Int) {
    self.limit = limit
  }

  /// Queues `batch` (whole lines), or counts its lines as missed if it does not fit.
  mutating func append(_ batch: ByteBuffer) {
    guard missed == 0, bytes + batch.readableBytes <= limit else {
      missed += batch.readableBytesView.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
      return
    }
    batches.append(batch)
    bytes += batch.readableBytes
  }

  /// Queues an answer to the page; a page that sends faster than it reads loses answers, not
  /// memory.
  mutating func reply(_ text: String) {
    if replies.count < Self.replyLimit { replies.append(text) }
  }

  /// Takes everything waiting: the replies, the batches, then how many lines were missed after them.
  mutating func take() -> (replies: [String], batches: [ByteBuffer], missed: Int) {
    defer {
      replies = []
      batches = []
      bytes = 0
      missed = 0
    }
    return (replies, batches, missed)
  }
}
