import Foundation
import Testing

/// The app running in a tmux pane of its own tmux server, for interactive end-to-end tests.
///
/// The pane runs the app and, once it exits, prints ``exitMarker`` and the exit status, saves the
/// status and `stty -a` (the terminal's settings as the app left them) to files, and signals a tmux
/// channel that ``waitForExit()`` waits on.
struct TmuxPane {
  /// Printed in the pane when the app has exited, followed by its status.
  static let exitMarker = "APP-EXITED"

  /// The tmux executable: on the `PATH`, or in a usual place.
  static let tmuxPath: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders =
      path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
    return folders.map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// Whether the tests run on CI, where tmux must be there.
  static var isCI: Bool {
    let value = ProcessInfo.processInfo.environment["CI"] ?? ""
    return !value.isEmpty && value.lowercased() != "false" && value != "0"
  }

  let tmux: String
  let socket: String
  let session: String
  let channel: String
  let folder: URL

  /// Starts the app in a new 120×40 pane on the data folder `folder`, with more `arguments`.
  static func launch(
    folder: URL = AppProcess.temporaryFolder(), arguments: [String] = []
  ) async throws
    -> TmuxPane
  {
    let tmux = try #require(
      tmuxPath, "tmux is required when CI is set: install it (apt-get install tmux) or unset CI to skip")
    let name = "todo-e2e-\(UUID().uuidString.prefix(8))"
    let pane = TmuxPane(tmux: tmux, socket: name, session: name, channel: "\(name)-exited", folder: folder)
    let command =
      "TZ=UTC \(([AppProcess.executable.path, "--data-dir", folder.path] + arguments).joined(separator: " ")); "
      + "status=$?; "
      + "echo \"\(exitMarker) $status\"; echo $status > \(pane.exitFile.path); stty -a > \(pane.settingsFile.path); "
      + "\(tmux) -L \(name) wait-for -S \(pane.channel); sleep 30"
    try await pane.run("new-session", "-d", "-s", name, "-x", "120", "-y", "40", command)
    return pane
  }

  private var exitFile: URL { folder.appendingPathComponent("exit-status") }
  private var settingsFile: URL { folder.appendingPathComponent("stty") }

  /// Runs tmux on this pane's server.
  @discardableResult
  func run(_ arguments: String...) async throws -> String {
    try await AppProcess.run(path: tmux, ["-L", socket] + arguments).standardOutput
  }

  /// Sends keys (tmux key names such as `Enter` or `C-c`, or literal text).
  func send(_ keys: String...) async throws {
    _ = try await AppProcess.run(path: tmux, ["-L", socket, "send-keys", "-t", session] + keys)
  }

  /// Types `line` and presses return.
  /// Pastes `text` as a terminal does: bracketed (`ESC [ 200 ~` … `ESC [ 201 ~`) when the app
  /// asked for bracketed pastes.
  func paste(_ text: String) async throws {
    try await run("set-buffer", "--", text)
    try await run("paste-buffer", "-p", "-t", session)
  }

  func type(_ line: String) async throws {
    try await send(line, "Enter")
  }

  /// The visible pane, as text.
  func capture() async throws -> String {
    try await run("capture-pane", "-p", "-t", session)
  }

  /// Captures the pane until `text` shows `times` times, pausing briefly between captures; the
  /// deadline only turns a hang into a failure. `capture-pane` drops trailing spaces, so prompts are
  /// matched without.
  @discardableResult
  func waitFor(
    _ text: String, times: Int = 1, timeout: TimeInterval = 60,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    try await waitUntil("\"\(text)\"", timeout: timeout, sourceLocation: sourceLocation) { screen in
      screen.components(separatedBy: text).count - 1 >= times
    }
  }

  /// Captures the pane until `shows` holds for the screen, as ``waitFor(_:times:timeout:sourceLocation:)``
  /// does for a text: for what the app draws in more than one write (a prompt, then the line).
  ///
  /// - Parameter description: What is awaited, for the failure.
  @discardableResult
  func waitUntil(
    _ description: String, timeout: TimeInterval = 60, sourceLocation: SourceLocation = #_sourceLocation,
    _ shows: (String) -> Bool
  ) async throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while Date() < deadline {
      screen = try await capture()
      if shows(screen) { return screen }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("The pane never showed \(description):\n\(screen)", sourceLocation: sourceLocation)
    return screen
  }

  /// Waits until the app has exited (tmux's channel blocks until the pane signals it).
  ///
  /// - Returns: Its exit status, as the shell printed it.
  func waitForExit() async throws -> String {
    try await run("wait-for", channel)
    return try String(contentsOf: exitFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// `stty -a` as run in the pane after the app exited.
  func terminalSettings() throws -> String {
    try String(contentsOf: settingsFile, encoding: .utf8)
  }

  /// Kills this pane's tmux server.
  func close() async {
    _ = try? await AppProcess.run(path: tmux, ["-L", socket, "kill-server"])
  }

  /// Starts the app in a pane (``launch(folder:arguments:)``), runs `body`, and kills the pane's tmux server
  /// however `body` ends.
  static func with(
    folder: URL = AppProcess.temporaryFolder(), arguments: [String] = [],
    _ body: (TmuxPane) async throws -> Void
  ) async throws {
    let pane = try await launch(folder: folder, arguments: arguments)
    do {
      try await body(pane)
    } catch {
      await pane.close()
      throw error
    }
    await pane.close()
  }
}
