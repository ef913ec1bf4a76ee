import AuthenticationAPI
import Core
public import Foundation
import TodoAPI

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
  /// How many items a page of `list` shows at a terminal; `nil` in a script, where `list` shows
  /// every item.
  public let pageSize: Int?
  /// Whether a person types the lines at a terminal, where the app can ask: `register NAME` and
  /// `login NAME` then leave the password to be asked, and `clear-done` and `rm` of several items
  /// wait for a yes unless the line says `--yes`.
  public let atTerminal: Bool

  /// How many items `list --page N` shows in a script.
  public static let scriptPageSize = 50

  /// Creates a parser.
  ///
  /// - Parameters:
  ///   - timeZone: The zone for times typed without one.
  ///   - workingDirectory: The folder relative paths are resolved against.
  ///   - pageSize: How many items a page of `list` shows at a terminal (`nil` in a script: `list`
  ///     shows everything there).
  ///   - atTerminal: Whether a person types the lines at a terminal (see ``atTerminal``).
  public init(timeZone: TimeZone, workingDirectory: String, pageSize: Int? = nil, atTerminal: Bool = false) {
    self.timeZone = timeZone
    self.workingDirectory = workingDirectory
    self.pageSize = pageSize.map { max(1, $0) }
    self.atTerminal = atTerminal
  }

  /// Parses `line`.
  ///
  /// - Parameter line: One line as typed.
  /// - Returns: The intent, `nil` for a blank line, or the failure to show.
  public func parse(_ line: String) -> Result<UserIntent, Failure>? {
    let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let command = words.first?.lowercased() else { return nil }
    let input = InputLine(
      command: command, arguments: Array(words.dropFirst()), rest: Substring(line).droppingFirstWord())
    // SQLite would keep a text only up to its first NUL, silently: a line holding one is refused.
    if line.unicodeScalars.contains("\u{0}") {
      return input.fail(
        "the line holds a NUL character (␀), which no title or name may hold; type it again without it.")
    }
    guard let entry = CommandTable.entry(for: command) else {
      let near = CommandTable.words(near: command)
      guard !near.isEmpty else { return input.fail("unknown command \"\(command)\"; type help for the list") }
      let choices = near.count == 1 ? near[0] : near.dropLast().joined(separator: ", ") + " or " + near.last!
      return input.fail("unknown command \"\(command)\"; did you mean \(choices)? (help lists every command)")
    }
    return entry.parse(self, input)
  }

  /// Whether a deletion runs without asking: in a script, or with `--yes` among `arguments`.
  func confirmed(_ arguments: [String]) -> Bool {
    !atTerminal || arguments.contains { $0.lowercased() == "--yes" }
  }

  /// `due` without its command word.
  func readDue(_ arguments: [String]) -> Result<UserIntent, Reason> {
    let usage =
      "usage: due N in 10m|2h|1d|1w, due N tomorrow|today 18:30|10:00, due N 2026-11-22 10:00, or due N none"
    guard arguments.count >= 2, let position = Int(arguments[0]), position > 0 else {
      return .failure(Reason(usage))
    }
    if arguments.count == 2 && arguments[1].lowercased() == "none" {
      return .success(.due(position: position, .none))
    }
    if arguments.count == 3 && arguments[1].lowercased() == "in" {
      if Self.seconds(in: arguments[2], upTo: .max) != nil && Self.seconds(in: arguments[2]) == nil {
        return .failure(
          Reason(
            "\"\(arguments[2])\" is longer than the longest duration, \(Self.longestDurationInDays)d (about ten years)"
          ))
      }
      guard let seconds = Self.seconds(in: arguments[2]) else {
        return .failure(
          Reason("cannot read \"\(arguments[2])\" as a duration; write e.g. 90s, 10m, 2h, 1d, 1w or 1h30m"))
      }
      return .success(.due(position: position, .after(seconds: seconds)))
    }
    if let spec = Self.dayAndTime(arguments.dropFirst().map { $0.lowercased() }) {
      return .success(.due(position: position, spec))
    }
    if arguments.count == 2 || arguments.count == 3 {
      // `2026-12-10 10:00`, a date and a time as two words, is one time.
      let typed = arguments.dropFirst().joined(separator: " ")
      guard let date = date(from: typed) else {
        return .failure(
          Reason(
            "cannot read \"\(typed)\" as a time; write e.g. 2026-11-22T10:00, 2026-11-22 10:00, "
              + "2026-11-22 (9:00) or 2026-11-22T10:00:00Z"))
      }
      return .success(.due(position: position, .at(date)))
    }
    return .failure(Reason(usage))
  }

  /// `tag N +TAG [+TAG…]` and `untag N +TAG [+TAG…]` (the `+` may be left out).
  func readTag(_ arguments: [String], adding: Bool) -> Result<UserIntent, Reason> {
    let command = adding ? "tag" : "untag"
    guard arguments.count >= 2, let position = Int(arguments[0]), position > 0 else {
      return .failure(Reason("usage: \(command) N +TAG [+TAG…] (help tag says what a tag is)"))
    }
    var tags: [TodoTag] = []
    for word in arguments.dropFirst() {
      switch TodoTag.read(word, plusRequired: false) {
      case .tag(let tag): tags.append(tag)
      case .tooLong(let word):
        return .failure(Reason(TodoFailure.tagTooLong(word, limit: TodoTag.maximumLength).description))
      case .notATag: return .failure(Reason(TodoFailure.notATag(word).description))
      }
    }
    return .success(adding ? .tag(position: position, tags) : .untag(position: position, tags))
  }

  /// `list [open|done|due] [+TAG…] [-TAG…] [--all | --page N]` without its command word.
  func readList(_ arguments: [String]) -> Result<UserIntent, Reason> {
    let usage = "usage: list [open|done|due] [+TAG…] [-TAG…] [--all | --page N]"
    var tags = TagFilter()
    var filter = ListFilter.all
    var page: Int?
    var all = false
    var words = arguments[...]
    while let typed = words.popFirst() {
      let word = typed.lowercased()
      switch word {
      case "--all" where page == nil: all = true
      case "--page" where !all && page == nil:
        guard let number = words.popFirst().flatMap({ Int($0) }), number > 0 else {
          return .failure(Reason("--page takes a page number from 1: list --page 2"))
        }
        page = number
      case _ where word.hasPrefix("+") || (word.hasPrefix("-") && !word.hasPrefix("--")):
        switch TodoTag.read(word.dropFirst(), plusRequired: false) {
        case .tag(let tag) where word.hasPrefix("+"): tags.required.append(tag)
        case .tag(let tag): tags.excluded.append(tag)
        case .tooLong(let name):
          return .failure(Reason(TodoFailure.tagTooLong(name, limit: TodoTag.maximumLength).description))
        case .notATag:
          return .failure(Reason("\"\(typed)\" is not a tag to filter by (+TAG or -TAG); \(usage)"))
        }
      case _ where word.hasPrefix("-"): return .failure(Reason(usage))
      default:
        guard filter == .all, let named = ListFilter(rawValue: word) else {
          return .failure(
            ListFilter(rawValue: word) == nil
              ? Reason(
                "unknown filter \"\(typed)\"; use open, done or due, and +TAG or -TAG (list open +home -work)"
              ) : Reason(usage))
        }
        filter = named
      }
    }
    if let page {
      return .success(.listPage(filter, tags: tags, page: page, pageSize: pageSize ?? Self.scriptPageSize))
    }
    guard let pageSize, !all else { return .success(.list(filter, tags: tags)) }
    return .success(.listPage(filter, tags: tags, page: 1, pageSize: pageSize))
  }

  /// `find WORDS [--all | --page N]` without its command word: the words are every argument that
  /// is not an option.
  func readFind(_ arguments: [String]) -> Result<UserIntent, Reason> {
    let usage = "usage: find WORDS [--all | --page N]"
    var words: [String] = []
    var page: Int?
    var all = false
    var rest = arguments[...]
    while let word = rest.popFirst() {
      switch word.lowercased() {
      case "--all" where page == nil: all = true
      case "--page" where !all && page == nil:
        guard let number = rest.popFirst().flatMap({ Int($0) }), number > 0 else {
          return .failure(Reason("--page takes a page number from 1: find milk --page 2"))
        }
        page = number
      case let option where option.hasPrefix("--"): return .failure(Reason(usage))
      default: words.append(word)
      }
    }
    guard !words.isEmpty else { return .failure(Reason(usage)) }
    let text = words.joined(separator: " ")
    if let page { return .success(.find(words: text, page: page, pageSize: pageSize ?? Self.scriptPageSize)) }
    return .success(.find(words: text, page: 1, pageSize: all ? nil : pageSize))
  }

  /// `words` with the numbers and ranges a comma separates apart: `1,3-4` is `1` and `3-4`.
  static func listed(_ words: [String]) -> [String] {
    words.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
  }

  /// How many items one range of `rm` may hold: `rm 1-100000`.
  static let maximumRange = 100_000

  /// Whether `word` is a range of positions holding more than ``maximumRange``.
  static func isRangeTooLong(_ word: String) -> Bool {
    let bounds = word.split(separator: "-", omittingEmptySubsequences: false)
    guard bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]), low > 0 else {
      return false
    }
    return high - low >= maximumRange
  }

  /// `2 5-9 12` (or `2,5-9,12`, Taskwarrior's spelling) as positions in the order typed, each once;
  /// `nil` if a word is not a position or a range of them (a range holds at most ``maximumRange``).
  static func positions(in words: [String]) -> [Int]? {
    var positions: [Int] = []
    var seen = Set<Int>()
    for word in listed(words) {
      let bounds = word.split(separator: "-", omittingEmptySubsequences: false)
      guard (1...2).contains(bounds.count), let low = Int(bounds[0]),
        let high = Int(bounds[bounds.count - 1]),
        low > 0, low <= high, high - low < maximumRange
      else { return nil }
      for position in low...high where seen.insert(position).inserted { positions.append(position) }
    }
    return positions
  }

  /// `notifications [read N | dismiss N | clear]` without its command word.
  func readInbox(_ arguments: [String]) -> Result<UserIntent, Reason> {
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

  /// Why the arguments of a command could not be read.
  struct Reason: Error {
    let text: String
    init(_ text: String) { self.text = text }
  }

  /// `today`, `tomorrow` (at ``dateAloneHour``), either followed by a time of day (`tomorrow
  /// 18:30`), or a time of day alone (`10:00`, the next time it comes).
  static func dayAndTime(_ words: [String]) -> DueSpec? {
    func minute(_ word: String) -> Int? {
      let parts = word.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2, parts[1].count == 2, (1...2).contains(parts[0].count),
        parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
        let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
      else { return nil }
      return hour * 60 + minute
    }
    let days = ["today": 0, "tomorrow": 1]
    switch words.count {
    case 1:
      if let offset = days[words[0]] { return .onDay(days: offset, minute: dateAloneHour * 60) }
      return minute(words[0]).map { .nextTime(minute: $0) }
    case 2:
      guard let offset = days[words[0]], let time = minute(words[1]) else { return nil }
      return .onDay(days: offset, minute: time)
    default:
      return nil
    }
  }

  /// The hour a date typed without a time means (`due 3 2026-12-10`): 9:00 local time.
  static let dateAloneHour = 9

  /// The longest duration `due N in` takes, in days: about ten years (``TodoItem/latestDueInDays``).
  static let longestDurationInDays = TodoItem.latestDueInDays

  /// `90s`, `10m`, `2h`, `1d`, `1w`, or several, largest unit first (`1h30m`, `2d12h`), or a bare
  /// number of minutes, as seconds, if at most `limit` seconds (by default
  /// ``longestDurationInDays``).
  static func seconds(in text: String, upTo limit: Int = longestDurationInDays * 86_400) -> Int? {
    let lowered = text.lowercased()
    if let minutes = Int(lowered) { return minutes >= 0 && minutes <= limit / 60 ? minutes * 60 : nil }
    let units: [Character: Int] = ["w": 604_800, "d": 86_400, "h": 3_600, "m": 60, "s": 1]
    var total = 0
    var digits = ""
    var last = Int.max
    for character in lowered {
      if character.isASCII, character.isNumber {
        digits.append(character)
        continue
      }
      // Each unit once, largest first: `1h30m`, not `30m1h` or `1h1h`.
      guard let unit = units[character], unit < last, let amount = Int(digits), amount <= limit / unit,
        amount * unit <= limit - total
      else { return nil }
      total += amount * unit
      (digits, last) = ("", unit)
    }
    return digits.isEmpty && last != Int.max ? total : nil
  }

  func date(from text: String) -> Date? {
    // Every accepted time is ASCII; Foundation's DateFormatter traps on a text whose characters and
    // UTF-16 units do not line up (a combining mark), so no other text reaches it.
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
    for format in [
      "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mmXXXXX", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm",
      "yyyy-MM-dd HH:mm",
    ] {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = timeZone
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    // A date alone is that day's morning (``dateAloneHour``), as a calendar's all-day reminder.
    guard text.count == 10 else { return nil }
    return date(from: text + String(format: " %02d:00", Self.dateAloneHour))
  }

  func absolute(_ path: String) -> String {
    let expanded = path.hasPrefix("~/") ? NSHomeDirectory() + path.dropFirst(1) : path
    if expanded.hasPrefix("/") { return expanded }
    return URL(fileURLWithPath: workingDirectory).appendingPathComponent(expanded).standardizedFileURL.path
  }
}
