import AuthenticationAPI
import Core
import Foundation
import NotificationsAPI
import Terminal
import TodoAPI

/// Prints what the model says to print: new outbox lines and the prompt, which shows the unread
/// count and the running import's progress bar.
///
/// It is a listener of the store: rendering is a function of the model. In interactive mode every
/// write goes through the ``PromptLine``: lines that arrive while the user sits at the prompt (a
/// reminder, an import's report) are inserted above the prompt's line, and a changed prompt is
/// redrawn with what the user has typed after it. In script mode there is no prompt, only the
/// lines, so the output can be compared exactly.
///
/// It must listen from before the store's first message: the outbox holds the lines of the last
/// message only (``UIModel/dropPrinted()``).
@MainActor
final class Printer {
  private let isInteractive: Bool
  private let columns: @Sendable () -> Int
  /// The prompt's line, through which everything is written.
  let line: PromptLine
  private var printedUpTo = 0
  private var prompt = "todo> "
  private var status: String?

  /// Creates a printer.
  ///
  /// - Parameters:
  ///   - isInteractive: Whether standard input is a terminal (prompt, colours, edits in place).
  ///   - columns: The terminal's width.
  ///   - write: Writes text to the terminal.
  init(
    isInteractive: Bool,
    columns: @escaping @Sendable () -> Int = TerminalEdits.columns,
    write: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }
  ) {
    self.isInteractive = isInteractive
    self.columns = columns
    line = PromptLine(columns: columns, write: write)
  }

  private func write(_ text: String) { line.write(text) }

  /// Prints the lines already in the outbox and follows the store from now on.
  func attach(to store: Store<AppModel>) {
    store.addListener { [weak self] model in self?.render(model) }
    prompt = Self.prompt(for: store.model)
    line.setPrompt(prompt)
    render(store.model)
  }

  /// Shows the prompt, for the line reader to read a line after it.
  func showPrompt() {
    guard isInteractive else { return }
    line.begin()
  }

  /// Shows a question in place of the prompt, for the line reader to read the answer after it.
  ///
  /// - Parameters:
  ///   - question: The question, ending in the answers it takes (`[y/N] `), or `Password: `.
  ///   - isSecret: Whether the answer is hidden as it is typed.
  func ask(_ question: String, isSecret: Bool = false) {
    guard isInteractive else { return }
    line.begin(PromptLine.Request(label: TerminalText.visible(question), isSecret: isSecret))
  }

  /// Ends the prompt's line, so that what comes next (the shell's prompt) starts on a line of its
  /// own.
  func leavePrompt() {
    line.end()
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
    } else if model.todos.runningImport != nil {
      prompt += " " + progressBar(0)
    }
    return TerminalText.visible(prompt) + "> "
  }

  /// What the line shows while work under way holds the prompt back: `ada [export ####------ 42%]`
  /// during a long export; `nil` when nothing does.
  static func status(for model: AppModel) -> String? {
    guard let fraction = model.ui.exportProgress else { return nil }
    return TerminalText.visible(model.authentication.user?.name ?? "todo") + " "
      + progressBar(fraction, of: "export")
  }

  /// `[import ####------ 42%]`.
  static func progressBar(_ fraction: Double, of work: String = "import") -> String {
    let width = 10
    let clamped = min(1, max(0, fraction))
    let filled = Int((clamped * Double(width)).rounded(.down))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    return "[\(work) \(bar) \(Int((clamped * 100).rounded(.down)))%]"
  }

  // MARK: - Rendering

  private func render(_ model: AppModel) {
    // A signal ends the session: its notice and whatever follows start below the prompt's line.
    if model.ui.lifecycle != .running { leavePrompt() }
    if model.ui.outboxEnd != printedUpTo { printNewLines(of: model) }
    let newPrompt = Self.prompt(for: model)
    if newPrompt != prompt { promptChanged(to: newPrompt) }
    let newStatus = isInteractive ? Self.status(for: model) : nil
    if newStatus != status {
      status = newStatus
      line.showStatus(newStatus)
    }
  }

  private func printNewLines(of model: AppModel) {
    let lines = model.ui.lines(from: printedUpTo)
    printedUpTo = model.ui.outboxEnd
    show(lines)
  }

  /// Prints lines that are not the model's output (the inspector's time travel), as output lines
  /// are printed: above the prompt while the user sits at it.
  func show(_ lines: some RandomAccessCollection<OutputLine>) {
    guard isInteractive else {
      write(lines.map { TerminalText.visible($0.text) + "\n" }.joined())
      return
    }
    let width = columns()
    // A listing's row keeps to one row of the window, so that a page fits it.
    func visible(_ line: OutputLine) -> String {
      let text = TerminalText.visible(line.text)
      return line.style == .row ? TerminalEdits.cut(text, columns: width) : text
    }
    var text = ""
    for line in lines { text += styled([visible(line)], line).joined() + "\n" }
    line.print(
      rows: { lines.flatMap { styled(TerminalEdits.rows(of: visible($0), columns: width), $0) } },
      otherwise: text)
  }

  /// Redraws the prompt's line when the prompt changes while the user sits at it (not while a
  /// question or `Password: ` holds the line: the new prompt shows at the next line).
  private func promptChanged(to newPrompt: String) {
    prompt = newPrompt
    line.setPrompt(newPrompt)
  }

  private func styled(_ rows: [String], _ line: OutputLine) -> [String] {
    guard isInteractive else { return rows }
    let colour =
      switch line.style {
      case .info, .row: ""
      case .warning: "\u{1B}[33m"
      case .error: "\u{1B}[31m"
      case .banner: "\u{1B}[1;33m"
      }
    return colour.isEmpty ? rows : rows.map { colour + $0 + "\u{1B}[0m" }
  }
}
