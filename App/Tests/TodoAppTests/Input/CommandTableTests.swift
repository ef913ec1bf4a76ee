import Foundation
import Testing

@testable import TodoApp

@Suite("CommandTable")
struct CommandTableTests {
  @Test("no word runs two commands, and each name and alias finds its own entry, in any case")
  func wordsAreUnique() {
    let words = CommandTable.entries.flatMap { [$0.name] + $0.aliases }
    #expect(Set(words).count == words.count)
    for entry in CommandTable.entries {
      for word in [entry.name] + entry.aliases {
        #expect(CommandTable.entry(for: word.uppercased())?.name == entry.name)
      }
    }
    #expect(CommandTable.entry(for: "nonsense") == nil)
  }

  @Test("an alias parses as its command: ls, remove, priority, search, inbox, ?, exit")
  func aliasesParseAsTheirCommand() {
    let parser = InputParser(timeZone: TimeZone(identifier: "UTC")!, workingDirectory: "/")
    #expect(parser.parse("ls") == parser.parse("list"))
    #expect(parser.parse("remove 2") == parser.parse("rm 2"))
    #expect(parser.parse("priority 1 high") == parser.parse("pri 1 high"))
    #expect(parser.parse("search milk") == parser.parse("find milk"))
    #expect(parser.parse("inbox") == parser.parse("notifications"))
    #expect(parser.parse("? import") == parser.parse("help import"))
    #expect(parser.parse("exit") == parser.parse("quit"))
  }

  // Since help fits 80 columns (issue 59), a command's text is one paragraph, broken to fit.
  @Test("every line of help's command list comes from the table: a usage, then its text")
  func helpReadsTheTable() {
    let listed = Array(Help.lines.dropFirst().prefix { !$0.hasPrefix("Keys:") })
    let commands = listed.filter { !$0.hasPrefix("   ") }
    #expect(commands.count == CommandTable.entries.count { $0.usage != nil })
    let text = listed.joined(separator: " ").split(separator: " ").joined(separator: " ")
    for entry in CommandTable.entries {
      guard let usage = entry.usage else { continue }
      #expect(text.contains(usage + " " + entry.help.joined(separator: " ")), "\(usage)")
    }
    #expect(
      Array(listed.prefix(2)) == [
        "  register NAME             create an account (asks for the password, without",
        "                            showing it)",
      ])
  }
}
