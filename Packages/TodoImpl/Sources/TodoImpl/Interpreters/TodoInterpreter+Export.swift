import AuthenticationAPI
import Core
import Foundation
import GRDB
import TodoAPI

extension TodoInterpreter {
  /// Writes every item of `owner`, in display order, to `path` in the format of
  /// ``TodoAPI/TodoCSV``, replacing the file once the export is complete.
  ///
  /// The items are streamed from one read transaction into a temporary file (see ``CSVWriter``),
  /// so the export is a consistent snapshot, a list of a million items is never held in memory, and
  /// an export that fails part way leaves the file at `path` as it was. A long export reports its
  /// progress (``TodoAPI/TodoMessage/exportProgress(path:fraction:owner:)``) at the pace of an
  /// import's, the fraction counted against the items the transaction holds.
  func exportCSV(path: String, owner: UserID, dispatch: Dispatch) async {
    func fail(_ failure: TodoFailure) { dispatch(TodoMessage.failed(failure, owner: owner)) }
    let (now, options) = (now, importOptions)
    do {
      let count = try await database.read { db in
        var throttle = ProgressThrottle(options: options)
        let writer = try CSVWriter(path: path)
        try writer.write(ImportRow.headerFields)
        let total = try TodoTable.count(of: owner, in: db)
        throttle.didReport(at: now())
        var written = 0
        let count = try TodoTable.forEachItem(of: owner, in: db) { item in
          try writer.write { Self.append(item, to: &$0) }
          written += 1
          // The clock is read once every so many items, not for each.
          guard written % Self.exportProgressEvery == 0 else { return }
          let fraction = Double(written) / Double(max(total, written))
          if throttle.shouldReport(fraction, at: now()) {
            dispatch(TodoMessage.exportProgress(path: path, fraction: fraction, owner: owner))
          }
        }
        try writer.commit()
        return count
      }
      dispatch(TodoMessage.exportFinished(path: path, count: count, owner: owner))
    } catch let error as CSVWriterError {
      fail(.fileUnreadable(path: path, reason: error.reason))
    } catch let error as DatabaseError {
      fail(.storage(Self.describe(error)))
    } catch {
      fail(.fileUnreadable(path: path, reason: error.localizedDescription))
    }
  }

  /// How many items an export writes between two looks at the clock for its progress.
  static let exportProgressEvery = 1_000

  /// Appends the CSV fields of `item` to `record`, in the order of ``TodoAPI/TodoCSV/header``.
  static func append(_ item: TodoItem, to record: inout CSVWriter.Record) {
    record.append(item.id.rawValue)
    record.append(item.title.text)
    record.append(item.isDone ? "true" : "false")
    record.append(milliseconds: item.dueDate?.milliseconds)
    record.append(milliseconds: item.createdAt.milliseconds)
    record.append(milliseconds: item.updatedAt.milliseconds)
    record.append(item.priority.rawValue)
    record.append(TodoTag.field(item.tags))
  }
}
