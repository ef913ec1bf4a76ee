import Foundation
import NIOCore

/// Reads the first bytes of the trace file back in chunks of whole lines, for a page that joins
/// mid-session and for the export: memory stays at one chunk (and one line, if a line is longer).
struct TraceFileReader {
  static let chunkSize = 1 << 20

  let path: String

  /// Calls `body` with the file's first `length` bytes, a chunk of whole lines at a time.
  ///
  /// - Throws: A file error, or what `body` throws.
  func forEachChunk(upTo length: Int, _ body: (ByteBuffer) async throws -> Void) async throws {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    var remaining = length
    var carried = ByteBuffer()
    while remaining > 0 {
      let data = try handle.read(upToCount: min(Self.chunkSize, remaining)) ?? Data()
      if data.isEmpty { break }
      remaining -= data.count
      carried.writeBytes(data)
      guard let lastNewline = carried.readableBytesView.lastIndex(of: UInt8(ascii: "\n")) else { continue }
      let wholeLines = lastNewline + 1 - carried.readerIndex
      if let lines = carried.readSlice(length: wholeLines) { try await body(lines) }
      carried.discardReadBytes()
    }
    if carried.readableBytes > 0 { try await body(carried) }
  }
}
