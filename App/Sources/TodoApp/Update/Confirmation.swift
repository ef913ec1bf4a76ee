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
  /// What to ask before `deletion` runs on `model`.
  ///
  /// - Parameters:
  ///   - deletion: What the user asked to delete.
  ///   - model: The model the deletion will meet.
  /// - Returns: The question, or `nil` when nothing needs asking: nothing to delete.
  static func question(for deletion: Question.Deletion, in model: AppModel) -> Question? {
    guard model.authentication.user != nil else { return nil }
    let items = model.todos.items
    switch deletion {
    case .clearDone:
      let done = items.filter(\.isDone)
      guard !done.isEmpty else { return nil }
      let what = done.count == 1 ? "the 1 done item" : "the \(Listing.grouped(done.count)) done items"
      return .confirmDeletion(deletion, text: "Delete \(what) (\(titles(done.map(\.title.text))))? [y/N] ")
    case .items(let rows):
      guard !rows.isEmpty else { return nil }
      let titles = rows.map(\.item.title.text)
      return .confirmDeletion(
        deletion, text: "Delete \(Listing.grouped(titles.count)) items (\(self.titles(titles)))? [y/N] ")
    }
  }

  /// Whether `answer` says yes: `y` or `yes`, in any case.
  static func isYes(_ answer: String) -> Bool {
    ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
  }

  /// `“a”, “b”, “c” and 4 more`.
  private static func titles(_ titles: [String]) -> String {
    let shown = titles.prefix(3).map { "“\($0)”" }.joined(separator: ", ")
    return titles.count > 3 ? shown + " and \(Listing.grouped(titles.count - 3)) more" : shown
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
