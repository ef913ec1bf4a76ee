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
}
