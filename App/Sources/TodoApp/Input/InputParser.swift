import AuthenticationAPI
import Core
public import Foundation

/// Parses one line of input into a ``UserIntent``. Pure: the time zone and the working directory
/// are parameters.
public struct InputParser: Sendable {
  /// A line that could not be parsed, with a reason fit to show.
  public struct Failure: Error, Hashable, Sendable {
    /// The command word (never the rest of the line, which may hold a password).
    public let command: String
    /// What is wrong and how to write it.
    public let reason: String

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - command: The command word.
    ///   - reason: What is wrong and how to write it.
    public init(command: String, reason: String) {
      self.command = command
      self.reason = reason
    }
  }

  /// The zone for times typed without one (`due 3 2026-11-22T10:00`).
  public let timeZone: TimeZone
  /// The folder relative file paths are resolved against.
  public let workingDirectory: String

  /// Creates a parser.
  ///
  /// - Parameters:
  ///   - timeZone: The zone for times typed without one.
  ///   - workingDirectory: The folder relative paths are resolved against.
  public init(timeZone: TimeZone, workingDirectory: String) {
    self.timeZone = timeZone
    self.workingDirectory = workingDirectory
  }

  /// Parses `line`.
  ///
  /// - Parameters:
  ///   - line: One line as typed.
  ///   - password: The password typed at the prompt that followed `login NAME` or `register NAME`,
  ///     exactly; `nil` if no prompt asked for one.
  /// - Returns: The intent, `nil` for a blank line, or the failure to show.
  public func parse(_ line: String, password: String? = nil) -> Result<UserIntent, Failure>? {
    let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let command = words.first?.lowercased() else { return nil }
    let arguments = Array(words.dropFirst())
    let rest = Substring(line).droppingFirstWord()
    func fail(_ reason: String) -> Result<UserIntent, Failure> {
      .failure(Failure(command: command, reason: reason))
    }
    // SQLite would keep a text only up to its first NUL, silently: a line holding one is refused.
    if line.unicodeScalars.contains("\u{0}") {
      return fail(
        "the line holds a NUL character (␀), which no title or name may hold; type it again without it.")
    }

    switch command {
    case "help", "?":
      if arguments.map({ $0.lowercased() }) == ["import"] { return .success(.importHelp) }
      return .success(.help)
    case "register", "login":
      if let password, arguments.count == 1 {
        let name = arguments[0]
        let secret = Password(password)
        return .success(
          command == "register"
            ? .register(username: name, password: secret) : .login(username: name, password: secret))
      }
      guard arguments.count == 2 else {
        return fail("usage: \(command) NAME PASSWORD")
      }
      let password = Password(arguments[1])
      return .success(
        command == "register"
          ? .register(username: arguments[0], password: password)
          : .login(username: arguments[0], password: password))
    case "logout":
      return arguments.isEmpty ? .success(.logout) : fail("usage: logout")
    case "add":
      guard !rest.isEmpty else { return fail("usage: add TITLE") }
      return .success(.add(title: String(rest)))
    case "list", "ls":
      guard arguments.count <= 1 else { return fail("usage: list [open|done|due]") }
      guard let filter = arguments.first.map({ ListFilter(rawValue: $0.lowercased()) }) ?? .all else {
        return fail("unknown filter \"\(arguments[0])\"; use open, done or due")
      }
      return .success(.list(filter))
    case "done", "undo":
      guard arguments.count == 1, let position = Int(arguments[0]), position > 0 else {
        return fail("usage: \(command) N (the item's number in the list)")
      }
      return .success(.setDone(position: position, command == "done"))
    case "rename":
      guard arguments.count >= 2, let position = Int(arguments[0]), position > 0 else {
        return fail("usage: rename N NEW TITLE")
      }
      let title = rest.droppingFirstWord()
      return .success(.rename(position: position, title: String(title)))
    case "rm", "remove":
      guard arguments.count == 1, let position = Int(arguments[0]), position > 0 else {
        return fail("usage: rm N")
      }
      return .success(.remove(position: position))
    case "due":
      return parseDue(arguments).mapError { Failure(command: command, reason: $0.text) }
    case "clear-done":
      return arguments.isEmpty ? .success(.clearDone) : fail("usage: clear-done")
    case "import":
      if arguments == ["cancel"] { return .success(.cancelImport) }
      guard !rest.isEmpty else { return fail("usage: import FILE.csv (or: import cancel)") }
      return .success(.importCSV(path: absolute(String(rest))))
    case "export":
      let replacing = arguments.first == "--force"
      let file = replacing ? rest.droppingFirstWord() : rest
      guard !file.isEmpty else { return fail("usage: export [--force] FILE.csv") }
      return .success(.exportCSV(path: absolute(String(file)), replacing: replacing))
    case "notifications", "inbox":
      return parseInbox(arguments).mapError { Failure(command: command, reason: $0.text) }
    case "quit", "exit":
      return .success(.quit)
    default:
      return fail("unknown command \"\(command)\"; type help for the list")
    }
  }

  private func parseDue(_ arguments: [String]) -> Result<UserIntent, Reason> {
    let usage = "usage: due N in 10m|2h|1d, due N 2026-11-22T10:00, or due N none"
    guard arguments.count >= 2, let position = Int(arguments[0]), position > 0 else {
      return .failure(Reason(usage))
    }
    if arguments.count == 2 && arguments[1].lowercased() == "none" {
      return .success(.due(position: position, .none))
    }
    if arguments.count == 3 && arguments[1].lowercased() == "in" {
      guard let seconds = Self.seconds(in: arguments[2]) else {
        return .failure(
          Reason("cannot read \"\(arguments[2])\" as a duration; write e.g. 90s, 10m, 2h or 1d"))
      }
      return .success(.due(position: position, .after(seconds: seconds)))
    }
    if arguments.count == 2 {
      guard let date = date(from: arguments[1]) else {
        return .failure(
          Reason(
            "cannot read \"\(arguments[1])\" as a time; write e.g. 2026-11-22T10:00 or 2026-11-22T10:00:00Z"))
      }
      return .success(.due(position: position, .at(date)))
    }
    return .failure(Reason(usage))
  }

  private func parseInbox(_ arguments: [String]) -> Result<UserIntent, Reason> {
    switch arguments.map({ $0.lowercased() }) {
    case []: return .success(.notifications(.show))
    case ["clear"]: return .success(.notifications(.clear))
    case let words where words.count == 2 && (words[0] == "read" || words[0] == "dismiss"):
      guard let position = Int(words[1]), position > 0 else {
        return .failure(Reason("usage: notifications \(words[0]) N"))
      }
      return .success(
        .notifications(words[0] == "read" ? .read(position: position) : .dismiss(position: position)))
    default:
      return .failure(Reason("usage: notifications [read N | dismiss N | clear]"))
    }
  }

  private struct Reason: Error {
    let text: String
    init(_ text: String) { self.text = text }
  }

  /// `90s`, `10m`, `2h`, `1d` (or a bare number of minutes) as seconds.
  static func seconds(in text: String) -> Int? {
    let lowered = text.lowercased()
    let units: [(suffix: String, seconds: Int)] = [("s", 1), ("m", 60), ("h", 3_600), ("d", 86_400)]
    for unit in units where lowered.hasSuffix(unit.suffix) {
      guard let amount = Int(lowered.dropLast()), amount >= 0, amount <= 3_650 * 86_400 / unit.seconds else {
        return nil
      }
      return amount * unit.seconds
    }
    guard let minutes = Int(lowered), minutes >= 0, minutes <= 3_650 * 1_440 else { return nil }
    return minutes * 60
  }

  private func date(from text: String) -> Date? {
    for format in [
      "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mmXXXXX", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm",
    ] {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = timeZone
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }

  private func absolute(_ path: String) -> String {
    let expanded = path.hasPrefix("~/") ? NSHomeDirectory() + path.dropFirst(1) : path
    if expanded.hasPrefix("/") { return expanded }
    return URL(fileURLWithPath: workingDirectory).appendingPathComponent(expanded).standardizedFileURL.path
  }
}

extension Substring {
  /// The text after the first word and the whitespace that follows it.
  fileprivate func droppingFirstWord() -> Substring {
    let start = drop { character in character.isWhitespace }
    let afterWord = start.drop { character in !character.isWhitespace }
    return afterWord.drop { character in character.isWhitespace }
  }
}
