import AuthenticationAPI
import Core
import Foundation
import NotificationsAPI
import Synchronization
import Terminal
import Testing
import TodoAPI

@testable import TodoApp

@MainActor
@Suite("Printer")
struct PrinterTests {
  /// What the printer wrote.
  private final class Screen: Sendable {
    private let written = Mutex("")
    var text: String { written.withLock { $0 } }
    func write(_ text: String) { written.withLock { $0 += text } }
  }

  private func printer(interactive: Bool, screen: Screen) -> Printer {
    Printer(isInteractive: interactive, columns: { 80 }, write: { screen.write($0) })
  }

  private func store(_ model: AppModel = AppFixture.signedIn) -> Store<AppModel> {
    Store(model: model, updater: AppComposition.composition.updater)
  }

  /// A store whose window of due items holds an item titled `title`, due 30 seconds after the App's
  /// time, which the notifications feature has seen (its reminder pending): the next tick past it posts its reminder.
  private func store(due title: String) -> Store<AppModel> {
    var model = AppFixture.signedIn
    model.now = AppFixture.now
    model.notifications.watchedUntil = AppFixture.now
    let item = TodoItem(
      id: TodoID(rawValue: "due"), title: .valid(title), dueDate: AppFixture.now.addingTimeInterval(30),
      createdAt: AppFixture.now)
    // The window of due items, as the database reads it.
    model.notifications.dueSoon = TodoDueWindow(after: AppFixture.now, items: [item], isComplete: true)
    model.notifications.dueWindowStart = AppFixture.now
    model.notifications.scheduleReminders()
    return store(model)
  }

  @Test(
    "a banner at the prompt is inserted above its line, and the prompt redrawn in place: typed text stays")
  func bannerAtPrompt() {
    let screen = Screen()
    let printer = printer(interactive: true, screen: screen)
    let store = store(due: "Buy milk")
    printer.attach(to: store)
    printer.showPrompt()
    store.send(SystemMessage.clockTicked(AppFixture.now.addingTimeInterval(60)))
    #expect(
      screen.text
        == "ada> " + TerminalEdits.inserting(["\u{1B}[1;33m🔔 Reminder: “Buy milk” is due now.\u{1B}[0m"])
        + "\rada [1 unread]> \u{1B}[K\r\u{1B}[16C")
  }

  @Test(
    "a long export shows its progress bar on the line while the prompt waits; lines go above it; the result erases it"
  )
  func exportStatus() {
    let screen = Screen()
    let printer = printer(interactive: true, screen: screen)
    let store = store()
    printer.attach(to: store)
    let out = "/home/ada/out.csv"
    store.send(TodoMessage.exportProgress(path: out, fraction: 0.42, owner: AppFixture.ada.id))
    #expect(screen.text == "\rada [export ####------ 42%]\u{1B}[K")
    store.send(TodoMessage.exportFinished(path: out, count: 2, owner: AppFixture.ada.id))
    #expect(
      screen.text
        == "\rada [export ####------ 42%]\u{1B}[K" + "\r\u{1B}[KExported 2 items to \(out).\n"
        + "ada [export ####------ 42%]" + "\r\u{1B}[K")
    printer.showPrompt()
    #expect(screen.text.hasSuffix("\r\u{1B}[Kada> "))
  }

  @Test("a new prompt redraws the line with the text typed after it, the cursor where it was")
  func promptChangeKeepsTypedText() {
    let screen = Screen()
    let printer = printer(interactive: true, screen: screen)
    let store = store(due: "Stretch")
    printer.attach(to: store)
    printer.showPrompt()
    printer.line.update(text: Array("rename 1 x"), cursor: 8)
    let before = screen.text
    store.send(SystemMessage.clockTicked(AppFixture.now.addingTimeInterval(60)))
    #expect(
      screen.text.hasSuffix("\rada [1 unread]> rename 1 x\u{1B}[K\r\u{1B}[24C"),
      "\(screen.text.dropFirst(before.count))")
  }

  @Test("a banner's text holding an escape sequence shows it as ␛, inside the banner's own colours")
  func hostileBannerAtPrompt() {
    let screen = Screen()
    let printer = printer(interactive: true, screen: screen)
    let store = store(due: "\u{1B}]0;PWNED\u{07}")
    printer.attach(to: store)
    printer.showPrompt()
    store.send(SystemMessage.clockTicked(AppFixture.now.addingTimeInterval(60)))
    #expect(
      screen.text
        == "ada> " + TerminalEdits.inserting(["\u{1B}[1;33m🔔 Reminder: “␛]0;PWNED␇” is due now.\u{1B}[0m"])
        + "\rada [1 unread]> \u{1B}[K\r\u{1B}[16C")
  }

  @Test("a signal ends the prompt's line before its notice, and no prompt is drawn after it")
  func signalAtPrompt() {
    let screen = Screen()
    let printer = printer(interactive: true, screen: screen)
    let store = store()
    printer.attach(to: store)
    printer.showPrompt()
    store.send(AppMessage.signalReceived(.interrupt))
    printer.leavePrompt()
    #expect(screen.text == "ada> \nSIGINT: finishing in-flight work, then exiting.\n")
  }

  @Test("every line of a long listing is printed, then dropped from the model at the next message")
  func longListing() async {
    var model = AppFixture.signedIn
    let count = 1_003
    model.todos = .listing(
      owner: AppFixture.ada.id,
      items: (0..<count).map {
        TodoItem(
          id: TodoID(rawValue: String(format: "id-%04d", $0)), title: .valid(String(format: "Task %04d", $0)),
          createdAt: AppFixture.now)
      })
    let screen = Screen()
    let printer = printer(interactive: false, screen: screen)
    let store = store(model)
    // The database's page, as `Listing.page` reads it from the model's items.
    let todos = model.todos
    store.register(
      FunctionInterpreter(for: TodoCommand.self) { command, dispatch in
        guard case .readPage(let query, let time, let owner) = command else { return }
        dispatch(
          TodoMessage.pageRead(
            Listing.page(of: todos.listedItems, for: query, now: time), at: time, owner: owner))
      })
    printer.attach(to: store)
    await store.send(AppFixture.intent(.list(.all))).finish()
    let lines = screen.text.split(separator: "\n")
    #expect(lines.count == count)
    #expect(lines.first.map(String.init) == "   1. [ ] Task 0000")
    #expect(lines.last.map(String.init) == "\(count). [ ] Task \(String(format: "%04d", count - 1))")
    store.send(AppFixture.intent(.help))
    #expect(store.model.ui.outboxStart == count)
    #expect(screen.text.split(separator: "\n").count == count + store.model.ui.outbox.count)
  }

  @Test("the prompt shows the import's progress bar, from its start")
  func progressPrompt() {
    var model = AppFixture.signedIn
    model.todos.startImport(path: "/big.csv")
    #expect(Printer.prompt(for: model) == "ada [import ---------- 0%]> ")
    model.todos.importProgress = TodoImportProgress(path: "/big.csv", run: 1, fraction: 0.42, imported: 8_400)
    #expect(Printer.prompt(for: model) == "ada [import ####------ 42%]> ")
  }
}
