import AuthenticationAPI
import Foundation
import TodoAPI

/// The question a terminal asks before a command deletes more than the one item it names:
/// `clear-done`, and `rm` of several items.
///
/// Pure, so that what is asked is decided from the model like everything else: the app's updater
/// holds the deletion as the model's ``UIModel/question`` and runs it on a yes. Scripts are never
/// asked (nobody is there to answer), and `--yes` on the line answers in advance at a terminal.
enum Confirmation {
  /// What to ask before `rm` deletes the items of `rows`, or `nil` when there are none.
  static func removalQuestion(_ rows: [TodoPage.Row]) -> Question? {
    guard !rows.isEmpty else { return nil }
    let titles = rows.map(\.item.title.text)
    return .confirmDeletion(
      .items(rows), text: "Delete \(Listing.grouped(titles.count)) items (\(self.titles(titles)))? [y/N] ")
  }

  /// The page of the done items `clear-done`'s question names: the first ``namedItems``, in the
  /// order `list done` shows them; its `matching` counts them all.
  static let doneItemsNamed = TodoListQuery(filter: .done, page: 1, pageSize: namedItems)

  /// What to ask before `clear-done` deletes the done items `done` (a page of
  /// ``doneItemsNamed``) begins, or `nil` when there are none.
  static func clearDoneQuestion(_ done: TodoPage) -> Question? {
    guard done.matching > 0 else { return nil }
    let count = done.matching
    let what = count == 1 ? "the 1 done item" : "the \(Listing.grouped(count)) done items"
    return .confirmDeletion(
      .clearDone, text: "Delete \(what) (\(titles(done.rows.map(\.item.title.text), of: count)))? [y/N] ")
  }

  /// What to ask before `undo` reverts the step `preview` describes, or `nil` when it reverts one
  /// item or none: as `rm` of one item, that needs no question.
  static func undoQuestion(_ preview: TodoUndoPreview) -> Question? {
    guard preview.removes + preview.restores > 1 else { return nil }
    let what =
      switch preview.change {
      case .importCSV:
        "import \(preview.subject) (\(Listing.counted(preview.removes, "item")) removed, "
          + "\(Listing.grouped(preview.restores)) restored)"
      case .remove where preview.subject.isEmpty, .clearDone:
        "\(preview.change.rawValue) (\(Listing.counted(preview.restores, "item")) back)"
      default:
        "\(preview.change.rawValue) \"\(preview.subject)\" (\(Listing.counted(preview.removes, "item")) removed, "
          + "\(Listing.grouped(preview.restores)) restored)"
      }
    return .confirmUndo(text: "Undo \(what)? [y/N] ")
  }

  /// Whether `answer` says yes: `y` or `yes`, in any case.
  static func isYes(_ answer: String) -> Bool {
    ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
  }

  /// How many items a question names by title.
  static let namedItems = 3

  /// `“a”, “b”, “c” and 4 more`: the first ``namedItems`` of `titles`, of `count` in all.
  private static func titles(_ titles: [String], of count: Int? = nil) -> String {
    let count = count ?? titles.count
    let shown = titles.prefix(namedItems).map { "“\($0)”" }.joined(separator: ", ")
    return count > namedItems ? shown + " and \(Listing.grouped(count - namedItems)) more" : shown
  }
}

extension Question.Deletion {
  /// The command's name, as typed.
  var command: String {
    switch self {
    case .clearDone: "clear-done"
    case .items: "rm"
    }
  }
}
