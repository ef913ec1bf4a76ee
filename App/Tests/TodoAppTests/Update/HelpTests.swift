import Testing
import TodoAPI

@testable import TodoApp

@Suite("Help")
struct HelpTests {
  /// `lines` as one text, lines and runs of spaces read as one space: what a reader reads, wherever
  /// help breaks its lines.
  private func prose(_ lines: [String]) -> String {
    lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
  }

  // Lines of up to 110 characters wrapped at any window width, mid-word at 80 (issue 59).
  @Test("every line of help fits 80 columns, broken between words, continuations at the second column")
  func fitsEightyColumns() {
    let helps =
      [Help.lines, Help.undoLines, Help.importLines, Help.tagLines]
      + CommandTable.entries.map { Help.lines(of: $0.name) }
    for help in helps {
      for line in help { #expect(line.count <= Help.width, "\(line.count): \(line)") }
    }
    let long =
      "  list [open|done|due]      show the counts and a page of items (list --page N; list --all shows every one);"
    let fitted = Help.fitted([long])
    #expect(
      fitted == [
        "  list [open|done|due]      show the counts and a page of items (list --page N;",
        "                            list --all shows every one);",
      ])
    #expect(prose(fitted) == prose([long]))
    #expect(
      Help.fitted(["  \(String(repeating: "x", count: 90)) y"]) == [
        "  \(String(repeating: "x", count: 90))", "  y",
      ])
  }
  @Test("help names every limit a command enforces: the title's length, rm's range, due's longest duration")
  func namesTheLimits() {
    let help = prose(Help.lines)
    #expect(help.contains("a title holds at most \(TodoTitle.maximumLength) characters"))
    #expect(help.contains("a range holds at most 100,000 items"))
    #expect(InputParser.maximumRange == 100_000)
    #expect(help.contains("at most \(InputParser.longestDurationInDays)d ahead"))
    #expect(
      prose(Help.importLines).contains("at most \(TodoTitle.maximumLength) characters"))
  }

  @Test(
    "help COMMAND shows that command's lines of help (reopen: done's line, which names it), then where to read more"
  )
  func oneCommand() {
    let done = Help.lines(of: "done")
    #expect(done.first?.hasPrefix("  done N / reopen N") == true)
    #expect(done.count == 5)
    #expect(done.last == "help lists every command; help import, help tag and help undo say more.")
    #expect(Help.lines(of: "reopen") == done)
    #expect(Help.lines(of: "rm").first?.hasPrefix("  rm N [N…]") == true)
    #expect(Help.lines(of: "nothing-like-it") == Help.lines)
  }

  @Test("help tag names a tag's characters and limits, and that +1 and C++ stay in a title")
  func tagLimits() {
    let help = prose(Help.tagLines)
    #expect(
      help.contains(
        "At most \(TodoTag.maximumLength) characters after the +, and \(TodoTag.maximumCount) tags"))
    #expect(help.contains("letters, digits, - or _"))
    #expect(help.contains("+1 and C++"))
    #expect(prose(Help.importLines).contains("priority,tags"))
  }

  @Test("help says that numbers keep naming what the list showed until the next list, and what find shows")
  func numbers() {
    let help = prose(Help.lines)
    #expect(help.contains("a number keeps naming the same item until the next list"))
    #expect(help.contains("find shows the list's numbers and changes none"))
  }

  @Test("help login says that wrong passwords lock the name, and that the right one is refused meanwhile")
  func lockout() {
    let help = prose(Help.lines)
    #expect(
      help.contains(
        "Sign-in: 5 wrong passwords within 15 minutes lock the name, and while it is locked even the right "
          + "password is refused."), "\(help)")
  }
}
