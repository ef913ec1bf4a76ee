import TodoAPI

/// A streaming RFC 4180 parser: bytes go in chunk by chunk, records come out with the line each
/// one starts on.
///
/// Written here rather than taken from SwiftCSV or CSV.swift because the import needs three things
/// together: constant memory on a file of a million rows (bytes are fed as they are read), the
/// line number of every record even when quoted fields span lines, and a malformed record reported
/// and skipped while parsing goes on with the next one.
///
/// A UTF-8 byte-order mark (EF BB BF) at the start of the input, which spreadsheets write, is
/// skipped, so a quoted first field after it is still quoted. Accepted: fields separated by `,`; records ended by LF, CRLF or a lone CR; fields quoted with
/// `"`, inside which `""` is a quote and commas and line breaks are data. A record that breaks
/// these rules (a quote inside an unquoted field, text after a closing quote, a quote left open
/// at the end of the input, a field that is not UTF-8) comes out with a ``CSVRecord/problem``.
/// Blank lines hold no record and are passed over.
///
/// ## Recovering from a quote left open
/// A quote that is never closed would otherwise turn the rest of the file into one field. So a
/// record never takes later lines with it when it is malformed:
/// - A record that runs over several lines (only a quoted field can hold a line break) and turns
///   out malformed, because its quote is still open at the end of the input or because something
///   after the line break does not parse, comes out as one malformed record on its first line, and
///   parsing resumes on its second line, as if the quote had been closed at the first line break.
/// - A record that reaches ``maximumRecordSize`` bytes is malformed: if it already runs over
///   several lines, it is handled as above; otherwise its bytes are dropped and it ends at the next
///   line break, quoted or not.
///
/// The reader keeps the bytes of a record from its second line on, at most ``maximumRecordSize``,
/// so that it can read them again; a record on one line costs nothing more. So memory stays bounded
/// whatever the input, and every line of the input is either in a record that comes out or a blank
/// line. The price: a record whose multi-line quoted field was well formed but which is malformed
/// further on is reported twice, on its first line and again where parsing resumes.
struct CSVReader {
  private enum State {
    /// At the start of a field.
    case fieldStart
    /// Inside a field that did not start with a quote.
    case unquoted
    /// Inside a quoted field.
    case quoted
    /// Just after a quote inside a quoted field: a doubled quote or the closing one.
    case quotedQuote
  }

  /// The most bytes one record may take, line breaks included.
  let maximumRecordSize: Int

  private var state = State.fieldStart
  /// The current record's field bytes, back to back; `fieldEnds` says where each field stops.
  private var bytes: [UInt8] = []
  private var fieldEnds: [Int] = []
  private var problem: String?
  /// The line on which `problem` was found.
  private var problemLine = 0
  private var recordLine = 1
  /// The offset of the current record's first byte.
  private var recordStart = 0
  private var recordHasStarted = false
  /// Whether the current record reached `maximumRecordSize` on its first line: its bytes are
  /// dropped and its next line break ends it.
  private var isOverflowing = false
  /// The line the next byte is on.
  private var line = 1
  private var previousWasCR = false
  /// Bytes consumed before the current chunk.
  private var offset = 0
  /// How many bytes of a byte-order mark the input has begun with so far; `nil` once the start of
  /// the input is past.
  private var byteOrderMarkMatched: Int? = 0

  // MARK: Reading a malformed record again from its second line

  /// Whether the current record has a second line, whose bytes `rest` keeps.
  private var isKeepingRest = false
  /// The bytes of the current record after its first line break.
  private var rest: [UInt8] = []
  /// Where `rest` starts: its offset, its line, and whether the line break before it was a CR.
  private var restStart = (offset: 0, line: 0, afterCR: false)
  /// Bytes to parse again before going on with the input, from `replayIndex` on.
  private var replay: [UInt8] = []
  private var replayIndex = 0
  /// The offset of `replay`'s first byte.
  private var replayOffset = 0

  /// Creates a reader at the start of the input.
  ///
  /// - Parameter maximumRecordSize: The most bytes one record may take, line breaks inside quotes
  ///   included; ``TodoAPI/TodoCSV/maximumRecordSize`` by default.
  init(maximumRecordSize: Int = TodoCSV.maximumRecordSize) {
    self.maximumRecordSize = max(1, maximumRecordSize)
    bytes.reserveCapacity(256)
    fieldEnds.reserveCapacity(8)
  }

  /// Parses `chunk`, the next bytes of the input, calling `emit` for every record it completes.
  ///
  /// - Parameters:
  ///   - chunk: The next bytes; a record may span chunks.
  ///   - emit: Receives each completed record, in input order.
  /// - Throws: What `emit` throws; parsing stops there.
  mutating func consume(
    _ chunk: UnsafeRawBufferPointer, emit: (CSVRecord) throws -> Void
  ) rethrows {
    var first = chunk.startIndex
    while let matched = byteOrderMarkMatched, first < chunk.endIndex {
      guard chunk[first] == Self.byteOrderMark[matched] else {
        try endByteOrderMark(emit)
        break
      }
      first += 1
      byteOrderMarkMatched = matched + 1 == Self.byteOrderMark.count ? nil : matched + 1
    }
    for index in chunk.indices[first...] {
      try step(chunk[index], at: offset + index, emit)
      if replayIndex < replay.count { try parseReplay(emit) }
    }
    offset += chunk.count
  }

  /// Ends the input, emitting the last record if it was not followed by a line break.
  ///
  /// - Parameter emit: Receives the last records, if any.
  /// - Throws: What `emit` throws.
  mutating func finish(emit: (CSVRecord) throws -> Void) rethrows {
    try endByteOrderMark(emit)
    // Each turn either emits the last record or resumes on its second line, which holds fewer bytes.
    while recordHasStarted {
      if state == .quoted {
        if isKeepingRest {
          try abandonRecord("a quoted field is not closed before the end of the file", emit)
          try parseReplay(emit)
          continue
        }
        report("a quoted field is not closed before the end of the file")
      }
      endField()
      try endRecord(at: offset, emit)
      try parseReplay(emit)
    }
  }

  // MARK: - Parsing

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Ends the search for a byte-order mark: the bytes that began like one were data, parsed now.
  private mutating func endByteOrderMark(_ emit: (CSVRecord) throws -> Void) rethrows {
    guard let matched = byteOrderMarkMatched else { return }
    byteOrderMarkMatched = nil
    // Only the input's first bytes are ever matched, so their offsets are their indices.
    for index in 0..<matched { try step(Self.byteOrderMark[index], at: index, emit) }
  }

  @inline(__always)
  private mutating func step(
    _ byte: UInt8, at position: Int, _ emit: (CSVRecord) throws -> Void
  ) rethrows {
    if isKeepingRest { rest.append(byte) }
    let afterCR = previousWasCR
    previousWasCR = byte == .cr
    if byte == .lf && afterCR {
      // The LF of a CRLF: the CR already ended the line (and the record, outside quotes).
      if state == .quoted && !isOverflowing { bytes.append(byte) }
      return
    }
    if !recordHasStarted {
      if state == .fieldStart && (byte == .lf || byte == .cr) {
        line += 1
        return
      }
      recordHasStarted = true
      recordLine = line
      recordStart = position
    }
    if position - recordStart >= maximumRecordSize && !isOverflowing {
      guard !isKeepingRest else {
        let inQuotes = state == .quoted || state == .quotedQuote
        return try abandonRecord(
          inQuotes
            ? "a quoted field is not closed within \(maximumRecordSize) bytes"
            : "the record is longer than \(maximumRecordSize) bytes", emit)
      }
      report("the record is longer than \(maximumRecordSize) bytes")
      isOverflowing = true
      bytes.removeAll(keepingCapacity: true)
      fieldEnds.removeAll(keepingCapacity: true)
    }
    if isOverflowing {
      if byte == .lf || byte == .cr {
        line += 1
        endField()
        try endRecord(at: position + 1, emit)
      }
      return
    }
    switch state {
    case .fieldStart, .unquoted:
      switch byte {
      case .comma:
        endField()
      case .lf, .cr:
        line += 1
        endField()
        try endRecord(at: position + 1, emit)
      case .quote where state == .fieldStart:
        state = .quoted
      case .quote:
        report("a quote inside an unquoted field")
        bytes.append(byte)
      default:
        state = .unquoted
        bytes.append(byte)
      }
    case .quoted:
      if byte == .quote {
        state = .quotedQuote
      } else {
        if byte == .lf || byte == .cr {
          line += 1
          if !isKeepingRest {
            isKeepingRest = true
            restStart = (position + 1, line, byte == .cr)
          }
        }
        bytes.append(byte)
      }
    case .quotedQuote:
      switch byte {
      case .quote:
        bytes.append(byte)
        state = .quoted
      case .comma:
        endField()
      case .lf, .cr:
        line += 1
        endField()
        try endRecord(at: position + 1, emit)
      default:
        report("text after a closing quote")
        bytes.append(byte)
        state = .unquoted
      }
    }
  }

  private mutating func report(_ reason: String) {
    guard problem == nil else { return }
    problem = reason
    problemLine = line
  }

  private mutating func endField() {
    fieldEnds.append(bytes.count)
    state = .fieldStart
  }

  /// Emits the record just ended, unless it is malformed and runs over several lines: then parsing
  /// resumes on its second line.
  private mutating func endRecord(at end: Int, _ emit: (CSVRecord) throws -> Void) rethrows {
    guard isKeepingRest, let problem else { return try emitRecord(endingAt: end, emit) }
    try abandonRecord(
      problemLine == recordLine
        ? problem
        : "a quoted field opened on this line runs on to line \(problemLine), where there is \(problem)",
      emit)
  }

  private mutating func emitRecord(endingAt end: Int, _ emit: (CSVRecord) throws -> Void) rethrows {
    var fields: [String] = []
    fields.reserveCapacity(fieldEnds.count)
    var start = 0
    for fieldEnd in fieldEnds {
      if let field = String(validating: bytes[start..<fieldEnd], as: UTF8.self) {
        fields.append(field)
      } else {
        report("field \(fields.count + 1) is not valid UTF-8")
        fields.append(String(decoding: bytes[start..<fieldEnd], as: UTF8.self))
      }
      start = fieldEnd
    }
    let record = CSVRecord(line: recordLine, fields: fields, problem: problem, endOffset: end)
    resetRecord()
    try emit(record)
  }

  /// Emits the current record, which runs over several lines, as malformed on its first line, and
  /// has its second line on parsed again as new records.
  private mutating func abandonRecord(_ reason: String, _ emit: (CSVRecord) throws -> Void) rethrows {
    let record = CSVRecord(line: recordLine, fields: [], problem: reason, endOffset: restStart.offset)
    // `rest` ends with the byte just parsed, which came from the input or from `replay`, so what is
    // left of `replay` follows it.
    if replayIndex < replay.count { rest.append(contentsOf: replay[replayIndex...]) }
    swap(&replay, &rest)
    replayIndex = 0
    replayOffset = restStart.offset
    line = restStart.line
    previousWasCR = restStart.afterCR
    resetRecord()
    try emit(record)
  }

  /// Parses the bytes waiting in `replay`, which may be replaced meanwhile by a record abandoned in
  /// them.
  private mutating func parseReplay(_ emit: (CSVRecord) throws -> Void) rethrows {
    while replayIndex < replay.count {
      let index = replayIndex
      replayIndex += 1
      try step(replay[index], at: replayOffset + index, emit)
    }
    replay.removeAll(keepingCapacity: true)
    replayIndex = 0
  }

  private mutating func resetRecord() {
    bytes.removeAll(keepingCapacity: true)
    fieldEnds.removeAll(keepingCapacity: true)
    problem = nil
    recordHasStarted = false
    isOverflowing = false
    isKeepingRest = false
    rest.removeAll(keepingCapacity: true)
    state = .fieldStart
  }
}

extension UInt8 {
  fileprivate static let comma = UInt8(ascii: ",")
  fileprivate static let quote = UInt8(ascii: "\"")
  fileprivate static let lf = UInt8(ascii: "\n")
  fileprivate static let cr = UInt8(ascii: "\r")
}
