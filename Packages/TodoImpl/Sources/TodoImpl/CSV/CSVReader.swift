/// A streaming RFC 4180 parser: bytes go in chunk by chunk, records come out with the line each
/// one starts on.
///
/// Written here rather than taken from SwiftCSV or CSV.swift because the import needs three things
/// together: constant memory on a file of a million rows (bytes are fed as they are read), the
/// line number of every record even when quoted fields span lines, and a malformed record reported
/// and skipped while parsing goes on with the next one.
///
/// Accepted: fields separated by `,`; records ended by LF, CRLF or a lone CR; fields quoted with
/// `"`, inside which `""` is a quote and commas and line breaks are data. A record that breaks
/// these rules (a quote inside an unquoted field, text after a closing quote, a quote left open
/// at the end of the input, a field that is not UTF-8) comes out with a ``CSVRecord/problem``.
/// Blank lines hold no record and are passed over.
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

  private var state = State.fieldStart
  /// The current record's field bytes, back to back; `fieldEnds` says where each field stops.
  private var bytes: [UInt8] = []
  private var fieldEnds: [Int] = []
  private var problem: String?
  private var recordLine = 1
  private var recordHasStarted = false
  /// The line the next byte is on.
  private var line = 1
  private var previousWasCR = false
  /// Bytes consumed before the current chunk.
  private var offset = 0

  /// Creates a reader at the start of the input.
  init() {
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
    for (index, byte) in chunk.enumerated() {
      let afterCR = previousWasCR
      previousWasCR = byte == .cr
      if byte == .lf && afterCR {
        // The LF of a CRLF: the CR already ended the line (and the record, outside quotes).
        if state == .quoted { bytes.append(byte) }
        continue
      }
      if !recordHasStarted {
        if state == .fieldStart && (byte == .lf || byte == .cr) {
          line += 1
          continue
        }
        recordHasStarted = true
        recordLine = line
      }
      switch state {
      case .fieldStart, .unquoted:
        switch byte {
        case .comma:
          endField()
        case .lf, .cr:
          line += 1
          endField()
          try emitRecord(endingAt: offset + index + 1, emit)
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
          if byte == .lf || byte == .cr { line += 1 }
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
          try emitRecord(endingAt: offset + index + 1, emit)
        default:
          report("text after a closing quote")
          bytes.append(byte)
          state = .unquoted
        }
      }
    }
    offset += chunk.count
  }

  /// Ends the input, emitting the last record if it was not followed by a line break.
  ///
  /// - Parameter emit: Receives the last record, if any.
  /// - Throws: What `emit` throws.
  mutating func finish(emit: (CSVRecord) throws -> Void) rethrows {
    guard recordHasStarted else { return }
    if state == .quoted { report("a quoted field is not closed before the end of the file") }
    endField()
    try emitRecord(endingAt: offset, emit)
  }

  private mutating func report(_ reason: String) {
    if problem == nil { problem = reason }
  }

  private mutating func endField() {
    fieldEnds.append(bytes.count)
    state = .fieldStart
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
    bytes.removeAll(keepingCapacity: true)
    fieldEnds.removeAll(keepingCapacity: true)
    problem = nil
    recordHasStarted = false
    state = .fieldStart
    try emit(record)
  }
}

/// One record read by ``CSVReader``.
struct CSVRecord: Equatable {
  /// The 1-based line the record starts on.
  var line: Int
  /// The fields, unquoted.
  var fields: [String]
  /// Why the record is malformed, if it is; the fields are then a best effort.
  var problem: String?
  /// How many bytes of the input precede the next record.
  var endOffset: Int
}

extension UInt8 {
  fileprivate static let comma = UInt8(ascii: ",")
  fileprivate static let quote = UInt8(ascii: "\"")
  fileprivate static let lf = UInt8(ascii: "\n")
  fileprivate static let cr = UInt8(ascii: "\r")
}
