import AuthenticationAPI
import Core
import Foundation
import NotificationsAPI
import TodoAPI

/// Prints what the model says to print: new outbox lines and the prompt, which shows the unread
/// count and the running import's progress bar.
///
/// It is a listener of the store: rendering is a function of the model. In interactive mode, lines
/// that arrive while the user sits at the prompt (a reminder, an import's report) are inserted
/// above the prompt's line, and a changed prompt is redrawn in place; neither touches what the user
/// has typed after the prompt (see ``TerminalEdits``). In script mode there is no prompt, only the
/// lines, so the output can be compared exactly.
///
/// Once more than ``UIModel/acknowledgementThreshold`` printed lines are kept in the outbox, the
/// printer sends ``AppMessage/printed(upTo:)`` so that they can leave it; lines are only ever
/// dropped after they were printed.
@MainActor
final class Printer {
  private let isInteractive: Bool
  private let isReadingSecret: @Sendable () -> Bool
  private let columns: () -> Int
  private let write: (String) -> Void
  private var acknowledge: (Int) -> Void = { _ in }
  private var printedUpTo = 0
  private var isAtPrompt = false
  private var prompt = "todo> "

  /// Creates a printer.
  ///
  /// - Parameters:
  ///   - isInteractive: Whether standard input is a terminal (prompt, colours, edits in place).
  ///   - isReadingSecret: Whether a password prompt holds the line, which must not be redrawn.
  ///   - columns: The terminal's width.
  ///   - write: Writes text to the terminal.
  init(
    isInteractive: Bool,
    isReadingSecret: @escaping @Sendable () -> Bool = { false },
    columns: @escaping () -> Int = TerminalEdits.columns,
    write: @escaping (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }
  ) {
    self.isInteractive = isInteractive
    self.isReadingSecret = isReadingSecret
    self.columns = columns
    self.write = write
  }

  /// Prints the lines already in the outbox and follows the store from now on.
  func attach(to store: Store<AppModel>) {
    acknowledge = { [weak store] end in store?.send(AppMessage.printed(upTo: end)) }
    store.addListener { [weak self] model in self?.render(model) }
    prompt = Self.prompt(for: store.model)
    render(store.model)
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

  /// Ends the prompt's line, so that what comes next (the shell's prompt) starts on a line of its
  /// own.
  func leavePrompt() {
    if isInteractive && isAtPrompt { write("\n") }
    isAtPrompt = false
  }

  /// Prints a line that is not part of the session's output (a note as the app exits).
  func note(_ text: String) {
    leavePrompt()
    write(TerminalText.visible(text) + "\n")
  }

  /// `todo> `, `ada [2 unread]> ` when signed in with unread notifications, and a progress bar while
  /// an import runs: `ada [import ####------ 42%]> `.
  static func prompt(for model: AppModel) -> String {
    var prompt = model.authentication.user?.name ?? "todo"
    let unread = model.notifications.unreadCount
    if unread > 0 { prompt += " [\(unread) unread]" }
    if let progress = model.todos.importProgress {
      prompt += " " + progressBar(progress.fraction)
    } else if model.ui.runningImport != nil {
      prompt += " " + progressBar(0)
    }
    return TerminalText.visible(prompt) + "> "
  }

  /// `[import ####------ 42%]`.
  static func progressBar(_ fraction: Double) -> String {
    let width = 10
    let clamped = min(1, max(0, fraction))
    let filled = Int((clamped * Double(width)).rounded(.down))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    return "[import \(bar) \(Int((clamped * 100).rounded(.down)))%]"
  }

  // MARK: - Rendering

  private func render(_ model: AppModel) {
    // A signal ends the session: its notice and whatever follows start below the prompt's line.
    if model.ui.lifecycle != .running { leavePrompt() }
    if model.ui.outboxEnd != printedUpTo { printNewLines(of: model) }
    let newPrompt = Self.prompt(for: model)
    if newPrompt != prompt { promptChanged(to: newPrompt) }
  }

  private func printNewLines(of model: AppModel) {
    let lines = model.ui.lines(from: printedUpTo)
    printedUpTo = model.ui.outboxEnd
    if isInteractive && isAtPrompt {
      let width = columns()
      write(
        TerminalEdits.inserting(
          lines.flatMap { styled(TerminalEdits.rows(of: TerminalText.visible($0.text), columns: width), $0) })
      )
    } else {
      var text = ""
      for line in lines { text += styled([TerminalText.visible(line.text)], line).joined() + "\n" }
      write(text)
    }
    if model.ui.outbox.count > UIModel.acknowledgementThreshold { acknowledge(printedUpTo) }
  }

  /// Redraws the prompt in place when it changes while the user sits at it.
  private func promptChanged(to newPrompt: String) {
    let old = prompt
    prompt = newPrompt
    // A password prompt holds the line; the new prompt shows at the next line.
    guard isInteractive && isAtPrompt && !isReadingSecret() else { return }
    write(TerminalEdits.replacingPrompt(old, with: newPrompt))
  }

  private func styled(_ rows: [String], _ line: OutputLine) -> [String] {
    guard isInteractive else { return rows }
    let colour =
      switch line.style {
      case .info: ""
      case .warning: "\u{1B}[33m"
      case .error: "\u{1B}[31m"
      case .banner: "\u{1B}[1;33m"
      }
    return colour.isEmpty ? rows : rows.map { colour + $0 + "\u{1B}[0m" }
  }
}
