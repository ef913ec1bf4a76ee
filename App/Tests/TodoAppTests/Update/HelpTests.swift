import Testing
import TodoAPI

@testable import TodoApp

@Suite("Help")
struct HelpTests {
  @Test("help names every limit a command enforces: the title's length, rm's range, due's longest duration")
  func namesTheLimits() {
    let help = Help.lines.joined(separator: "\n")
    #expect(help.contains("a title holds at most \(TodoTitle.maximumLength) characters"))
    #expect(help.contains("a range holds at most 100,000 items"))
    #expect(InputParser.maximumRange == 100_000)
    #expect(help.contains("at most \(InputParser.longestDurationInDays)d ahead"))
    #expect(
      Help.importLines.joined(separator: "\n").contains("at most \(TodoTitle.maximumLength) characters"))
  }

  @Test(
    "help COMMAND shows that command's lines of help (reopen: done's line, which names it), then where to read more"
  )
  func oneCommand() {
    let done = Help.lines(of: "done")
    #expect(done.first?.hasPrefix("  done N / reopen N") == true)
    #expect(done.count == 3)
    #expect(done.last == "help lists every command; help import, help tag and help undo say more.")
    #expect(Help.lines(of: "reopen") == done)
    #expect(Help.lines(of: "rm").first?.hasPrefix("  rm N [N…]") == true)
    #expect(Help.lines(of: "nothing-like-it") == Help.lines)
  }

  @Test("help tag names a tag's characters and limits, and that +1 and C++ stay in a title")
  func tagLimits() {
    let help = Help.tagLines.joined(separator: "\n")
    #expect(
      help.contains(
        "At most \(TodoTag.maximumLength) characters after the +, and \(TodoTag.maximumCount) tags"))
    #expect(help.contains("letters, digits, - or _"))
    #expect(help.contains("+1 and C++"))
    #expect(Help.importLines.joined(separator: "\n").contains("priority,tags"))
  }

  @Test("help says that numbers keep naming what the list showed until the next list, and what find shows")
  func numbers() {
    let help = Help.lines.joined(separator: "\n")
    #expect(help.contains("a number keeps naming the same item until the next list"))
    #expect(help.contains("find shows the list's numbers and changes none"))
  }

  @Test("help login says that wrong passwords lock the name, and that the right one is refused meanwhile")
  func lockout() {
    let help = Help.lines.joined(separator: "\n")
    #expect(
      help.contains(
        "Sign-in: 5 wrong passwords within 15 minutes lock the name, and while it is locked even the right "
          + "password is refused."), "\(help)")
  }
}
