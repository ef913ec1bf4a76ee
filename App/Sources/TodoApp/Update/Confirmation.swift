import AuthenticationAPI
import Foundation
import TodoAPI

/// The question a terminal asks before a command deletes more than the one item it names:
/// `clear-done`, and `rm` of several items.
///
/// Pure, so that what is asked is decided from the model like everything else; the session shows
/// the question and reads the answer. Scripts are never asked (nobody is there to answer), and
/// `--yes` on the line answers in advance at a terminal.
enum Confirmation {
  /// What to ask before `intent` runs on `model`.
  ///
  /// - Parameters:
  ///   - intent: What the user asked for.
  ///   - model: The model the intent will meet.
  /// - Returns: The command's name and the question, or `nil` when nothing needs asking: another
  ///   intent, nothing to delete, or a line the updater will refuse anyway (a missing item).
  static func question(for intent: UserIntent, in model: AppModel) -> (command: String, question: String)? {
    guard model.authentication.user != nil else { return nil }
    let items = model.todos.items
    switch intent {
    case .clearDone:
      let done = items.filter(\.isDone)
      guard !done.isEmpty else { return nil }
      let what = done.count == 1 ? "the 1 done item" : "the \(Listing.grouped(done.count)) done items"
      return ("clear-done", "Delete \(what) (\(titles(done.map(\.title))))? [y/N] ")
    case .removeItems(let positions):
      guard positions.allSatisfy({ items.indices.contains($0 - 1) }) else { return nil }
      let titles = positions.map { items[$0 - 1].title }
      return ("rm", "Delete \(Listing.grouped(titles.count)) items (\(self.titles(titles)))? [y/N] ")
    default:
      return nil
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
