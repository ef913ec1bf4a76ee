import Foundation
import TodoAPI

/// A CSV file of `rowCount` rows made by a formula, with malformed rows at known lines, and the
/// report an import of it must give.
///
/// Every 1,000th row (from the 500th) is broken in one of five ways, in turn; the last row opens a
/// quote it never closes. Some titles need quotes (commas, doubled quotes, a line break, so that a
/// record spans two lines), some rows end with CRLF, and every tenth row has no identity.
struct GeneratedCSV {
  let text: String
  let expectedErrors: [TodoImportRowError]
  let validRowCount: Int
  /// The title stored for row `index`, for rows the test looks up.
  let multilineRow = 997

  init(rowCount: Int) {
    var text = TodoCSV.headerWithoutPriority + "\n"
    var errors: [TodoImportRowError] = []
    var line = 2
    for index in 0..<rowCount {
      let id = index % 10 == 3 ? "" : "row-\(index)"
      let created = Self.timestamp(secondsIntoJanuary: index)
      let ending = index % 7 == 0 ? "\r\n" : "\n"
      var title = "Task \(index)"
      var linesUsed = 1
      if index % 100 == 1 { title = "\"Task \(index), with a comma and \"\"quotes\"\"\"" }
      if index == multilineRow {
        title = "\"first line \(index)\nsecond line\""
        linesUsed = 2
      }
      var fields = [id, title, index % 3 == 0 ? "true" : "false", "", created, created]
      if index % 5 == 2 { fields[3] = Self.timestamp(secondsIntoJanuary: index + 86_400) }
      if index == rowCount - 1 {
        text += "\(id),\"never closed,false,,,\n"
        errors.append(
          TodoImportRowError(line: line, reason: "a quoted field is not closed before the end of the file"))
        break
      }
      if index % 1000 == 500 {
        let reason: String
        switch index / 1000 % 5 {
        case 0:
          fields[2] = "yes"
          reason = "done is \"yes\"; expected true or false"
        case 1:
          fields[3] = "2026-02-30T00:00:00Z"
          reason = "due is \"2026-02-30T00:00:00Z\"; expected an ISO 8601 date such as 2026-11-22T09:30:00Z"
        case 2:
          fields[1] = "\"   \""
          reason = "The title is empty."
        case 3:
          fields[1] = String(repeating: "ü", count: 501)
          reason = "The title is 501 characters long; the limit is 500."
        default:
          fields.removeLast()
          reason = "expected 6 fields (id,title,done,due,created,updated), found 5"
        }
        errors.append(TodoImportRowError(line: line, reason: reason))
      }
      text += fields.joined(separator: ",") + ending
      line += linesUsed
    }
    self.text = text
    self.expectedErrors = errors
    self.validRowCount = rowCount - errors.count
  }

  /// `2026-01-01T00:00:00Z` plus `seconds`, written without the code under test.
  static func timestamp(secondsIntoJanuary seconds: Int) -> String {
    let day = 1 + seconds / 86_400
    let time = seconds % 86_400
    return String(format: "2026-01-%02dT%02d:%02d:%02dZ", day, time / 3600, time / 60 % 60, time % 60)
  }
}
