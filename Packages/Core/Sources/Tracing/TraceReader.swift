public import Foundation

/// Reads a trace written by ``TraceRecorder``.
public enum TraceReader {
  /// What reading found.
  public struct Contents: Sendable {
    /// The entries, in file order.
    public var entries: [TraceEntry]
    /// Whether the last line was torn (the process was killed while writing) and skipped.
    public var skippedTornLastLine: Bool
  }

  /// A line that is not a valid entry and is not the last line.
  public struct MalformedLine: Error, CustomStringConvertible {
    /// The 1-based line number.
    public let line: Int
    /// What is wrong.
    public let reason: String

    /// A sentence naming the line.
    public var description: String { "Line \(line) of the trace is not a valid entry: \(reason)" }
  }

  /// The file formats this reader knows; a file of format 1 may also say nothing.
  public static let knownFormats = 1...TraceEntry.currentFormat

  /// Reads the trace at `path`.
  ///
  /// - Parameter path: The trace file.
  /// - Returns: The entries, and whether a torn last line was skipped.
  /// - Throws: The file system's error, or ``MalformedLine`` for a bad line before the last or a
  ///   format outside ``knownFormats``.
  public static func read(path: String) throws -> Contents {
    try read(data: Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Reads a trace from its bytes.
  ///
  /// - Parameter data: The file's contents.
  /// - Returns: The entries, and whether a torn last line was skipped.
  /// - Throws: ``MalformedLine`` for a bad line before the last or a format outside
  ///   ``knownFormats``.
  public static func read(data: Data) throws -> Contents {
    let decoder = JSONDecoder()
    let lines = lineRanges(of: data)
    var entries: [TraceEntry] = []
    /// Where each message is in `entries`, for the lines that refer to an earlier one.
    var messages: [UInt64: Int] = [:]
    var links = CauseLinks()
    var torn = false
    for (index, range) in lines.enumerated() where !range.isEmpty {
      do {
        var entry = try decoder.decode(TraceEntry.self, from: data[range])
        if let format = entry.format, !knownFormats.contains(format) {
          throw MalformedLine(
            line: index + 1,
            reason: """
              it declares format \(format), and this reader knows formats \(knownFormats.lowerBound) to \
              \(knownFormats.upperBound): read the trace with the version of Tracing that recorded it
              """)
        }
        if entry.kind == .message {
          try resolve(&entry, in: entries, messages: messages, line: index + 1)
          if let id = entry.id { messages[id] = entries.count }
        }
        try links.add(entry, line: index + 1)
        entries.append(entry)
      } catch let error as MalformedLine {
        throw error
      } catch {
        let isLast = lines[(index + 1)...].allSatisfy(\.isEmpty)
        let endsWithNewline = data.last == UInt8(ascii: "\n")
        if isLast && !endsWithNewline {
          torn = true
        } else {
          throw MalformedLine(line: index + 1, reason: "\(error)")
        }
      }
    }
    try links.checkForCycles()
    return Contents(entries: entries, skippedTornLastLine: torn)
  }

  /// The ranges of `data`'s lines, without their newlines; the last one empty if `data` ends with a
  /// newline. Found with `memchr`: `Data.split` visits each byte through a closure, which took a
  /// tenth of a second per 10 MB of trace.
  private static func lineRanges(of data: Data) -> [Range<Data.Index>] {
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [Range<Data.Index>] in
      guard let base = bytes.baseAddress else { return [data.startIndex..<data.startIndex] }
      var ranges: [Range<Data.Index>] = []
      var start = 0
      while let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) {
        let end = base.distance(to: UnsafeRawPointer(found))
        ranges.append((data.startIndex + start)..<(data.startIndex + end))
        start = end + 1
      }
      ranges.append((data.startIndex + start)..<(data.startIndex + bytes.count))
      return ranges
    }
  }

  /// Fills in what a message's line left out because an earlier line has it (format 2): the type,
  /// rendering and payload of the message it is `like`, the payload of its `payloadLike`, and the
  /// empty list of commands.
  private static func resolve(
    _ entry: inout TraceEntry, in entries: [TraceEntry], messages: [UInt64: Int], line: Int
  ) throws {
    if entry.commands == nil { entry.commands = [] }
    if let like = entry.like {
      guard let index = messages[like] else {
        throw MalformedLine(line: line, reason: "it repeats message \(like), which no earlier line records")
      }
      entry.type = entries[index].type
      entry.value = entries[index].value
      entry.payload = entries[index].payload
    }
    if let like = entry.payloadLike {
      guard let index = messages[like], let payload = entries[index].payload else {
        throw MalformedLine(
          line: line, reason: "it repeats the payload of message \(like), which no earlier line records")
      }
      entry.payload = payload
    }
  }
}

/// Who caused each message of a trace, to refuse a message recorded twice and causes that form a
/// cycle (a message that, through commands and the messages they sent, caused itself): a recorder
/// writes neither, and a viewer following such links would never reach a first cause.
private struct CauseLinks {
  /// Each message's line and the command that caused it, if a command did.
  private var messages: [UInt64: (line: Int, cause: UInt64?)] = [:]
  /// The message that emitted each command; a later line overrides an earlier one.
  private var emitters: [UInt64: UInt64] = [:]
  /// The messages in file order.
  private var order: [UInt64] = []

  mutating func add(_ entry: TraceEntry, line: Int) throws {
    switch entry.kind {
    case .message:
      guard let id = entry.id else { return }
      if let first = messages[id] {
        throw TraceReader.MalformedLine(
          line: line, reason: "it records message \(id) again, which line \(first.line) recorded")
      }
      let cause = entry.cause?.kind == "command" ? entry.cause?.command : nil
      messages[id] = (line, cause)
      order.append(id)
      for command in entry.commands ?? [] { emitters[command.id] = id }
    case .commandStarted, .commandFinished, .commandFailed, .noInterpreter:
      if let id = entry.id, let message = entry.message { emitters[id] = message }
    default:
      break
    }
  }

  /// Follows each message's cause back to a first cause, visiting each message once.
  func checkForCycles() throws {
    var done: Set<UInt64> = []
    for start in order where !done.contains(start) {
      var path: [UInt64] = []
      var onPath: Set<UInt64> = []
      var next: UInt64? = start
      while let message = next, !done.contains(message) {
        if onPath.contains(message), let entry = path.firstIndex(of: message) {
          throw TraceReader.MalformedLine(
            line: messages[message]?.line ?? 0, reason: "its causes form a cycle: \(describe(path[entry...]))"
          )
        }
        path.append(message)
        onPath.insert(message)
        next = messages[message]?.cause.flatMap { emitters[$0] }.flatMap { messages[$0] == nil ? nil : $0 }
      }
      done.formUnion(path)
    }
  }

  /// `m1 → c1 → m2 → c2 → m1`: the cycle in the order things happened, from `cycle`, which lists
  /// each message followed by the one that caused it.
  private func describe(_ cycle: ArraySlice<UInt64>) -> String {
    var text = cycle.first.map { "m\($0)" } ?? ""
    for message in cycle.reversed() {
      let command = messages[message]?.cause.map { "c\($0)" } ?? "c?"
      text += " → \(command) → m\(message)"
    }
    return text
  }
}
