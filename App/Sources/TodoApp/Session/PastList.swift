import AuthenticationAPI
import Core
import Foundation
import TodoAPI
import Tracing

/// What the terminal shows while the inspector holds the app at a past message (time travel): the
/// list as it was after that message, rebuilt by replaying the session's trace up to it through
/// the app's own updater (as `todo replay --until` does).
enum PastList {
  /// The lines to print: a header naming the message, the first page of the list as it was after
  /// it (or who was signed in), and what happens to input meanwhile.
  ///
  /// - Parameters:
  ///   - tracePath: The session's trace, which the inspector records.
  ///   - message: The message's number (`m42` is 42).
  ///   - pageSize: Items on the page; `nil` for every item.
  ///   - now: Which open items count as overdue.
  /// - Returns: The lines, without newlines.
  static func lines(tracePath: String, message: UInt64, pageSize: Int?, now: Date) -> [String] {
    var lines = ["── Paused by the inspector at m\(message). ──"]
    let past: AppModel
    do {
      let contents = try TraceReader.read(path: tracePath)
      var replay = ReplayReport.appReplay()
      past = try replay.run(contents.entries, until: message).model
    } catch {
      lines.append("The app as it was then cannot be shown: \(error)")
      lines.append(waiting)
      return lines
    }
    guard past.authentication.user != nil else {
      lines.append("Nobody was signed in then.")
      lines.append(waiting)
      return lines
    }
    lines.append("The list as it was then:")
    var ui = UIModel()
    let page = Listing.page(of: past.todos, for: TodoListQuery(pageSize: pageSize), now: now)
    Listing.print(page, listLength: past.todos.items.count, now: now, into: &ui)
    lines += ui.outbox.map(\.text)
    lines.append(waiting)
    return lines
  }

  /// The line that ends the paused view.
  static let waiting =
    "── Input waits until you resume in the inspector; what you type then runs in order. ──"

  /// Items on the page shown in a script, which has no window to fit.
  static let scriptPageSize = 20

  /// The line printed when the inspector resumes the app.
  static let resumed = "── Resumed by the inspector: back to the present. ──"
}
