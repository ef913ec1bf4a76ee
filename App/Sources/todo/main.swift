import ArgumentParser
import Foundation
import Inspector
import Terminal
import TodoApp

/// The terminal to-do app.
@main
struct TodoCLI: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "todo",
    abstract: "A terminal to-do list with accounts, persistence and reminders.",
    discussion: """
      Without a subcommand, runs the app: at a prompt when standard input is a terminal, otherwise \
      reading commands line by line (type `help` at the prompt for the list). Options of the app \
      (--data-dir, --script, --trace, --inspect): todo run --help.

      Exit status: 0; 1 when a command of a script failed; 2 when the app cannot start (its data \
      folder is in use by another todo, or unusable); 64 when the command line is wrong (an \
      unknown option, a script that cannot be read, an empty --data-dir); 130 after SIGINT and 143 \
      after SIGTERM, once the work under way has finished.
      """,
    version: "1.0.0",
    subcommands: [Run.self, Replay.self],
    defaultSubcommand: Run.self
  )
}

/// Runs the app.
struct Run: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Run the app (the default).")

  @Option(name: .long, help: "The data folder (default: $XDG_DATA_HOME/todo or ~/.local/share/todo).")
  var dataDir: String?

  @Option(name: .long, help: "Read commands from this file instead of standard input.")
  var script: String?

  @Option(name: .long, help: "Record the causal trace of the session to this file (JSON Lines).")
  var trace: String?

  @Flag(
    name: .long,
    help:
      "Watch the session in a browser: prints `Inspector: http://127.0.0.1:PORT/?token=…` on standard error.")
  var inspect = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "With --inspect, listen on this address instead of 127.0.0.1 (anyone who reaches it and has the token sees the session).",
      valueName: "address"))
  var inspectHost: String?

  @Option(name: .long, help: "With --inspect, listen on this port (default: any free one).")
  var inspectPort: Int?

  func validate() throws {
    if dataDir?.isEmpty == true {
      throw ValidationError("--data-dir is empty; name a folder, or leave the option out for the default.")
    }
    if !inspect && (inspectHost != nil || inspectPort != nil) {
      throw ValidationError("--inspect-host and --inspect-port go with --inspect.")
    }
  }

  @MainActor
  func run() async throws {
    let folder = DataFolder.resolve(override: dataDir, environment: ProcessInfo.processInfo.environment)
    let input: AppSession.Input
    if let script {
      guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
        throw ValidationError("Cannot read the script \(script).")
      }
      input = .script(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    } else {
      input = .standardInput(interactive: isatty(STDIN_FILENO) == 1)
    }
    do {
      let inspection =
        inspect
        ? InspectorConfiguration(
          host: inspectHost ?? "127.0.0.1", port: inspectPort ?? 0, allowsNonLoopbackHost: inspectHost != nil)
        : nil
      let code = try await AppSession.launch(
        folder: folder, input: input, tracePath: trace, inspection: inspection)
      if code != 0 { throw ExitCode(code) }
    } catch let error as StartupError {
      FileHandle.standardError.write(Data("todo: \(TerminalText.visible(error.description))\n".utf8))
      throw ExitCode(2)
    }
  }
}

/// Replays a recorded trace.
struct Replay: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Replay a trace through the real updaters and report the first divergence.")

  @Argument(help: "The trace file (recorded with --trace).")
  var file: String

  @Option(
    name: .long, help: "Stop after message N (m1 is the first) and print the model there (time travel).")
  var until: UInt64?

  func validate() throws {
    if until == 0 { throw ValidationError("--until counts messages from 1 (m1 is the first message).") }
  }

  @MainActor
  func run() async throws {
    do {
      let report = try ReplayReport.run(path: file, until: until)
      // The report shows titles and names from the trace: made visible, as the app itself shows them.
      print(TerminalText.visible(report.text, keepingLineFeeds: true))
      if !report.succeeded { throw ExitCode(1) }
    } catch let error as ReplayReport.Unreadable {
      FileHandle.standardError.write(Data("todo: \(TerminalText.visible(error.description))\n".utf8))
      throw ExitCode(1)
    }
  }
}
