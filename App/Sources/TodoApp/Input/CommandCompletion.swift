import Foundation
import Terminal

/// What Tab completes at the prompt: a command's name, a topic after `help`, a file's path after
/// `import` and `export` (and `export --force`), and the signed-in user's tags after `add`, `tag`,
/// `untag` and `list` (`+ho` to `+home`, and `-wo` to `-work` after `list`).
///
/// A pure function of the text before the cursor and the files on disk; the line editor
/// (``LineEditor``) decides what to do with the candidates (complete, or list them on a second Tab).
struct CommandCompletion: Sendable {
  /// The commands' names, in order (aliases left out: one name per command).
  static let commands = CommandTable.entries.map(\.name).sorted()

  /// The topics `help` has a page for (`help import`, `help tag`, `help undo`).
  static let helpTopics = CommandTable.helpTopics

  /// The folder relative paths are read from: the one the parser resolves them against.
  let workingDirectory: String
  /// The names of the signed-in user's tags, sorted; read at each Tab, from any thread.
  var tagNames: @Sendable () -> [String] = { [] }

  /// The completion of the word before the cursor.
  ///
  /// - Parameter before: The line's text before the cursor.
  /// - Returns: What may replace the end of `before`; ``Completion/none`` where nothing completes
  ///   (a title, a number).
  func complete(_ before: String) -> Completion {
    let startsWord = before.last?.isWhitespace ?? true
    let words = before.split(whereSeparator: \.isWhitespace).map(String.init)
    let current = startsWord ? "" : (words.last ?? "")
    let earlier = startsWord ? words : Array(words.dropLast())
    guard let first = earlier.first else { return Self.matching(current, in: Self.commands) }
    let command = CommandTable.entry(for: first)?.name ?? ""
    // A +tag (and, after list, a -tag) completes from the user's own tags.
    if current.hasPrefix("+") && ["add", "tag", "untag", "list"].contains(command)
      || current.hasPrefix("-") && !current.hasPrefix("--") && command == "list"
    {
      return Self.matching(current, in: tagNames().map { current.prefix(1) + $0 })
    }
    // The words after a command complete by what the command takes: a topic, a path.
    switch command {
    case "help" where earlier.count == 1:
      return Self.matching(current, in: Self.helpTopics)
    case "import", "export":
      // The path is the rest of the line (it may hold spaces), after `--force` for export.
      var rest = Substring(before).drop { !$0.isWhitespace }.drop(while: \.isWhitespace)
      if earlier[0].lowercased() == "export", rest.hasPrefix("--force"),
        rest.dropFirst(7).first?.isWhitespace == true
      {
        rest = rest.dropFirst(7).drop(while: \.isWhitespace)
      } else if earlier[0].lowercased() == "export", "--force".hasPrefix(rest), !rest.isEmpty {
        return Self.matching(String(rest), in: ["--force"])
      }
      if earlier[0].lowercased() == "import", !rest.isEmpty, "cancel".hasPrefix(rest) {
        let paths = paths(startingWith: String(rest))
        return Completion(length: rest.count, candidates: (["cancel"] + paths.candidates).sorted())
      }
      return paths(startingWith: String(rest))
    default:
      return .none
    }
  }

  /// The words of `list` that start with `prefix`, to replace it.
  private static func matching(_ prefix: String, in list: [String]) -> Completion {
    let lowered = prefix.lowercased()
    return Completion(length: prefix.count, candidates: list.filter { $0.hasPrefix(lowered) }.sorted())
  }

  /// The files and folders whose path starts with `typed` (a folder's with `/` after it), as typed:
  /// relative to the working directory, absolute, or from `~/`. Hidden files are offered only when
  /// the name typed starts with a dot.
  private func paths(startingWith typed: String) -> Completion {
    let slash = typed.lastIndex(of: "/")
    let folderTyped = slash.map { String(typed[...$0]) } ?? ""
    let name = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
    let folder: String
    if folderTyped.hasPrefix("~/") {
      folder = NSHomeDirectory() + folderTyped.dropFirst(1)
    } else if folderTyped.hasPrefix("/") {
      folder = folderTyped
    } else {
      folder = workingDirectory + "/" + folderTyped
    }
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return .none }
    let candidates = entries.filter { $0.hasPrefix(name) && (name.hasPrefix(".") || !$0.hasPrefix(".")) }
      .map { entry -> String in
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: folder + "/" + entry, isDirectory: &isFolder)
        return folderTyped + entry + (exists && isFolder.boolValue ? "/" : "")
      }
    return Completion(length: typed.count, candidates: candidates.sorted())
  }
}
