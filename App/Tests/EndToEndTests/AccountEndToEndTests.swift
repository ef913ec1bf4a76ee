import Foundation
import Testing

extension EndToEnd {
  @Suite("End to end: accounts")
  struct AccountEndToEndTests {
    @Test("register while signed in is refused: the user stays signed in, in the app and on disk")
    func registerWhileSignedIn() async throws {
      let folder = AppProcess.temporaryFolder()
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input:
          "register ada password1\nlogin ada password1\nregister bob password2\nregister x y\nadd Still ada\n"
      )
      #expect(result.status == 1)
      #expect(
        result.standardOutput.hasSuffix(
          """
          Signed in as ada.
          Your list is empty.
          Already signed in as ada; log out first to register another account.
          Already signed in as ada; log out first to register another account.
          Added 1. Still ada

          """), "\(result.standardOutput)")
      let second = try await AppProcess.run(["--data-dir", folder.path], input: "logout\nlist\n")
      #expect(
        second.standardOutput == "Signed in as ada.\nYou have 1 item (1 open, 0 done).\nSigned out.\n"
          + signInFirst)
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("session").path))
      let third = try await AppProcess.run(["--data-dir", folder.path], input: "list\n")
      #expect(third.standardOutput == signInFirst, "signed out on disk too")
    }

    @Test(
      "a script that signs in runs again: login as the user the launch restored succeeds, another is refused")
    func scriptSignsInTwice() async throws {
      let folder = AppProcess.temporaryFolder()
      let script = "login dave password1\nadd Milk\n"
      let first = try await AppProcess.run(
        ["--data-dir", folder.path], input: "register dave password1\nregister erin password2\n" + script)
      #expect(first.status == 0, "\(first.standardOutput)")
      let second = try await AppProcess.run(["--data-dir", folder.path], input: script)
      #expect(second.status == 0, "\(second.standardOutput)")
      #expect(
        second.standardOutput.hasSuffix(
          "Signed in as dave.\nYou have 1 item (1 open, 0 done).\nAdded 2. Milk\n"),
        "\(second.standardOutput)")
      let wrong = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "login dave wrong-password\nlogin erin password2\nlist\n")
      #expect(wrong.status == 1)
      #expect(
        wrong.standardOutput.hasSuffix(
          """
          Sign-in failed: Wrong user name or password.
          Already signed in as dave; log out first.
          1. [ ] Milk
          2. [ ] Milk

          """), "\(wrong.standardOutput)")
    }

    private var signInFirst: String { "Sign in first (login NAME, or register NAME).\n" }

    @Test("help teaches the hidden password prompt, not the password on the line")
    func helpTeachesThePrompt() async throws {
      let result = try await AppProcess.run(
        ["--data-dir", AppProcess.temporaryFolder().path], input: "help\n")
      let lines = result.standardOutput.split(separator: "\n")
      #expect(lines.contains { $0.hasPrefix("  login NAME ") && $0.contains("asks for the password") })
      #expect(lines.contains { $0.hasPrefix("  register NAME ") && $0.contains("asks for the password") })
      #expect(!lines.contains { $0.contains("login NAME PASSWORD") && !$0.contains("scripts") })
    }
  }
}
