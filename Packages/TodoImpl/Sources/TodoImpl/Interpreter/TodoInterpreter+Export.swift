import AuthenticationAPI
import Core
import Foundation
import GRDB
import TodoAPI

extension TodoInterpreter {
  /// Writes every item of `owner`, in display order, to `path` in the format of
  /// ``TodoAPI/TodoCSV``, replacing the file.
  ///
  /// The items are streamed from one read transaction into the file, so the export is a consistent
  /// snapshot and a list of a million items is never held in memory.
  func exportCSV(path: String, owner: UserID, dispatch: Dispatch) async {
    do {
      let count = try await database.read { db in
        let writer = try CSVWriter(path: path)
        try writer.write(ImportRow.headerFields)
        let count = try TodoTable.forEachItem(of: owner, in: db) { item in
          try writer.write(Self.fields(of: item))
        }
        try writer.close()
        return count
      }
      dispatch(TodoMessage.exportFinished(path: path, count: count))
    } catch CSVWriterError.cannotCreate {
      dispatch(TodoMessage.failed(.fileUnreadable(path: path, reason: "the file cannot be created")))
    } catch let error as DatabaseError {
      dispatch(TodoMessage.failed(.storage(Self.describe(error))))
    } catch {
      dispatch(TodoMessage.failed(.fileUnreadable(path: path, reason: error.localizedDescription)))
    }
  }

  /// The CSV fields of `item`, in the order of ``TodoAPI/TodoCSV/header``.
  static func fields(of item: TodoItem) -> [String] {
    [
      item.id.rawValue, item.title, item.isDone ? "true" : "false",
      item.dueDate.map { ISO8601Timestamp.string(fromMilliseconds: $0.milliseconds) } ?? "",
      ISO8601Timestamp.string(fromMilliseconds: item.createdAt.milliseconds),
      ISO8601Timestamp.string(fromMilliseconds: item.updatedAt.milliseconds),
    ]
  }
}
