import Foundation

/// The body of libFuzzer's loop: parses `data` as a line typed at the prompt or read from a script.
///
/// The first byte chooses where the line comes from (a terminal, which asks before deleting, or a
/// script) and the page size; the rest is the line, as UTF-8 with invalid bytes replaced, as the
/// app reads it. Any line must give an intent, a failure or nothing (a blank line), never a crash
/// or a hang: `rm 1-99999999999999999999`, `due 3 in 99999999999d` and the like included. An intent
/// must be one the updater can act on: positions from 1, each once, and a due time within the
/// limit `due N in` states.
func testOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let start = UnsafeRawPointer(data)
  guard let start, count >= 1 else { return 0 }
  let input = UnsafeRawBufferPointer(start: start, count: count)
  let parser = InputParser(
    timeZone: utc, workingDirectory: "/tmp/fuzz", pageSize: input[0] & 1 == 0 ? nil : Int(input[0] >> 1),
    atTerminal: input[0] & 1 != 0)
  let line = String(decoding: input[1...], as: UTF8.self)
  if case .success(let intent) = parser.parse(line) { check(intent) }
  return 0
}

private func check(_ intent: UserIntent) {
  switch intent {
  case .removeItems(let positions, _):
    guard positions.count > 1, Set(positions).count == positions.count, positions.allSatisfy({ $0 > 0 })
    else { fatalError("rm of positions \(positions)") }
  case .remove(let position), .setDone(let position, _), .rename(let position, _), .due(let position, _),
    .setPriority(let position, _), .tag(let position, _), .untag(let position, _),
    .notifications(.read(let position)), .notifications(.dismiss(let position)):
    guard position > 0 else { fatalError("\(intent) names position \(position)") }
    if case .due(_, .after(let seconds)) = intent,
      !(0...InputParser.longestDurationInDays * 86_400).contains(seconds)
    {
      fatalError("a due time \(seconds) s away")
    }
  case .listPage(_, _, let page, let pageSize), .find(_, let page, .some(let pageSize)):
    guard page > 0, pageSize > 0 else { fatalError("page \(page) of \(pageSize)") }
  case .retiredSpelling(let spelled, _):
    check(spelled)
  default:
    break
  }
}

private let utc = TimeZone(identifier: "UTC")!  // UTC is always known to Foundation.
