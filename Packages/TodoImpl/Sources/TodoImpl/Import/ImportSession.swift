import TodoAPI

/// The state of one CSV import between database writes: what was parsed, what is waiting to be
/// stored, and what was skipped.
///
/// The interpreter hands it the records ``CSVReader`` parses and takes batches out of it to store;
/// it does no input or output itself, so it is tested without files or databases.
struct ImportSession {
  /// A batch of rows to store in one transaction.
  struct Batch: Equatable {
    /// The rows, in file order.
    var rows: [ImportRow]
    /// How many bytes of the file precede the record after the batch's last row.
    var endOffset: Int
    /// The line the batch's last row starts on.
    var lastLine: Int
  }

  /// The header line is missing or wrong, so no column can be trusted.
  struct HeaderError: Error, Equatable {
    /// What is wrong, for ``TodoAPI/TodoFailure/fileUnreadable(path:reason:)``.
    var reason: String
  }

  private let batchSize: Int
  private let importTime: Int64
  private let makeID: () -> TodoID
  /// Whether the header was read: the rows come next.
  private(set) var hasHeader = false
  /// Whether the header has the optional `priority` column.
  private var hasPriority = true
  /// Whether the header has the optional `tags` column.
  private var hasTags = true
  private var pending: [ImportRow] = []
  private var pendingOffsets: [Int] = []
  private var pendingLines: [Int] = []
  /// Rows starting on this line or before are skipped unread: an earlier import stored them.
  private let resumedAfterLine: Int
  /// The first malformed rows, at most ``TodoAPI/TodoCSV/reportedErrorLimit``.
  private(set) var errors: [TodoImportRowError] = []
  /// Every malformed row so far.
  private(set) var skippedCount = 0

  /// Creates a session.
  ///
  /// - Parameters:
  ///   - batchSize: The rows per batch.
  ///   - importTime: Milliseconds since 1970 to store for empty `created` and `updated` fields.
  ///   - makeID: Makes identities for rows whose `id` is empty.
  init(batchSize: Int, importTime: Int64, makeID: @escaping () -> TodoID, resumingAfterLine line: Int = 0) {
    self.batchSize = batchSize
    self.importTime = importTime
    self.makeID = makeID
    resumedAfterLine = line
    pending.reserveCapacity(batchSize)
    pendingOffsets.reserveCapacity(batchSize)
  }

  /// Handles the next record of the file: the header first, then rows to store or to report.
  ///
  /// - Parameter record: The record, as ``CSVReader`` parsed it.
  /// - Throws: ``HeaderError`` if the first record is not ``TodoAPI/TodoCSV/header``.
  mutating func accept(_ record: CSVRecord) throws(HeaderError) {
    guard hasHeader else {
      guard let columns = Self.headerColumns(record) else {
        throw HeaderError(reason: Self.headerProblem(record))
      }
      hasHeader = true
      hasTags = columns == ImportRow.headerFields
      hasPriority = hasTags || columns == ImportRow.headerFieldsWithoutTags
      return
    }
    guard record.line > resumedAfterLine else { return }
    switch ImportRow.decode(
      record, now: importTime, makeID: makeID, hasPriority: hasPriority, hasTags: hasTags)
    {
    case .row(let row):
      pending.append(row)
      pendingOffsets.append(record.endOffset)
      pendingLines.append(record.line)
    case .malformed(let error):
      skippedCount += 1
      if errors.count < TodoCSV.reportedErrorLimit { errors.append(error) }
    }
  }

  /// Checks, once the whole file was read, that it had a header.
  ///
  /// - Throws: ``HeaderError`` if the file held no record at all.
  func finish() throws(HeaderError) {
    guard hasHeader else {
      throw HeaderError(reason: "the file is empty; expected the header \(TodoCSV.header)")
    }
  }

  /// Takes the next batch to store: a full one, or with `final`, whatever is left.
  ///
  /// - Parameter final: Whether the whole file was fed, so a partial batch is the last one.
  /// - Returns: The batch, or `nil` if none is ready.
  mutating func nextBatch(final: Bool) -> Batch? {
    guard pending.count >= batchSize || (final && !pending.isEmpty) else { return nil }
    let count = min(batchSize, pending.count)
    let batch = Batch(
      rows: Array(pending[..<count]), endOffset: pendingOffsets[count - 1], lastLine: pendingLines[count - 1])
    pending.removeFirst(count)
    pendingOffsets.removeFirst(count)
    pendingLines.removeFirst(count)
    return batch
  }

  /// What is wrong with `record` as the header, in a clause that names it: text that is not UTF-8
  /// (a UTF-16 file), columns the app does not know, columns missing, the right columns in another
  /// order, or a line that is no header at all (a row of data).
  static func headerProblem(_ record: CSVRecord) -> String {
    let line = "line \(record.line)"
    let expected = "the header is \(TodoCSV.header) (priority and tags may be left out)"
    let columns = record.fields.enumerated().map {
      $0 == 0 && $1.hasPrefix("\u{FEFF}") ? String($1.dropFirst()) : $1
    }
    // UTF-16 puts a NUL byte beside each ASCII letter, and starts with bytes that are no UTF-8.
    if columns.contains(where: { $0.contains("\0") }) || record.problem?.contains("not valid UTF-8") == true {
      return "\(line) is not UTF-8 text (a UTF-16 file, perhaps): save the file as UTF-8; \(expected)"
    }
    if let problem = record.problem { return "\(line) is not the header \(TodoCSV.header): \(problem)" }
    let known = Set(ImportRow.headerFields)
    guard columns.contains(where: known.contains) else {
      return "\(line) is not the header \(TodoCSV.header)"
    }
    let unknown = columns.filter { !known.contains($0) }
    if !unknown.isEmpty {
      let names = unknown.prefix(5).map { "\"\($0.prefix(64))\"" }.joined(separator: ", ")
      return
        "\(line) names \(unknown.count == 1 ? "a column" : "columns") the app does not know, \(names); \(expected)"
    }
    var seen = Set<String>()
    if let twice = columns.first(where: { !seen.insert($0).inserted }) {
      return "\(line) names the column \(twice) twice; \(expected)"
    }
    let missing = ImportRow.headerFieldsWithoutTags.dropLast().filter { !seen.contains($0) }
    if !missing.isEmpty {
      return
        "\(line) lacks the \(missing.count == 1 ? "column" : "columns") \(missing.joined(separator: ", ")); \(expected)"
    }
    return "\(line) has the columns in another order; \(expected), in that order"
  }

  /// The columns of `record` if it is a header, with or without the `tags` column, or the
  /// `priority` and `tags` columns.
  private static func headerColumns(_ record: CSVRecord) -> [String]? {
    guard record.problem == nil, let first = record.fields.first else { return nil }
    // A byte-order mark, which some spreadsheets write, is not part of the first column's name.
    let firstName = first.hasPrefix("\u{FEFF}") ? String(first.dropFirst()) : first
    let columns = [firstName] + record.fields.dropFirst()
    return columns == ImportRow.headerFields || columns == ImportRow.headerFieldsWithoutTags
      || columns == ImportRow.headerFieldsWithoutPriority ? columns : nil
  }
}
