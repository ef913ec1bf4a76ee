import AuthenticationAPI
import Core
import Foundation
import NotificationsAPI
import TodoAPI

/// Prints what the model says to print: new outbox lines, the import progress bar, the prompt.
///
/// It is a listener of the store: rendering is a function of the model. In interactive mode lines
/// that arrive while the prompt is shown (a reminder) are printed above it and the prompt is drawn
/// again; in script mode there is no prompt and no progress bar, only the lines, so the output can
/// be compared exactly.
@MainActor
final class Printer {
  private let isInteractive: Bool
  private var printedUpTo = 0
  private var isAtPrompt = false
  private var progressShown = false
  private var prompt = "todo> "

  init(isInteractive: Bool) {
    self.isInteractive = isInteractive
  }

  /// Prints the lines already in the outbox and follows the store from now on.
  func attach(to store: Store<AppModel>) {
    store.addListener(observing: { $0.ui.outboxEnd }) { [weak self, weak store] _ in
      guard let self, let store else { return }
      self.printNewLines(of: store.model)
    }
    store.addListener(observing: { $0.todos.importProgress }) { [weak self] progress in
      self?.show(progress)
    }
    store.addListener(observing: { Self.prompt(for: $0) }) { [weak self] prompt in
      self?.promptChanged(to: prompt)
    }
    prompt = Self.prompt(for: store.model)
    printNewLines(of: store.model)
  }

  /// Shows the prompt and remembers that the user is at it.
  func showPrompt() {
    guard isInteractive else { return }
    write(prompt)
    isAtPrompt = true
  }

  /// The user pressed return: the prompt line is finished.
  func lineEntered() {
    isAtPrompt = false
  }

  /// `todo> `, or `ada [2 unread]> ` when signed in with unread notifications.
  static func prompt(for model: AppModel) -> String {
    let name = model.authentication.user?.name ?? "todo"
    let unread = model.notifications.unreadCount
    return unread > 0 ? "\(name) [\(unread) unread]> " : "\(name)> "
  }

  /// Redraws the prompt in place when it changes while the user sits at it (a new unread count).
  private func promptChanged(to newPrompt: String) {
    guard newPrompt != prompt else { return }
    prompt = newPrompt
    if isInteractive && isAtPrompt && !progressShown { write("\r\u{1B}[2K" + prompt) }
  }

  private func printNewLines(of model: AppModel) {
    prompt = Self.prompt(for: model)
    let lines = model.ui.lines(from: printedUpTo)
    printedUpTo = model.ui.outboxEnd
    guard !lines.isEmpty else { return }
    var text = ""
    if isInteractive && (isAtPrompt || progressShown) { text += "\r\u{1B}[2K" }
    for line in lines {
      switch line.style {
      case .info: text += line.text
      case .error: text += isInteractive ? "\u{1B}[31m\(line.text)\u{1B}[0m" : line.text
      case .banner: text += isInteractive ? "\u{1B}[1;33m\(line.text)\u{1B}[0m" : line.text
      }
      text += "\n"
    }
    progressShown = false
    if isInteractive && isAtPrompt { text += prompt }
    write(text)
  }

  private func show(_ progress: TodoImportProgress?) {
    guard isInteractive else { return }
    guard let progress else {
      if progressShown { write("\r\u{1B}[2K") }
      progressShown = false
      return
    }
    let width = 30
    let filled = Int((progress.fraction * Double(width)).rounded(.down))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    let percent = Int((progress.fraction * 100).rounded(.down))
    write("\r\u{1B}[2K[\(bar)] \(percent)%  \(progress.imported) rows")
    progressShown = true
  }

  private func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
