public import Core
public import Foundation
import GRDB
import NotificationsAPI
import Tracing

/// One run of the terminal app: interactive at a prompt, or reading a script.
@MainActor
public final class AppSession {
  /// How the session reads its commands.
  public enum Input: Sendable {
    /// Standard input; `interactive` when it is a terminal (prompt, progress bar, colours).
    case standardInput(interactive: Bool)
    /// The lines of a script file.
    case script([String])
  }

  private let store: Store<AppModel>
  private let input: Input
  private let printer: Printer
  private let recorder: TraceRecorder<AppModel>?
  private let parser: InputParser
  private let reader = LineReader()

  /// Creates a session on a store built by ``AppComposition/makeStore(database:folder:)``.
  ///
  /// - Parameters:
  ///   - store: The store, not yet started.
  ///   - input: Where commands come from.
  ///   - tracePath: Where to record the causal trace, if anywhere.
  /// - Throws: `TraceRecorderError` if the trace file cannot be created.
  public init(store: Store<AppModel>, input: Input, tracePath: String?) throws {
    self.store = store
    self.input = input
    if case .standardInput(true) = input {
      printer = Printer(isInteractive: true)
    } else {
      printer = Printer(isInteractive: false)
    }
    recorder = try tracePath.map { try TraceRecorder<AppModel>(path: $0, initialModel: store.model) }
    parser = InputParser(
      timeZone: .current, workingDirectory: FileManager.default.currentDirectoryPath)
  }

  /// Opens the database in `folder`, runs a session on it, and closes it.
  ///
  /// - Parameters:
  ///   - folder: The data folder.
  ///   - input: Where commands come from.
  ///   - tracePath: Where to record the causal trace, if anywhere.
  /// - Returns: The process's exit code.
  /// - Throws: ``StartupError`` when the database or the trace file cannot be opened.
  public static func launch(folder: URL, input: Input, tracePath: String?) async throws(StartupError) -> Int32
  {
    let database = try AppComposition.openDatabase(in: folder)
    defer { try? database.close() }
    let store = AppComposition.makeStore(database: database, folder: folder)
    let session: AppSession
    do {
      session = try AppSession(store: store, input: input, tracePath: tracePath)
    } catch {
      throw StartupError("\(error)")
    }
    return await session.run()
  }

  /// Runs until `quit`, the end of the input, or SIGINT/SIGTERM; then finishes in-flight work and
  /// stops the store.
  ///
  /// - Returns: The process's exit code: in script mode 1 if any command failed, otherwise 0.
  public func run() async -> Int32 {
    if let recorder { store.addMonitor(recorder) }
    printer.attach(to: store)
    store.start()
    let now = Date()
    store.send(AppMessage.started(at: now, timeZone: TimeZone.current.identifier))
    store.send(NotificationsMessage.clockTicked(now))
    await store.settle()

    let reader = reader
    store.addListener(observing: { $0.ui.lifecycle != .running }) { stopping in
      if stopping { reader.interrupt() }
    }
    switch input {
    case .standardInput(let interactive): reader.start(asksForPasswords: interactive)
    case .script(let lines): reader.feed(lines)
    }
    await readCommands()
    await store.settle()
    store.shutDown()
    await recorder?.close()
    if case .script = input { return store.model.ui.failures > 0 ? 1 : 0 }
    if case .standardInput(false) = input { return store.model.ui.failures > 0 ? 1 : 0 }
    return 0
  }

  private func readCommands() async {
    printer.showPrompt()
    for await event in reader.events {
      guard case .line(let line) = event else { return }
      printer.lineEntered()
      let now = Date()
      // The model's time moves with each line, so a due date set or loaded now is judged against the
      // real time, and reminders already past are not started.
      store.send(NotificationsMessage.clockTicked(now))
      switch parser.parse(line) {
      case nil: break
      case .success(let intent): store.send(AppMessage.intent(intent, at: now))
      case .failure(let failure):
        store.send(AppMessage.invalidInput(command: failure.command, reason: failure.reason))
      }
      await store.settle()
      if store.model.ui.lifecycle != .running { return }
      printer.showPrompt()
    }
  }
}
