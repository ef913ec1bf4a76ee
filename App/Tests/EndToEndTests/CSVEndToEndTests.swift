import Foundation
import Subprocess
import Testing

extension EndToEnd {
  @Suite("End to end: CSV files and typed lines")
  struct CSVEndToEndTests {
    private static let header = "id,title,done,due,created,updated"

    @Test("a byte-order mark before a quoted header is accepted")
    func byteOrderMarkBeforeQuotedHeader() async throws {
      let folder = AppProcess.temporaryFolder()
      let csv = folder.appendingPathComponent("bom.csv")
      try Data(
        ("\u{FEFF}\"id\",\"title\",\"done\",\"due\",\"created\",\"updated\"\r\n"
          + "\"\",\"From a spreadsheet\",\"false\",\"\",\"\",\"\"\r\n").utf8
      ).write(to: csv)
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register wes password1\nlogin wes password1\nimport \(csv.path)\nlist\n")
      #expect(result.status == 0, "\(result.standardOutput)")
      #expect(result.standardOutput.contains("Imported 1 row from \(csv.path).\n"))
      #expect(result.standardOutput.hasSuffix("\n1. [ ] From a spreadsheet\n"))
    }

    @Test(
      "two rows with one id in a file: the report says the second replaced the first, and the list has one")
    func sameIDTwiceInAFile() async throws {
      let folder = AppProcess.temporaryFolder()
      let csv = folder.appendingPathComponent("twice.csv")
      try "\(Self.header)\nx1,First,false,,,\nx1,Second,false,,,\n".write(
        to: csv, atomically: true, encoding: .utf8)
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register zed password1\nlogin zed password1\nimport \(csv.path)\nlist\n")
      #expect(result.status == 0, "\(result.standardOutput)")
      #expect(
        result.standardOutput.hasSuffix(
          "Imported 2 rows from \(csv.path): 1 new item, 1 replacing the item with its id "
            + "(in the list, or a row earlier in the file).\nYou have 1 item (1 open, 0 done).\n1. [ ] Second\n"
        ),
        "\(result.standardOutput)")
    }

    @Test("in a script, the same unchanged file imported twice is refused unless --again says so")
    func sameFileTwiceInAScript() async throws {
      let folder = AppProcess.temporaryFolder()
      let csv = folder.appendingPathComponent("once.csv")
      try "\(Self.header)\n,One,false,,,\n,Two,false,,,\n".write(to: csv, atomically: true, encoding: .utf8)
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register ula password1\nlogin ula password1\nimport \(csv.path)\nimport \(csv.path)\nlist\n")
      #expect(result.status == 1, "\(result.standardOutput)")
      #expect(result.standardOutput.contains("\(csv.path) was imported already"), "\(result.standardOutput)")
      #expect(result.standardOutput.hasSuffix("\n1. [ ] One\n2. [ ] Two\n"), "\(result.standardOutput)")
      let again = try await AppProcess.run(
        ["--data-dir", folder.path], input: "import --again \(csv.path)\nlist open\n")
      #expect(again.status == 0, "\(again.standardOutput)")
      #expect(again.standardOutput.hasSuffix("\n3. [ ] One\n4. [ ] Two\n"), "\(again.standardOutput)")
    }

    @Test("a time without a zone means local time, in a CSV file as at the prompt")
    func timeWithoutZoneIsLocal() async throws {
      let folder = AppProcess.temporaryFolder()
      let csv = folder.appendingPathComponent("local.csv")
      try "\(Self.header)\n,From the file,false,2030-01-02T09:00:00,,\n".write(
        to: csv, atomically: true, encoding: .utf8)
      let exported = AppProcess.temporaryFolder().appendingPathComponent("out.csv")
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register xia password1\nlogin xia password1\nimport \(csv.path)\nadd Typed\n"
          + "due 2 2030-01-02T09:00\nlist due\nexport \(exported.path)\n",
        variables: ["TZ": "Asia/Tokyo"])
      #expect(result.status == 0, "\(result.standardOutput)")
      #expect(
        result.standardOutput.contains(
          "1. [ ] From the file  (due 2030-01-02 09:00)\n2. [ ] Typed  (due 2030-01-02 09:00)\n"),
        "\(result.standardOutput)")
      let lines = try String(contentsOf: exported, encoding: .utf8).split(separator: "\n")
      #expect(lines.dropFirst().allSatisfy { $0.contains(",2030-01-02T00:00:00Z,") }, "\(lines)")
    }

    @Test("a due time more than 3650 days after the import is a malformed row, reported with its line")
    func dueTooFarAhead() async throws {
      let folder = AppProcess.temporaryFolder()
      let csv = folder.appendingPathComponent("far.csv")
      try "\(Self.header)\n,Soon,false,2030-01-02T09:00:00Z,,\n,Never,false,9999-12-31T00:00:00Z,,\n".write(
        to: csv, atomically: true, encoding: .utf8)
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register zoe password1\nlogin zoe password1\nimport \(csv.path)\nlist\n")
      #expect(
        result.standardOutput.contains(
          "line 3: due is \"9999-12-31T00:00:00Z\"; at most 3650 days (about ten years) ahead, as at the prompt"
        ),
        "\(result.standardOutput)")
      #expect(
        result.standardOutput.hasSuffix("1. [ ] Soon  (due 2030-01-02 09:00)\n"), "\(result.standardOutput)")
    }

    @Test("a script whose import stores no row, every row malformed, exits 1; one that stores some exits 0")
    func everyRowMalformed() async throws {
      let folder = AppProcess.temporaryFolder()
      let bad = folder.appendingPathComponent("bad.csv")
      try "\(Self.header)\n,One,maybe,,,\n,Two,perhaps,,,\n".write(to: bad, atomically: true, encoding: .utf8)
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register una password1\nlogin una password1\nimport \(bad.path)\n")
      #expect(result.status == 1, "\(result.standardOutput)")
      #expect(
        result.standardOutput.contains("Every row was malformed: skipped 2 rows:"), "\(result.standardOutput)"
      )
      let mixed = folder.appendingPathComponent("mixed.csv")
      try "\(Self.header)\n,One,false,,,\n,Two,perhaps,,,\n".write(
        to: mixed, atomically: true, encoding: .utf8)
      let again = try await AppProcess.run(
        ["--data-dir", folder.path], input: "login una password1\nimport \(mixed.path)\n")
      #expect(again.status == 0, "\(again.standardOutput)")
      #expect(again.standardOutput.contains("Skipped 1 malformed row:"), "\(again.standardOutput)")
    }

    @Test("a NUL inside a typed line is refused with a message, not cut off")
    func nulInALine() async throws {
      let folder = AppProcess.temporaryFolder()
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input: "register yul password1\nlogin yul password1\nadd before\u{0}after\nlist\n")
      #expect(result.status == 1)
      #expect(
        result.standardOutput.hasSuffix(
          "add: the line holds a NUL character (␀), which no title or name may hold; type it again without it.\n"
            + "No items.\n"), "\(result.standardOutput)")
    }

    @Test("the example file in docs/examples imports cleanly, and help import points to it")
    func exampleFile() async throws {
      var root = URL(fileURLWithPath: #filePath)
      while root.lastPathComponent != "App" { root.deleteLastPathComponent() }
      let example = root.deletingLastPathComponent().appendingPathComponent("docs/examples/todos.csv")
      let folder = AppProcess.temporaryFolder()
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input:
          "help import\nregister zed password1\nlogin zed password1\nimport \(example.path)\nlist +home\n")
      #expect(result.status == 0, "\(result.standardOutput)")
      #expect(result.standardOutput.contains("docs/examples/todos.csv"))
      #expect(result.standardOutput.contains(Self.header))
      #expect(result.standardOutput.firstMatch(of: /Imported 6 rows from/) != nil)
      #expect(!result.standardOutput.contains("Skipped"))
      // Its priority and tags columns are read: list +home shows the two items tagged +home.
      #expect(result.standardOutput.contains("Buy milk +errand +home"), "\(result.standardOutput)")
      #expect(result.standardOutput.contains("Water the plants +home"), "\(result.standardOutput)")
      #expect(!result.standardOutput.contains("Dentist appointment"), "\(result.standardOutput)")
    }

    @Test("a title with a line break, as in the example file, is one line: in the list, and in the export")
    func lineBreakInATitle() async throws {
      var root = URL(fileURLWithPath: #filePath)
      while root.lastPathComponent != "App" { root.deleteLastPathComponent() }
      let example = root.deletingLastPathComponent().appendingPathComponent("docs/examples/todos.csv")
      #expect(
        try String(contentsOf: example, encoding: .utf8).contains("\"Pack for the trip:\npassport, charger\"")
      )
      let folder = AppProcess.temporaryFolder()
      let exported = AppProcess.temporaryFolder().appendingPathComponent("out.csv")
      let result = try await AppProcess.run(
        ["--data-dir", folder.path],
        input:
          "register ida password1\nlogin ida password1\nimport \(example.path)\nlist\nexport \(exported.path)\n"
          + "help import\n")
      #expect(
        result.standardOutput.contains("5. [ ] Pack for the trip: passport, charger\n"),
        "\(result.standardOutput)")
      // Help is broken to fit 80 columns: read as prose, whatever the line breaks.
      let prose = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(prose.contains("a line break, which becomes a space: a title is one line"))
      let lines = try String(contentsOf: exported, encoding: .utf8).components(separatedBy: "\r\n")
      #expect(
        lines.contains {
          $0.contains(",\"Pack for the trip: passport, charger\",")
        }, "\(lines)")
    }
  }
}
