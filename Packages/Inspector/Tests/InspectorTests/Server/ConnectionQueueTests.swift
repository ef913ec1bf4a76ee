import NIOCore
import Testing

@testable import Inspector

@Suite("ConnectionQueue")
struct ConnectionQueueTests {
  private func lines(_ count: Int, of length: Int) -> ByteBuffer {
    ByteBuffer(string: String(repeating: String(repeating: "x", count: length - 1) + "\n", count: count))
  }

  @Test("batches that fit are taken in order, and nothing is missed")
  func batchesThatFit() {
    var queue = ConnectionQueue(limit: 100)
    queue.append(lines(2, of: 10))
    queue.append(lines(3, of: 10))
    let taken = queue.take()
    #expect(taken.batches.map(\.readableBytes) == [20, 30])
    #expect(taken.missed == 0)
    #expect(queue.bytes == 0)
  }

  @Test("past the limit, the batch and every later one are counted as missed lines, until a take")
  func overflowIsOneGap() {
    var queue = ConnectionQueue(limit: 50)
    queue.append(lines(4, of: 10))
    queue.append(lines(2, of: 10))
    queue.append(lines(1, of: 5))
    let taken = queue.take()
    #expect(taken.batches.map(\.readableBytes) == [40])
    #expect(taken.missed == 3)
    queue.append(lines(1, of: 5))
    #expect(queue.take().batches.count == 1)
  }

  @Test("answers to the page wait ahead of lines, at most 64")
  func repliesAreBounded() {
    var queue = ConnectionQueue(limit: 10)
    for index in 0..<100 { queue.reply("\(index)") }
    let taken = queue.take()
    #expect(taken.replies.count == ConnectionQueue.replyLimit)
    #expect(taken.replies.first == "0")
  }
}
