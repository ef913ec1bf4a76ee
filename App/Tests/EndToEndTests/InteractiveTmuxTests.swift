import Foundation
import Testing

extension EndToEnd {
  /// Drives the app at a real terminal under tmux: the prompt, a due reminder's banner, a clean quit.
  @Suite("End to end: interactive under tmux")
  struct InteractiveTmuxTests {
    private let socket = "todo-e2e-\(UUID().uuidString.prefix(8))"

    private static var tmuxPath: String? {
      ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      }
    }

    /// Runs tmux on a server of its own (its own socket), killed at the end of the test.
    @discardableResult
    private func tmux(_ arguments: String...) async throws -> String {
      try await AppProcess.run(path: Self.tmuxPath!, ["-L", socket] + arguments).standardOutput
    }

    /// Captures the pane until `text` shows; the loop ends as soon as it does (the deadline only turns
    /// a hang into a failure). `capture-pane` drops trailing spaces, so prompts are matched without.
    @discardableResult
    private func waitForPane(
      _ session: String, toShow text: String, times: Int = 1, timeout: TimeInterval = 60
    ) async throws -> String {
      let deadline = Date().addingTimeInterval(timeout)
      var pane = ""
      while Date() < deadline {
        pane = try await tmux("capture-pane", "-p", "-t", session)
        if pane.components(separatedBy: text).count - 1 >= times { return pane }
      }
      Issue.record("The pane never showed \"\(text)\":\n\(pane)")
      return pane
    }

    @Test(
      "type a session, see the prompt, a reminder banner a few seconds later, and quit cleanly",
      .enabled(if: tmuxPath != nil, "tmux is not installed"))
    func interactiveSession() async throws {
      let folder = AppProcess.temporaryFolder()
      let session = "todo-e2e-\(UUID().uuidString.prefix(8))"
      let exitFile = folder.appendingPathComponent("exit-status")
      let channel = "\(session)-exited"
      let command =
        "TZ=UTC \(AppProcess.executable.path) --data-dir \(folder.path); echo $? > \(exitFile.path); "
        + "\(Self.tmuxPath!) -L \(socket) wait-for -S \(channel); sleep 30"
      try await tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "40", command)
      do {
        try await drive(session: session, channel: channel)
      } catch {
        _ = try? await tmux("kill-server")
        throw error
      }
      _ = try? await tmux("kill-server")
      #expect(
        try String(contentsOf: exitFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
          == "0")
    }

    private func drive(session: String, channel: String) async throws {
      try await waitForPane(session, toShow: "todo>")
      try await tmux("send-keys", "-t", session, "register fay", "Enter")
      try await waitForPane(session, toShow: "Password:")
      try await tmux("send-keys", "-t", session, "hidden-passw0rd", "Enter")
      try await waitForPane(session, toShow: "Registered fay.")
      try await tmux("send-keys", "-t", session, "login fay", "Enter")
      try await waitForPane(session, toShow: "Password:", times: 2)
      try await tmux("send-keys", "-t", session, "hidden-passw0rd", "Enter")
      try await waitForPane(session, toShow: "fay>")
      try await tmux("send-keys", "-t", session, "add Stretch", "Enter")
      try await waitForPane(session, toShow: "Added 1. Stretch")
      try await tmux("send-keys", "-t", session, "due 1 in 3s", "Enter")
      let pane = try await waitForPane(session, toShow: "🔔 Reminder")
      #expect(pane.contains("Stretch"))
      #expect(!pane.contains("hidden-passw0rd"), "a password typed at its prompt must not be echoed")
      try await waitForPane(session, toShow: "fay [1 unread]>")
      try await tmux("send-keys", "-t", session, "quit", "Enter")
      // Blocks until the shell in the pane signals that the app has exited.
      try await tmux("wait-for", channel)
    }
  }
}
