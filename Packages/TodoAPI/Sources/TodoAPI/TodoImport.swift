/// A malformed row of an imported CSV file: skipped, and reported with its line number.
public struct TodoImportRowError: Hashable, Sendable, Codable {
  /// The 1-based line number in the file (the header is line 1).
  public let line: Int
  /// What is wrong with the row.
  public let reason: String

  /// Creates a row error.
  ///
  /// - Parameters:
  ///   - line: The 1-based line number.
  ///   - reason: What is wrong.
  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }
}

/// How far a running import has got.
public struct TodoImportProgress: Hashable, Sendable, Codable {
  /// The file being imported.
  public let path: String
  /// The import's run number (``TodoImportSubscription/run``): a report of an earlier run, sent just
  /// before it was stopped, changes nothing.
  public let run: Int
  /// The fraction of the file read, from 0 to 1.
  public let fraction: Double
  /// The rows stored so far (committed batches).
  public let imported: Int

  /// Creates a progress report.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - run: The import's run number.
  ///   - fraction: The fraction read, 0...1.
  ///   - imported: The rows stored so far.
  public init(path: String, run: Int, fraction: Double, imported: Int) {
    self.path = path
    self.run = run
    self.fraction = fraction
    self.imported = imported
  }
}

/// The outcome of an import that read its file to the end.
///
/// An import the app stops (``TodoModel/stopImport()``) sends no report: the store drops what a
/// stopped subscription sends. Its stored batches stay, and a reload of the list shows them.
public struct TodoImportReport: Hashable, Sendable, Codable {
  /// The file imported.
  public let path: String
  /// The import's run number (``TodoImportSubscription/run``).
  public let run: Int
  /// How many rows were stored.
  public let imported: Int
  /// How many malformed rows were skipped in all.
  public let skippedCount: Int
  /// The first skipped rows with their reasons (at most ``TodoCSV/reportedErrorLimit``), in file
  /// order; `skippedCount` says how many there were in all, so none is dropped silently.
  public let errors: [TodoImportRowError]
  /// The last line an earlier, stopped import of the same file stored, after which this one began;
  /// `nil` if it read the file from its start. ``imported`` counts this import's rows only.
  public let resumedAfterLine: Int?
  /// How many of the ``imported`` rows replaced an item with the same identity: one in the list
  /// before, or a row earlier in the same file. The list gained `imported - replaced` items.
  public let replaced: Int

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - run: The import's run number.
  ///   - imported: Rows stored.
  ///   - skippedCount: Malformed rows in all.
  ///   - errors: The first malformed rows.
  ///   - resumedAfterLine: Where a stopped import of the file left off, if this one resumed it.
  ///   - replaced: How many of the rows stored replaced an item with the same identity.
  public init(
    path: String, run: Int, imported: Int, skippedCount: Int, errors: [TodoImportRowError],
    resumedAfterLine: Int?, replaced: Int = 0
  ) {
    self.path = path
    self.run = run
    self.imported = imported
    self.skippedCount = skippedCount
    self.errors = errors
    self.resumedAfterLine = resumedAfterLine
    self.replaced = replaced
  }

  /// Creates the report of an import that read its file from the start.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - run: The import's run number.
  ///   - imported: Rows stored.
  ///   - skippedCount: Malformed rows in all.
  ///   - errors: The first malformed rows.
  public init(path: String, run: Int, imported: Int, skippedCount: Int, errors: [TodoImportRowError]) {
    self.init(
      path: path, run: run, imported: imported, skippedCount: skippedCount, errors: errors,
      resumedAfterLine: nil)
  }
}

/// The CSV format of import and export (RFC 4180: comma-separated, `"` quoting, CRLF or LF).
///
/// The first line is the header `id,title,done,due,created,updated,priority,tags`, which a UTF-8
/// byte-order mark may precede; on import the `tags` column may be left out
/// (``headerWithoutTags``, the format before items had tags), and so may `priority` with it
/// (``headerWithoutPriority``); an item a row of such a file replaces keeps its tags (and its
/// priority). `done` is `true` or `false`; dates are ISO 8601 (`2026-11-22T09:30:00Z`,
/// `2026-11-22T10:30:00+01:00`), and on import a date without a zone (`2026-11-22T09:30:00`) is
/// local time, as the app's prompt reads one; export writes UTC. `due` may be empty. On import `id`
/// may be empty (a new identity is made) and `created`/`updated` may be empty (the import time is
/// used); an existing `id` replaces that item. A non-empty `id` has at most ``maximumIDLength``
/// characters, no control characters (line breaks, tabs) and no whitespace at either end.
/// `priority` is `high`, `medium`, `low`, `none` or empty (none). `tags` is the item's tags
/// separated by spaces, each with or without its `+` (export writes `errand home`), or empty; a
/// word that is not a tag (``TodoTag``) makes the row malformed, and so do more than
/// ``TodoTag/maximumCount`` tags.
///
/// A malformed record is skipped and reported on the line it starts, and never takes later lines
/// with it: when a record that runs over several lines (a quoted field holding line breaks) turns
/// out malformed (its quote is never closed, or something after it does not parse), or grows past
/// ``maximumRecordSize`` bytes, it is reported on its first line and reading resumes on its
/// second line. A record that reaches ``maximumRecordSize`` bytes on its first line is reported and
/// skipped to the end of that line.
public enum TodoCSV {
  /// The header line, as export writes it.
  public static let header = "id,title,done,due,created,updated,priority,tags"
  /// The header of a file without the optional `tags` column, which import also reads.
  public static let headerWithoutTags = "id,title,done,due,created,updated,priority"
  /// The header of a file without the optional `priority` and `tags` columns, which import also
  /// reads.
  public static let headerWithoutPriority = "id,title,done,due,created,updated"
  /// How many row errors an import report lists; the rest are counted.
  public static let reportedErrorLimit = 1000
  /// The longest identity an import accepts, in characters.
  public static let maximumIDLength = 128
  /// The most bytes one record of an imported file may take, line breaks inside quotes included:
  /// far more than a real row needs (a title has at most ``TodoTitle/maximumLength`` characters),
  /// so that a quote left open cannot make the importer hold the rest of the file.
  public static let maximumRecordSize = 64 * 1024
}
