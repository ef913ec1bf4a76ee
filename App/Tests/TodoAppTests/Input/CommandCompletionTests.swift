import Foundation
import Terminal
import Testing

@testable import TodoApp

@Suite("CommandCompletion")
struct CommandCompletionTests {
  /// A folder holding `files` (a name ending in `/` is a folder), removed after the test.
  private final class Folder {
    let path: String
    init(_ files: [String]) throws {
      path = NSTemporaryDirectory() + "completion-" + UUID().uuidString
      for file in files {
        let url = URL(fileURLWithPath: path + "/" + file)
        if file.hasSuffix("/") {
          try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } else {
          try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
          try Data("id,title\n".utf8).write(to: url)
        }
      }
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  @Test("the first word completes to the commands it starts; an empty line offers them all")
  func commands() {
    let completion = CommandCompletion(workingDirectory: "/")
    #expect(completion.complete("lo") == Completion(length: 2, candidates: ["login", "logout"]))
    #expect(completion.complete("  IMP") == Completion(length: 3, candidates: ["import"]))
    #expect(completion.complete("").candidates == CommandCompletion.commands)
    #expect(completion.complete("zz") == Completion(length: 2, candidates: []))
  }

  @Test(
    "after add, tag, untag and list a word starting with + completes to the user's tags; after list, - too")
  func tags() {
    var completion = CommandCompletion(workingDirectory: "/")
    completion.tagNames = { ["errand", "home", "homework"] }
    #expect(completion.complete("add milk +Ho") == Completion(length: 3, candidates: ["+home", "+homework"]))
    #expect(completion.complete("tag 3 +e") == Completion(length: 2, candidates: ["+errand"]))
    #expect(completion.complete("untag 3 +").candidates == ["+errand", "+home", "+homework"])
    #expect(
      completion.complete("list open -ho") == Completion(length: 3, candidates: ["-home", "-homework"]))
    #expect(completion.complete("ls +err") == Completion(length: 4, candidates: ["+errand"]))
    #expect(completion.complete("tag 3 -ho") == .none)
    #expect(completion.complete("list --a") == .none)
    #expect(completion.complete("rename 3 +ho") == .none)
  }

  @Test("every command help lists is offered, and every command offered parses as a command")
  func commandsMatchHelpAndParser() {
    let parser = InputParser(timeZone: TimeZone(identifier: "UTC")!, workingDirectory: "/")
    for command in CommandCompletion.commands {
      if case .failure(let failure) = parser.parse(command) {
        #expect(!failure.reason.hasPrefix("unknown command"), "\(command): \(failure.reason)")
      }
      // The commands are the first column of help's lines: `  done N / reopen N   mark item N …`.
      let listed = Help.lines.contains { line in
        line.hasPrefix("  ") && line.prefix(28).split(separator: " ").contains(Substring(command))
      }
      #expect(listed, "help does not list \(command)")
    }
    // And every command of help's first column is offered: `  pri N …`, `  done N / reopen N …`.
    let commandLines = Help.lines.prefix { !$0.hasPrefix("Keys:") }.filter {
      $0.hasPrefix("  ") && !$0.hasPrefix("   ")
    }
    for line in commandLines {
      let first = String(line.dropFirst(2).prefix { $0 != " " })
      #expect(CommandCompletion.commands.contains(first), "help lists \(first), which Tab does not offer")
    }
  }

  @Test("after help, the topics; after a title or a number, nothing")
  func topicsAndNothingElse() {
    let completion = CommandCompletion(workingDirectory: "/")
    #expect(completion.complete("help im") == Completion(length: 2, candidates: ["import"]))
    #expect(completion.complete("help ").candidates == CommandCompletion.helpTopics)
    #expect(completion.complete("add imp") == .none)
    #expect(completion.complete("done 3") == .none)
  }

  @Test("after import and export, the files whose path starts with what is typed; folders end in /")
  func paths() throws {
    let folder = try Folder([
      "todos.csv", "today.csv", "tools/", "tools/old.csv", ".hidden.csv", "my list.csv",
    ])
    let completion = CommandCompletion(workingDirectory: folder.path)
    #expect(
      completion.complete("import to")
        == Completion(length: 2, candidates: ["today.csv", "todos.csv", "tools/"]))
    #expect(completion.complete("import tools/") == Completion(length: 6, candidates: ["tools/old.csv"]))
    #expect(completion.complete("export --force my l") == Completion(length: 4, candidates: ["my list.csv"]))
    #expect(completion.complete("export --f") == Completion(length: 3, candidates: ["--force"]))
    #expect(completion.complete("import .h") == Completion(length: 2, candidates: [".hidden.csv"]))
    #expect(!completion.complete("import ").candidates.contains(".hidden.csv"), "hidden only when asked")
    #expect(
      completion.complete("import \(folder.path)/too")
        == Completion(length: folder.path.count + 4, candidates: ["\(folder.path)/tools/"]))
    #expect(completion.complete("import missing/x") == .none)
  }

  @Test("import also offers cancel")
  func importCancel() throws {
    let folder = try Folder(["cancelled.csv"])
    let completion = CommandCompletion(workingDirectory: folder.path)
    #expect(
      completion.complete("import can") == Completion(length: 3, candidates: ["cancel", "cancelled.csv"]))
  }
}
