import Foundation
import Tracing

/// The body of libFuzzer's loop: reads `data` as a trace file (JSON lines), as `make trace` and the replay do.
///
/// A malformed file must be refused with an error (``TraceReader/MalformedLine``), never a crash,
/// a hang or unbounded memory.
func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let start = UnsafeRawPointer(data)
  guard let start else { return 0 }
  _ = try? TraceReader.read(data: Data(bytes: start, count: count))
  return 0
}
