import Foundation
import TodoAPI

/// One valid row of an imported CSV file, ready to store.
struct ImportRow: Sendable, Equatable {
  /// The identity: the file's, or a new one when the file left it empty.
  var id: String
  /// The validated title.
  var title: String
  var isDone: Bool
  /// Milliseconds since 1970, as the table stores dates.
  var due: Int64?
  var created: Int64
  var updated: Int64
  /// The priority, or `nil` if the file has no priority column (a replaced item keeps its own).
  var priority: TodoPriority?
  /// The tags as the table stores them (``TodoAPI/TodoTag/field(_:)``), or `nil` if the file has no
  /// tags column (a replaced item keeps its own).
  var tags: String?

  /// The number of fields of a row: the columns of ``TodoAPI/TodoCSV/header``.
  static let fieldCount = 8

  /// The column names of ``TodoAPI/TodoCSV/header``.
  static let headerFields = TodoCSV.header.split(separator: ",").map(String.init)

  /// The column names of ``TodoAPI/TodoCSV/headerWithoutTags``.
  static let headerFieldsWithoutTags = TodoCSV.headerWithoutTags.split(separator: ",").map(String.init)

  /// The column names of ``TodoAPI/TodoCSV/headerWithoutPriority``.
  static let headerFieldsWithoutPriority = TodoCSV.headerWithoutPriority.split(separator: ",").map(
    String.init)

  /// The zone of the process when first asked, read once rather than for each of a million rows.
  static let localTimeZone = TimeZone.current

  /// Checks a record of the file against the format of ``TodoAPI/TodoCSV``.
  ///
  /// - Parameters:
  ///   - record: The record as parsed.
  ///   - now: The import time in milliseconds, for empty `created` and `updated`.
  ///   - makeID: Makes an identity for a row whose `id` is empty.
  ///   - hasPriority: Whether the file's header has the `priority` column.
  ///   - hasTags: Whether it has the `tags` column too (after `priority`).
  ///   - timeZone: The zone of a date written without one: local time by default, as the app's
  ///     prompt reads a time typed without a zone.
  /// - Returns: The row, or the error to report for its line.
  static func decode(
    _ record: CSVRecord, now: Int64, makeID: () -> TodoID, hasPriority: Bool = false,
    hasTags: Bool = false, timeZone: TimeZone = localTimeZone
  ) -> Decoded {
    func failure(_ reason: String) -> Decoded {
      .malformed(TodoImportRowError(line: record.line, reason: reason))
    }
    if let problem = record.problem { return failure(problem) }
    let fields = record.fields
    let expected = hasTags ? fieldCount : hasPriority ? fieldCount - 1 : fieldCount - 2
    guard fields.count == expected else {
      let header =
        hasTags ? TodoCSV.header : hasPriority ? TodoCSV.headerWithoutTags : TodoCSV.headerWithoutPriority
      return failure("expected \(expected) fields (\(header)), found \(fields.count)")
    }
    if let problem = idProblem(fields[0]) { return failure(problem) }
    let title: String
    switch TodoTitle.validate(fields[1]) {
    case .success(let valid): title = valid.text
    case .failure(let reason): return failure(reason.description)
    }
    // SQLite's text functions (and so the list, the search and the export) stop at a NUL: kept,
    // the title would show cut short. The prompt refuses a line holding one too.
    if title.utf8.contains(0) {
      return failure("title holds a NUL character (␀), which SQLite would cut the title at")
    }
    let isDone: Bool
    switch fields[2] {
    case "true": isDone = true
    case "false": isDone = false
    default: return failure("done is \(quoted(fields[2])); expected true or false")
    }
    let due = date(fields[3], timeZone)
    let created = date(fields[4], timeZone)
    let updated = date(fields[5], timeZone)
    if due == .invalid || created == .invalid || updated == .invalid {
      let (name, index) = due == .invalid ? ("due", 3) : created == .invalid ? ("created", 4) : ("updated", 5)
      return failure(
        "\(name) is \(quoted(fields[index])); expected an ISO 8601 date such as 2026-11-22T09:30:00Z")
    }
    // The prompt's limit: a due time at most about ten years after the import.
    if let milliseconds = due.milliseconds, milliseconds > now + Int64(TodoItem.latestDueInDays) * 86_400_000
    {
      return failure(
        "due is \(quoted(fields[3])); at most \(TodoItem.latestDueInDays) days (about ten years) ahead, "
          + "as at the prompt")
    }
    var priority: TodoPriority?
    if hasPriority {
      let text = fields[6].lowercased()
      guard let named = text.isEmpty ? TodoPriority.none : TodoPriority(rawValue: text) else {
        return failure("priority is \(quoted(fields[6])); expected high, medium, low, none or nothing")
      }
      priority = named
    }
    var tags: String?
    if hasTags {
      switch TodoTag.tags(in: fields[7]) {
      // The field as the table stores it: sorted, each once, lowercase, without `+`.
      case .success(let valid): tags = TodoTag.field(valid)
      case .failure(let reason): return failure("tags: \(reason.description)")
      }
    }
    let id = fields[0].isEmpty ? makeID().rawValue : fields[0]
    return .row(
      ImportRow(
        id: id, title: title, isDone: isDone, due: due.milliseconds, created: created.milliseconds ?? now,
        updated: updated.milliseconds ?? now, priority: priority, tags: tags))
  }

  /// What ``decode(_:now:makeID:hasPriority:hasTags:timeZone:)`` made of a record.
  enum Decoded: Equatable {
    /// A valid row.
    case row(ImportRow)
    /// A malformed row, to skip and report.
    case malformed(TodoImportRowError)
  }

  private enum DateField: Equatable {
    case empty
    case valid(Int64)
    case invalid

    var milliseconds: Int64? {
      if case .valid(let milliseconds) = self { milliseconds } else { nil }
    }
  }

  private static func date(_ text: String, _ timeZone: TimeZone) -> DateField {
    if text.isEmpty { return .empty }
    return ISO8601Timestamp.milliseconds(from: text, timeZone: timeZone).map(DateField.valid) ?? .invalid
  }

  /// What is wrong with a non-empty identity, if anything: too long, a control character (a line
  /// break, a tab, a NUL), or whitespace at either end, which no one would see in a list.
  private static func idProblem(_ id: String) -> String? {
    guard !id.isEmpty else { return nil }
    let limit = TodoCSV.maximumIDLength
    // At most `limit` UTF-8 bytes means at most `limit` characters: no need to count them.
    if id.utf8.count > limit, case let length = id.count, length > limit {
      return "id is \(length) characters long; the limit is \(limit)"
    }
    if containsControlCharacter(id) {
      return "id contains a control character (such as a line break or a tab)"
    }
    if id.first?.isWhitespace == true || id.last?.isWhitespace == true {
      return "id \(quoted(id)) starts or ends with whitespace"
    }
    return nil
  }

  /// Whether `text` holds a character of the Unicode category Cc: U+0000–U+001F, U+007F and
  /// U+0080–U+009F. Read from the UTF-8 bytes, which costs less than asking each scalar for its
  /// properties a million times.
  private static func containsControlCharacter(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      // U+0080–U+009F are encoded as 0xC2 followed by 0x80–0x9F.
      if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte < 0xA0) { return true }
      previous = byte
    }
    return false
  }

  /// `text` in quotes, shortened if long, for an error message.
  private static func quoted(_ text: String) -> String {
    let limit = 40
    return text.count <= limit ? "\"\(text)\"" : "\"\(text.prefix(limit))…\""
  }
}
