import AuthenticationAPI
import Core
import Foundation
import TodoAPI

// How each command reads its line; ``CommandTable`` says which word runs which.
extension InputParser {
  /// `help [import|tag|undo|COMMAND]` (`help tags`, `help untag` and `help add` show the tags' page
  /// too); a word that is neither a topic nor a command is refused, naming the topics.
  func parseHelp(_ line: InputLine) -> Result<UserIntent, Failure> {
    let topic = line.arguments.map { $0.lowercased() }
    switch topic {
    case []: return .success(.help)
    case ["import"]: return .success(.importHelp)
    case ["undo"]: return .success(.undoHelp)
    case ["tag"], ["tags"], ["untag"], ["add"]: return .success(.tagHelp)
    default:
      if topic.count == 1, let entry = CommandTable.entry(for: topic[0]) {
        return .success(.commandHelp(entry.name))
      }
      return line.fail(
        "there is no help on \"\(line.arguments.joined(separator: " "))\": help lists every command; "
          + "help import, help tag, help undo or help COMMAND say more")
    }
  }

  /// `register NAME [PASSWORD]` and `login NAME [PASSWORD]`: at a terminal the password is asked for.
  func parseAccount(_ line: InputLine) -> Result<UserIntent, Failure> {
    let arguments = line.arguments
    let password: Password?
    switch arguments.count {
    case 1 where atTerminal: password = nil
    case 2: password = Password(arguments[1])
    default:
      return line.fail(
        atTerminal
          ? "usage: \(line.command) NAME (the password is asked for)" : "usage: \(line.command) NAME PASSWORD"
      )
    }
    let shown = password != nil && atTerminal
    return .success(
      line.command == "register"
        ? .register(username: arguments[0], password: password, shown: shown)
        : .login(username: arguments[0], password: password, shown: shown))
  }

  /// `logout`.
  func parseLogout(_ line: InputLine) -> Result<UserIntent, Failure> {
    line.arguments.isEmpty ? .success(.logout) : line.fail("usage: logout")
  }

  /// `add TITLE`: the title is the rest of the line as typed.
  func parseAdd(_ line: InputLine) -> Result<UserIntent, Failure> {
    guard !line.rest.isEmpty else { return line.fail("usage: add TITLE") }
    return .success(.add(title: String(line.rest)))
  }

  /// `done N [N…]` and `reopen N [N…]` (numbers or ranges, as `rm` takes them); `undo N`, the old
  /// spelling of `reopen N`, with a notice.
  func parseSetDone(_ line: InputLine) -> Result<UserIntent, Failure> {
    let arguments = line.arguments
    if line.command != "undo",
      arguments.count > 1 || arguments.first.map({ $0.contains("-") || $0.contains(",") }) == true
    {
      guard let positions = Self.positions(in: arguments) else {
        return line.fail("usage: \(line.command) N [N…] (numbers or ranges, as in \(line.command) 2 5-9)")
      }
      return .success(
        positions.count == 1
          ? .setDone(position: positions[0], line.command == "done")
          : .setDoneItems(positions: positions, line.command == "done"))
    }
    guard arguments.count == 1, let position = Int(arguments[0]), position > 0 else {
      return line.fail(
        line.command == "undo"
          ? "usage: undo (reverts your last change); reopen N marks item N not done"
          : "usage: \(line.command) N [N…] (the items' numbers in the list)")
    }
    let intent = UserIntent.setDone(position: position, line.command == "done")
    guard line.command == "undo" else { return .success(intent) }
    return .success(
      .retiredSpelling(intent, notice: "`undo N` is now `reopen N`; `undo` alone reverts your last change."))
  }

  /// `undo [--yes]`: revert the last change; `undo N` is the old `reopen N` (``parseSetDone(_:)``).
  func parseUndo(_ line: InputLine) -> Result<UserIntent, Failure> {
    line.arguments.allSatisfy({ $0.lowercased() == "--yes" })
      ? .success(confirmed(line.arguments) ? .undo : .undoAskingFirst) : parseSetDone(line)
  }

  /// `info N`.
  func parseInfo(_ line: InputLine) -> Result<UserIntent, Failure> {
    let arguments = line.arguments
    guard arguments.count == 1, let position = Int(arguments[0]), position > 0 else {
      return line.fail("usage: info N")
    }
    return .success(.info(position: position))
  }

  /// `rename N TITLE`.
  func parseRename(_ line: InputLine) -> Result<UserIntent, Failure> {
    let arguments = line.arguments
    guard arguments.count >= 2, let position = Int(arguments[0]), position > 0 else {
      return line.fail("usage: rename N NEW TITLE")
    }
    return .success(.rename(position: position, title: String(line.rest.droppingFirstWord())))
  }

  /// `rm N [N…] [--yes]`: numbers and ranges.
  func parseRemove(_ line: InputLine) -> Result<UserIntent, Failure> {
    let numbers = line.arguments.filter { $0.lowercased() != "--yes" }
    if let range = Self.listed(numbers).first(where: Self.isRangeTooLong) {
      let count = range.split(separator: "-").compactMap { Int($0) }.reduce(1) { $1 - $0 + 1 }
      return line.fail(
        "a range holds at most \(Listing.grouped(Self.maximumRange)) items; \(range) holds \(Listing.grouped(count))"
      )
    }
    guard !numbers.isEmpty, let positions = Self.positions(in: numbers) else {
      return line.fail("usage: rm N [N…] (numbers or ranges, as in rm 2 5-9)")
    }
    return .success(
      positions.count == 1
        ? .remove(position: positions[0])
        : .removeItems(positions: positions, confirmed: confirmed(line.arguments)))
  }

  /// `clear-done [--yes]`.
  func parseClearDone(_ line: InputLine) -> Result<UserIntent, Failure> {
    line.arguments.allSatisfy({ $0.lowercased() == "--yes" })
      ? .success(.clearDone(confirmed: confirmed(line.arguments))) : line.fail("usage: clear-done [--yes]")
  }

  /// `import FILE.csv` or `import cancel`.
  func parseImport(_ line: InputLine) -> Result<UserIntent, Failure> {
    if line.arguments == ["cancel"] { return .success(.cancelImport) }
    let again = line.arguments.first == "--again"
    let file = again ? line.path.droppingFirstWord() : line.path
    guard !file.isEmpty else { return line.fail("usage: import [--again] FILE.csv (or: import cancel)") }
    return line.unquoted(file).map { .importCSV(path: absolute($0), again: again, asks: atTerminal) }
  }

  /// `export [--force] FILE.csv`.
  func parseExport(_ line: InputLine) -> Result<UserIntent, Failure> {
    let replacing = line.arguments.first == "--force"
    let file = replacing ? line.path.droppingFirstWord() : line.path
    guard !file.isEmpty else { return line.fail("usage: export [--force] FILE.csv") }
    return line.unquoted(file).map { .exportCSV(path: absolute($0), replacing: replacing) }
  }

  /// `quit`.
  func parseQuit(_ line: InputLine) -> Result<UserIntent, Failure> {
    .success(.quit)
  }

  /// `pri N high|medium|low|none`, or `h`, `m`, `l` (Taskwarrior's `H`, `M`, `L`).
  func parsePriority(_ line: InputLine) -> Result<UserIntent, Failure> {
    let arguments = line.arguments
    guard arguments.count == 2, let position = Int(arguments[0]), position > 0 else {
      return line.fail("usage: pri N high|medium|low|none")
    }
    let word = arguments[1].lowercased()
    let letters: [String: TodoPriority] = ["h": .high, "m": .medium, "l": .low]
    guard let priority = TodoPriority(rawValue: word) ?? letters[word] else {
      return line.fail("unknown priority \"\(arguments[1])\"; use high, medium, low or none (or h, m, l)")
    }
    return .success(.setPriority(position: position, priority))
  }

  /// `tag N +TAG [+TAG…]` and `untag N +TAG [+TAG…]`.
  func parseTag(_ line: InputLine) -> Result<UserIntent, Failure> {
    readTag(line.arguments, adding: line.command == "tag").mapError {
      InputParser.Failure(command: line.command, reason: $0.text)
    }
  }

  /// `list [open|done|due] [+TAG…] [-TAG…] [--all | --page N]`.
  func parseList(_ line: InputLine) -> Result<UserIntent, Failure> {
    readList(line.arguments).mapError { InputParser.Failure(command: line.command, reason: $0.text) }
  }

  /// `find WORDS [--all | --page N]`.
  func parseFind(_ line: InputLine) -> Result<UserIntent, Failure> {
    readFind(line.arguments).mapError { InputParser.Failure(command: line.command, reason: $0.text) }
  }

  /// `due N in 10m|2h|1d`, `due N 2026-11-22T10:00` or `due N none`.
  func parseDue(_ line: InputLine) -> Result<UserIntent, Failure> {
    readDue(line.arguments).mapError { InputParser.Failure(command: line.command, reason: $0.text) }
  }

  /// `notifications [read N | dismiss N | clear]`.
  func parseInbox(_ line: InputLine) -> Result<UserIntent, Failure> {
    readInbox(line.arguments).mapError { InputParser.Failure(command: line.command, reason: $0.text) }
  }
}
