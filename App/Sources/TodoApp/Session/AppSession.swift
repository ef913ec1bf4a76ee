import AuthenticationAPI
public import Core
public import Foundation
import GRDB
public import Inspector
import Synchronization
import Terminal
import TodoAPI
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
  private let tracePath: String?
  /// Where the inspector listens, if the session runs with one; it then records the trace.
  private let inspection: InspectorConfiguration?
  private var inspector: Inspector?
  private var parser: InputParser
  private let reader: LineReader
  private let dataFolder: URL
  private let isFirstLaunch: Bool
  /// The signed-in user's tags, as Tab completes them on the reader's thread.
  private let tagNames = TagNames()
  /// The lines at the prompt that may be a password typed ahead after `login` or `register`.
  private var typedAhead = TypedAheadPassword()
  /// Wakes the wait for the work of the last line when the inspector pauses the store meanwhile
  /// (``settleUnlessPaused()``).
  private var pauseWaiter: (() -> Void)?

  /// Creates a session on a store built by ``AppComposition/makeStore(database:folder:)``.
  ///
  /// - Parameters:
  ///   - store: The store, not yet started.
  ///   - input: Where commands come from.
  ///   - tracePath: Where to record the causal trace, if anywhere; the file is made readable by
  ///     its owner only, since it holds the session's titles.
  ///   - dataFolder: The data folder, into which `export` never writes.
  ///   - isFirstLaunch: Whether the data folder held no database before: an interactive session
  ///     then greets the user.
  ///   - inspection: Where the inspector listens, for a session watched in a browser
  ///     (``attachInspector()`` starts it); it records the trace, to `tracePath` if given.
  /// - Throws: `TraceRecorderError` if the trace file cannot be created.
  public init(
    store: Store<AppModel>, input: Input, tracePath: String?, dataFolder: URL, isFirstLaunch: Bool = false,
    inspection: InspectorConfiguration? = nil
  ) throws {
    self.store = store
    self.input = input
    self.dataFolder = dataFolder
    self.isFirstLaunch = isFirstLaunch
    printer = Printer(isInteractive: input.isInteractive)
    var completion = CommandCompletion(workingDirectory: FileManager.default.currentDirectoryPath)
    completion.tagNames = { [tagNames] in tagNames.names.withLock { $0 } }
    reader = LineReader(line: printer.line, history: .forCommands(), complete: completion.complete)
    if let tracePath { try PrivateFile.create(atPath: tracePath) }
    recorder =
      inspection == nil
      ? try tracePath.map { try TraceRecorder<AppModel>(path: $0, initialModel: store.model) } : nil
    self.tracePath = tracePath
    self.inspection = inspection
    parser = InputParser(
      timeZone: .current, workingDirectory: FileManager.default.currentDirectoryPath,
      pageSize: Self.pageSize(isInteractive: input.isInteractive), atTerminal: input.isInteractive)
  }

  /// How many items a page of `list` shows: at a terminal, as ``pageSize(rows:columns:)`` says for
  /// its size as it is now (the window may have been resized since the last line); in a script,
  /// `nil`.
  private static func pageSize(isInteractive: Bool) -> Int? {
    isInteractive ? pageSize(rows: TerminalEdits.rows(), columns: TerminalEdits.columns()) : nil
  }

  /// How many items a page of `list` shows in a window of `rows` lines of `columns`: its height less
  /// the typed line, the counts, the footer (two lines in a window narrower than 80 columns, where
  /// it wraps) and the next prompt; at least one. A title that wraps still takes more than its line.
  nonisolated static func pageSize(rows: Int, columns: Int) -> Int {
    max(1, rows - (columns < 80 ? 5 : 4))
  }

  /// Opens the database in `folder`, runs a session on it, and closes it.
  ///
  /// The data folder is made private first (notices go to standard error) and locked for the
  /// session: a second instance on the same folder stops at once with a ``StartupError``.
  ///
  /// - Parameters:
  ///   - folder: The data folder.
  ///   - input: Where commands come from.
  ///   - tracePath: Where to record the causal trace, if anywhere.
  ///   - inspection: Where the inspector listens, if the session runs with one.
  /// - Returns: The process's exit code (see ``run()``).
  /// - Throws: ``StartupError`` when the data folder is in use or unusable, the database or the
  ///   trace file cannot be opened, or the inspector cannot start.
  public static func launch(
    folder: URL, input: Input, tracePath: String?, inspection: InspectorConfiguration? = nil
  ) async throws(StartupError) -> Int32 {
    func tell(_ notice: String) {
      FileHandle.standardError.write(Data("todo: \(TerminalText.visible(notice))\n".utf8))
    }
    // A folder nothing can be written in (a read-only mount) is read as it is: no mode to change, no
    // lock to take (nobody can write it), no migration.
    let readOnly = FileManager.default.fileExists(atPath: folder.path) && AppComposition.isReadOnly(folder)
    let database: any DatabaseWriter
    let lock: DataFolderLock?
    let isFirstLaunch: Bool
    if readOnly {
      database = try AppComposition.openReadOnlyDatabase(in: folder)
      lock = nil
      isFirstLaunch = false
      tell("the data folder \(folder.path) is read-only: the list can be read, but no change can be saved.")
    } else {
      for notice in try DataFolder.makePrivate(folder) { tell(notice) }
      lock = try DataFolderLock(folder: folder)
      isFirstLaunch = !FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(AppComposition.databaseFileName).path)
      database = try AppComposition.openDatabase(in: folder, notice: tell)
    }
    defer { lock?.release() }
    defer { AppComposition.close(database, in: folder) }
    let store = AppComposition.makeStore(database: database, folder: folder)
    let session: AppSession
    do {
      session = try AppSession(
        store: store, input: input, tracePath: tracePath, dataFolder: folder, isFirstLaunch: isFirstLaunch,
        inspection: inspection)
      try await session.attachInspector()
    } catch {
      throw StartupError("\(error)")
    }
    return await session.run()
  }

  /// Starts the inspector, if the session has one, and prints its address on standard error:
  /// `Inspector: http://127.0.0.1:PORT/?token=…`. Call it before ``run()``, so the page sees the
  /// session from its first message.
  ///
  /// - Throws: `InspectorError`, or the server's error when it cannot listen.
  public func attachInspector() async throws {
    guard var configuration = inspection, inspector == nil else { return }
    configuration.traceFile = configuration.traceFile ?? tracePath
    let inspector = try await Inspector.attach(
      to: store, configuration: configuration,
      inspectable: [InspectableMessage(AppMessage.self, accepting: \.isAcceptedFromInspector)],
      onTravel: { [weak self] travel in self?.show(travel) })
    self.inspector = inspector
    FileHandle.standardError.write(Data("Inspector: \(inspector.url.absoluteString)\n".utf8))
  }

  /// Shows what the inspector's time travel asked: the list as it was after a past message while
  /// the store is paused (``PastList``), or that the app runs in the present again.
  private func show(_ travel: TimeTravel) {
    let lines =
      switch travel {
      case .viewing(let message):
        inspector.map {
          PastList.lines(tracePath: $0.traceFile, message: message, now: Date())
        } ?? []
      case .resumed: [PastList.resumed]
      case .lastPageClosed: [PastList.resumedAsPagesClosed]
      }
    printer.show(lines.map { OutputLine(.banner, $0) })
    // Paused: the wait for the last line's work ends, so that the next lines are read.
    if case .viewing = travel { pauseWaiter?() }
  }

  /// Waits for the work of the lines sent so far, or for the inspector to pause the store: while
  /// paused nothing is processed, and the next lines are read (and wait in the store, in order), so
  /// that `quit`, the end of the input or a signal can still end the session.
  private func settleUnlessPaused() async {
    guard inspector != nil else { return await store.settle() }
    if store.isPaused { return }
    let store = store
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let once = Mutex(false)
      let finish: @Sendable () -> Void = {
        if !once.withLock({ done in
          defer { done = true }; return done
        }) {
          continuation.resume()
        }
      }
      pauseWaiter = finish
      Task { @MainActor in
        await store.settle()
        finish()
      }
    }
    pauseWaiter = nil
  }

  /// Ends the inspector's pause so that the session can end (it was asked to, by `reason`), saying
  /// so first: what waited is processed, then the session ends as asked.
  private func resumeToEnd(_ reason: String) {
    guard let inspector, store.isPaused else { return }
    printer.show([OutputLine(.banner, "── Resumed to end the session (\(reason)). ──")])
    inspector.resume()
  }

  /// Runs until `quit`, the end of the input, or SIGINT/SIGTERM; then finishes in-flight work and
  /// stops the store.
  ///
  /// - Returns: The process's exit code: 130 after SIGINT and 143 after SIGTERM (128 plus the
  ///   signal's number, as a shell reports a process the signal ended), otherwise in script mode 1
  ///   if any command failed, and 0.
  public func run() async -> Int32 {
    if let recorder { store.addMonitor(recorder) }
    printer.attach(to: store)
    store.start()
    if isFirstLaunch && input.isInteractive {
      store.send(AppMessage.firstLaunch(dataFolder: dataFolder.path))
    }
    let now = Date()
    store.send(AppMessage.started(at: now, timeZone: TimeZone.current.identifier))
    await store.settle()

    let reader = reader
    store.addListener(observing: { $0.ui.lifecycle != .running }) { stopping in
      if stopping { reader.interrupt() }
    }
    if input.isInteractive {
      // Up and Down offer the signed-in user's own lines: the history follows the user.
      let folder = dataFolder
      let useHistory: @MainActor @Sendable (UserID?) -> Void = { user in
        reader.history.use(file: user.map { LineHistory.file(of: $0, in: folder) })
      }
      useHistory(store.model.authentication.user?.id)
      store.addListener(observing: { $0.authentication.user?.id }, useHistory)
      // Tab offers the tags in use: the summary counts them, so this compares a few counts a message.
      let tagNames = tagNames
      let useTags: @MainActor @Sendable ([TodoTag: Int]) -> Void = { counts in
        tagNames.names.withLock { $0 = counts.keys.map(\.name).sorted() }
      }
      useTags(store.model.todos.summary?.tagCounts ?? [:])
      store.addListener(observing: { $0.todos.summary?.tagCounts ?? [:] }, useTags)
    }
    switch input {
    case .standardInput(let interactive): reader.start(interactive: interactive)
    case .script(let lines): reader.feed(lines)
    }
    // While the inspector holds the store paused, SIGINT and SIGTERM end the pause, so that the
    // session can end as they ask (their messages wait in the store like any other).
    let signalListeners =
      inspector == nil
      ? []
      : [OSSignal.interrupt, .terminate].compactMap { signal in
        SignalHub.shared.add(
          signal,
          dispatch: Dispatch { _, _ in
            Task { @MainActor [weak self] in self?.resumeToEnd(signal.name) }
          })
      }
    await readCommands()
    resumeToEnd("end of input")
    // Whatever ended the session, every piece of work finishes first: an import runs to its end
    // (a signal has stopped it), so a script's output is the same at every run, apart from how far
    // a cancelled import got.
    await untilNoImportRuns()
    await store.settle()
    store.shutDown()
    reader.restoreTerminal()
    if let recorder {
      if input.isInteractive, let tracePath { printer.note("Writing the trace to \(tracePath)…") }
      await recorder.close()
    }
    for listener in signalListeners { SignalHub.shared.remove(listener) }
    await inspector?.close()
    if case .shutdownRequested(let signal) = store.model.ui.lifecycle {
      return Self.exitStatus(after: signal)
    }
    return input.isInteractive || store.model.ui.failures == 0 ? 0 : 1
  }

  /// 128 plus the signal's number, for the signals that end a session.
  static func exitStatus(after signal: String) -> Int32 {
    switch signal {
    case "SIGINT": 128 + SIGINT
    case "SIGTERM": 128 + SIGTERM
    default: 1
    }
  }

  /// Reads lines until the session stops: each one parsed into an intent, or the answer to the
  /// model's question, which the terminal shows in place of the prompt.
  private func readCommands() async {
    var events = reader.events.makeAsyncIterator()
    reading: while true {
      let question = store.model.ui.question
      if let question {
        ask(question.label, isSecret: question.isSecret)
      } else {
        printer.showPrompt()
      }
      guard case .line(let line) = await events.next() else { break reading }
      if let question {
        var answer = question.isSecret ? Answer.password(Password(line)) : Answer.text(line)
        // Typed twice, so that a typo cannot lock the user out of the account it names; one too
        // short is refused at once rather than after a second entry.
        if case .newPassword = question, PasswordPolicy.check(Password(line)) == nil {
          ask("Password again: ", isSecret: true)
          guard case .line(let again) = await events.next() else { break reading }
          if again != line { answer = .passwordsDiffer }
        }
        guard store.model.ui.lifecycle == .running else { break reading }
        typedAhead.answered()
        store.send(AppMessage.answered(answer))
      } else {
        let account = input.isInteractive ? typedAhead.check(line) : nil
        if input.isInteractive && account == nil { reader.history.add(line) }
        guard await send(line, mayBePasswordOf: account) else { break reading }
      }
      // The line's work, but not an import it started (a subscription, which `settle` does not wait
      // for): the prompt comes back while an import runs, so that `import cancel` can be typed.
      await settleUnlessPaused()
      guard store.model.ui.lifecycle == .running else { break reading }
    }
    printer.leavePrompt()
  }

  /// Shows `label` in place of the prompt, for the reader to read the answer after it.
  private func ask(_ label: String, isSecret: Bool) {
    // Echo goes off before the label shows (it stays on while the line editor has the terminal).
    if isSecret { reader.hidesInput() }
    printer.ask(label, isSecret: isSecret)
  }

  /// Parses `line` and sends what it asks for.
  ///
  /// - Parameters:
  ///   - line: The line read at the prompt.
  ///   - account: `login` or `register` when the line may be a password typed ahead for it (see
  ///     ``TypedAheadPassword``): it is refused without being repeated.
  /// - Returns: Whether the session still runs.
  private func send(_ line: String, mayBePasswordOf account: String? = nil) async -> Bool {
    if let pageSize = Self.pageSize(isInteractive: input.isInteractive), pageSize != parser.pageSize {
      parser = InputParser(
        timeZone: parser.timeZone, workingDirectory: parser.workingDirectory, pageSize: pageSize,
        atTerminal: parser.atTerminal)
    }
    let parsed =
      account.map {
        .failure(
          InputParser.Failure(
            command: $0,
            reason: "the line after it is no command and may be a password typed ahead, so it is "
              + "neither shown nor kept; type login or register again and wait for Password:"))
      } ?? checked(parser.parse(line))
    // Each line of a script sees the work of the lines before it done, an import's included, so
    // the output is the same at every run (apart from how far a cancelled import got); only
    // `import cancel` must reach the import meanwhile.
    if !input.isInteractive, !Self.actsOnRunningImport(parsed) {
      await untilNoImportRuns()
      await settleUnlessPaused()
    }
    if case .success(.quit) = parsed { resumeToEnd("quit") }
    guard store.model.ui.lifecycle == .running else { return false }
    let now = Date()
    switch parsed {
    case nil: break
    case .success(let intent): store.send(AppMessage.intent(intent, at: now))
    case .failure(let failure):
      store.send(AppMessage.invalidInput(command: failure.command, reason: failure.reason))
    }
    return true
  }

  /// Suspends until the model holds no running import: it finished, failed, or was stopped (by
  /// `import cancel`, a sign-out, SIGINT or SIGTERM).
  private func untilNoImportRuns() async {
    guard store.model.todos.runningImport != nil else { return }
    let store = store
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let listener = ListenerSlot()
      listener.id = store.addListener(observing: { $0.todos.runningImport == nil }) { ended in
        guard ended, let id = listener.id else { return }
        listener.id = nil
        store.removeListener(id)
        continuation.resume()
      }
    }
  }

  /// `parsed`, or the refusal of an export that must not happen (see ``ExportTarget``): whether a
  /// file exists is a fact of the file system, learnt here at the edge, not in the updater.
  private func checked(
    _ parsed: Result<UserIntent, InputParser.Failure>?
  ) -> Result<UserIntent, InputParser.Failure>? {
    guard case .success(.exportCSV(let path, let replacing)) = parsed,
      let refusal = ExportTarget.refusal(path: path, replacing: replacing, dataFolder: dataFolder)
    else { return parsed }
    return .failure(InputParser.Failure(command: "export", reason: refusal))
  }

  private static func actsOnRunningImport(_ parsed: Result<UserIntent, InputParser.Failure>?) -> Bool {
    if case .success(.cancelImport) = parsed { true } else { false }
  }
}

/// Holds a listener's identifier for the listener itself, which removes itself once done.
@MainActor
private final class ListenerSlot {
  var id: ListenerID?
}

extension AppSession.Input {
  /// Whether a person types at a terminal: a prompt, colours, passwords asked with echo off.
  var isInteractive: Bool {
    if case .standardInput(true) = self { true } else { false }
  }
}

/// The names of the signed-in user's tags, written on the store's actor and read by Tab completion
/// on the line reader's thread.
private final class TagNames: Sendable {
  let names = Mutex<[String]>([])
}
