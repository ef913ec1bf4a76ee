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
  /// an export that fails part way leaves the file at `path` as it was.
  func exportCSV(path: String, owner: UserID, dispatch: Dispatch) async {
    func fail(_ failure: TodoFailure) { dispatch(TodoMessage.failed(failure, owner: owner)) }
    do {
      let count = try await database.read { db in
        let writer = try CSVWriter(path: path)
        try writer.write(ImportRow.headerFields)
        let count = try TodoTable.forEachItem(of: owner, in: db) { item in
          try writer.write(Self.fields(of: item))
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

  /// The CSV fields of `item`, in the order of ``TodoAPI/TodoCSV/header``.
  static func fields(of item: TodoItem) -> [String] {
    [
      item.id.rawValue, item.title, item.isDone ? "true" : "false",
      item.dueDate.map { ISO8601Timestamp.string(fromMilliseconds: $0.milliseconds) } ?? "",
      ISO8601Timestamp.string(fromMilliseconds: item.createdAt.milliseconds),
      ISO8601Timestamp.string(fromMilliseconds: item.updatedAt.milliseconds), item.priority.rawValue,
    ]
  }
}
