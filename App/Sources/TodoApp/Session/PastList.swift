import AuthenticationAPI
import Core
import Foundation
import TodoAPI
import Tracing

/// What the terminal shows while the inspector holds the app at a past message (time travel): the
/// page of the list shown after that message, rebuilt by replaying the session's trace up to it
/// through the app's own updater (as `todo replay --until` does). The model held what the screen
/// showed, not the list, so the past shows that page (its rows as the database's reads and the
/// session's results left them), not rows the screen never showed.
enum PastList {
  /// The lines to print: a header naming the message, the page of the list shown after it (or what
  /// was known of the list, or who was signed in), and what happens to input meanwhile.
  ///
  /// - Parameters:
  ///   - tracePath: The session's trace, which the inspector records.
  ///   - message: The message's number (`m42` is 42).
  ///   - now: Which open items count as overdue.
  /// - Returns: The lines, without newlines.
  static func lines(tracePath: String, message: UInt64, now: Date) -> [String] {
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
    let listLength = past.todos.summary?.counts.total
    guard let page = past.todos.page else {
      lines.append(
        "No list had been shown then"
          + (listLength.map { "; the list held \(Listing.counted($0, "item"))." } ?? "."))
      lines.append(waiting)
      return lines
    }
    lines.append("The list as it was shown then:")
    var ui = UIModel()
    Listing.print(page, listLength: max(listLength ?? 0, page.counts.total), now: now, into: &ui)
    lines += ui.outbox.map(\.text)
    lines.append(waiting)
    return lines
  }

  /// The line that ends the paused view.
  static let waiting =
    "── Input waits until you resume in the inspector; what you type then runs in order. ──"

  /// The line printed when the inspector resumes the app.
  static let resumed = "── Resumed by the inspector: back to the present. ──"

  /// The line printed when the inspector's last open page closes while the app is paused: nothing
  /// could resume it then, so it resumes.
  static let resumedAsPagesClosed =
    "── The inspector's last page closed: resumed, back to the present; what you typed runs now. ──"
}
