import Foundation

/// The body of libFuzzer's loop: parses `data` as a line typed at the prompt or read from a script.
///
/// The first byte chooses where the line comes from (a terminal, which asks before deleting, or a
/// script) and the page size; the rest is the line, as UTF-8 with invalid bytes replaced, as the
/// app reads it. Any line must give an intent, a failure or nothing (a blank line), never a crash
/// or a hang: `rm 1-99999999999999999999`, `due 3 in 99999999999d` and the like included.
func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let start = UnsafeRawPointer(data)
  guard let start, count >= 1 else { return 0 }
  let input = UnsafeRawBufferPointer(start: start, count: count)
  let parser = InputParser(
    timeZone: utc, workingDirectory: "/tmp/fuzz", pageSize: input[0] & 1 == 0 ? nil : Int(input[0] >> 1),
    atTerminal: input[0] & 1 != 0)
  let line = String(decoding: input[1...], as: UTF8.self)
  _ = parser.parse(line)
  return 0
}

private let utc = TimeZone(identifier: "UTC")!  // UTC is always known to Foundation.
