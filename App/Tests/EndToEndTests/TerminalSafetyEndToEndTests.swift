import Foundation
import Testing

extension EndToEnd {
  @Suite("End to end: what reaches the terminal")
  struct TerminalSafetyEndToEndTests {
    /// Whether `scalar` would act on a terminal instead of showing: C0 but the line feed, DEL, C1,
    /// and the bidirectional overrides, embeddings, isolates and marks.
    private static func actsOnTerminal(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.value {
      case 0x0A: false
      case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
      default: false
      }
    }

    @Test("control and bidi characters in imported titles and typed lines are shown visibly, never sent raw")
    func hostileTitlesAndInput() async throws {
      let folder = AppProcess.temporaryFolder()
      let csv = folder.appendingPathComponent("hostile.csv")
      try Data(
        """
        id,title,done,due,created,updated
        a,\u{1B}]0;PWNED\u{07}Retitled,false,,2026-01-01T00:00:00Z,2026-01-01T00:00:00Z
        b,\u{1B}[2JCleared \u{202E}desrever\u{202C},false,,2026-01-01T00:00:01Z,2026-01-01T00:00:01Z
        c,C1 \u{9B}31mred,false,,2026-01-01T00:00:02Z,2026-01-01T00:00:02Z

        """.utf8
      ).write(to: csv)
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register nia password1\nlogin nia password1\nimport \(csv.path)\nlist\n\u{1B}[A\n"
          + "add typed \u{1B}[31mred\u{7F}\n")
      let output = result.standardOutput
      #expect(!output.unicodeScalars.contains(where: Self.actsOnTerminal), "\(output.debugDescription)")
      #expect(output.contains("1. [ ] ␛]0;PWNED␇Retitled\n"), "\(output)")
      #expect(output.contains("2. [ ] ␛[2JCleared \\u{202E}desrever\\u{202C}\n"), "\(output)")
      #expect(output.contains("3. [ ] C1 \\u{9B}31mred\n"), "\(output)")
      #expect(output.contains("␛[a: unknown command \"␛[a\"; type help for the list\n"), "\(output)")
      #expect(output.contains("Added 4. typed ␛[31mred␡\n"), "\(output)")
    }

    @Test("the database keeps the characters as imported: only the terminal shows them otherwise")
    func storedAsImported() async throws {
      let folder = AppProcess.temporaryFolder()
      let csv = folder.appendingPathComponent("escape.csv")
      try Data(
        "id,title,done,due,created,updated\nz,Bold \u{1B}[1mtitle,false,,2026-01-01T00:00:00Z,2026-01-01T00:00:00Z\n"
          .utf8
      ).write(to: csv)
      let exported = folder.appendingPathComponent("out").appendingPathComponent("back.csv")
      try FileManager.default.createDirectory(
        at: exported.deletingLastPathComponent(), withIntermediateDirectories: true)
      let result = try await AppProcess.run(
        ["--data-dir", folder.appendingPathComponent("data").path],
        input: "register noa password1\nlogin noa password1\nimport \(csv.path)\nexport \(exported.path)\n")
      #expect(result.status == 0, "\(result.standardOutput)")
      let text = try String(contentsOf: exported, encoding: .utf8)
      #expect(text.contains("z,Bold \u{1B}[1mtitle,false,"))
    }
  }
}
