import Foundation
import Testing

extension EndToEnd {
  @Suite("End to end: reminders missed while away")
  struct MissedRemindersEndToEndTests {
    /// Waits until the wall clock passes `date`: the due times these tests set must really pass
    /// while the user is away (it is the behaviour under test, not a wait for the app).
    private static func waitUntilPast(_ date: Date) async throws {
      let remaining = date.timeIntervalSinceNow
      if remaining > 0 { try await Task.sleep(for: .milliseconds(Int(remaining * 1000) + 1)) }
    }

    @Test("a reminder that came due while the user was signed out is announced at the next sign-in")
    func dueWhileSignedOut() async throws {
      let folder = AppProcess.temporaryFolder()
      let ended = try await AppProcess.converse(["--data-dir", folder.path]) { app in
        try await app.send("register ada password1\nlogin ada password1\nadd Pay rent\ndue 1 in 2s\nlogout\n")
        try #require(try await app.read(until: "Signed out."))
        // The due time was set before this line was read: at most two seconds from now.
        try await Self.waitUntilPast(Date().addingTimeInterval(2.2))
        try await app.send("login ada password1\nlist\nnotifications\n")
        // "Notifications (1 unread):" or "No notifications.": the inbox's answer either way.
        try #require(try await app.read(until: "otifications"))
      }
      #expect(ended.status == 0)
      let afterSignIn = try #require(ended.output.split(separator: "Signed out.\n").last)
      #expect(
        afterSignIn.contains("🔔 1 reminder came due while you were away: “Pay rent”."), "\(ended.output)")
      #expect(!ended.output.contains("is due now"), "\(ended.output)")
      #expect(afterSignIn.contains(/1\. \[ \] Pay rent  \(due [0-9: -]+, overdue\)/), "\(ended.output)")
    }

    @Test("a reminder that came due while the app was closed is announced at the next launch's sign-in")
    func dueWhileClosed() async throws {
      let folder = AppProcess.temporaryFolder()
      let first = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register bob password1\nlogin bob password1\nadd Call mum\nadd Water plants\ndue 1 in 2s\n")
      #expect(first.status == 0, "stderr: \(first.standardError)")
      try await Self.waitUntilPast(Date().addingTimeInterval(2.2))
      // The session is restored at launch: that is the sign-in.
      let second = try await AppProcess.run(["--data-dir", folder.path], input: "list\n")
      // The sign-in's two lines, in either order: since issue 56's step R2 the announcement's
      // count is a read of its own, no longer made after the list's (the header's) was.
      let lines = second.standardOutput.split(separator: "\n").map(String.init)
      #expect(lines.first == "Signed in as bob.", "\(second.standardOutput)")
      #expect(
        Set(lines.dropFirst().prefix(2)) == [
          "You have 2 items (2 open, 0 done).", "🔔 1 reminder came due while you were away: “Call mum”.",
        ], "\(second.standardOutput)")
      // Announced once: the launch after that has nothing new to say.
      let third = try await AppProcess.run(["--data-dir", folder.path], input: "list\n")
      #expect(!third.standardOutput.contains("while you were away"), "\(third.standardOutput)")
    }

    @Test("a reminder due at once (due 1 in 0m) is shown, whoever signs in and out before its user returns")
    func dueAtOnceBeforeSignOut() async throws {
      let folder = AppProcess.temporaryFolder()
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: """
          register vvv password1
          register www password1
          login vvv password1
          add a
          add b
          add c
          due 1 in 0m
          notifications
          logout
          login www password1
          notifications
          logout
          login vvv password1
          notifications

          """)
      #expect(result.status == 0, "stderr: \(result.standardError)")
      let last = try #require(result.standardOutput.components(separatedBy: "Signed in as vvv.").last)
      #expect(
        last.contains("“a” is due now") || last.contains("came due while you were away"),
        "\(result.standardOutput)")
    }

    @Test("list and its pages mark open items whose due time has passed as overdue")
    func listMarksOverdue() async throws {
      let folder = AppProcess.temporaryFolder()
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: """
          register cyd password1
          login cyd password1
          add Old news
          due 1 2001-01-01T10:00
          add Next year
          due 2 2035-01-01T10:00
          add Done late
          due 3 2001-01-02T10:00
          done 3
          list
          list --page 1

          """)
      #expect(result.status == 0, "stderr: \(result.standardError)")
      let rows = """
        1. [ ] Old news  (due 2001-01-01 10:00, overdue)
        2. [ ] Next year  (due 2035-01-01 10:00)
        3. [x] Done late  (due 2001-01-02 10:00)

        """
      #expect(
        result.standardOutput.hasSuffix(rows + "You have 3 items (2 open, 1 overdue, 1 done).\n" + rows))
    }

    @Test("a reminder shown while the user watched is not announced again; one missed after it is")
    func shownOnce() async throws {
      let folder = AppProcess.temporaryFolder()
      let ended = try await AppProcess.converse(["--data-dir", folder.path]) { app in
        try await app.send(
          "register dia password1\nlogin dia password1\nadd Stretch\ndue 1 in 1s\nadd Later\ndue 2 in 4s\n")
        try #require(try await app.read(until: "Reminder: “Stretch” is due now."))
        try await app.send("logout\n")
        try #require(try await app.read(until: "Signed out."))
        try await Self.waitUntilPast(Date().addingTimeInterval(4.2))
        try await app.send("login dia password1\nnotifications\n")
        try #require(try await app.read(until: "otifications"))
      }
      let afterSignIn = try #require(ended.output.split(separator: "Signed out.\n").last)
      #expect(afterSignIn.contains("🔔 1 reminder came due while you were away: “Later”."), "\(ended.output)")
      #expect(!afterSignIn.contains("“Stretch”, "), "\(ended.output)")
      // The inbox the user left is given back with the news.
      #expect(afterSignIn.contains(/1\. ● [0-9: -]+  1 reminder came due while you were away: “Later”\./))
      #expect(afterSignIn.contains(/2\. ● [0-9: -]+  Reminder: “Stretch” is due now\./), "\(ended.output)")
      let next = try await AppProcess.run(["--data-dir", folder.path], input: "login dia password1\nlist\n")
      #expect(!next.standardOutput.contains("while you were away"), "\(next.standardOutput)")
    }
  }
}
