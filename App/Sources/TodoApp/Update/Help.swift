import Foundation
import TodoAPI

/// The text of `help`, `help import`, `help tag` and `help undo`.
enum Help {
  /// `help`: a line for each command of ``CommandTable``, then the keys and the scripts' ways.
  static let lines = fitted(
    ["Commands:"] + CommandTable.entries.flatMap(lines(of:)) + [
      "Keys: arrows, Home/End, Ctrl-A/E/K/U/W/Y edit the line; Up/Down recall earlier lines (kept per user, never passwords);",
      "  Tab completes a command, a help topic, a file after import/export, or a +tag (twice: lists the choices);",
      "  Ctrl-L clears the screen.",
      "In scripts, where no prompt can ask: register NAME PASSWORD, login NAME PASSWORD; list shows every item;",
      "  clear-done and rm delete without asking.",
      "Sign-in: \(AuthenticationLinesUpdater.lockout)",
      "Signals: SIGINT and SIGTERM finish the work under way, then exit (130, 143); SIGHUP reads the list's counts again.",
      "Numbers: list numbers the items, and a number keeps naming the same item until the next list, in scripts",
      "  too: after rm 2, item 3 is still the one listed as 3, and 2 says it was deleted. New items take the next",
      "  numbers; find shows the list's numbers and changes none.",
    ])

  /// The usage column's width: a usage that fills it is followed by two spaces.
  private static let usageWidth = 26

  /// `help NAME`: the lines of the command named `name`, or of the command whose usage names it
  /// (`reopen` is on `done`'s line), then where to read more.
  static func lines(of name: String) -> [String] {
    let named = CommandTable.entries.filter { entry in
      entry.name == name || (entry.usage?.split(separator: " ").contains { $0 == name } ?? false)
    }
    let own = named.flatMap(lines(of:))
    guard !own.isEmpty else { return lines }
    return fitted(own + ["help lists every command; help import, help tag and help undo say more."])
  }

  /// A command's lines: its usage, then its text in the second column, as one paragraph that
  /// fits ``width``.
  private static func lines(of entry: CommandEntry) -> [String] {
    guard let usage = entry.usage else { return [] }
    let column =
      usage.count < usageWidth
      ? usage.padding(toLength: usageWidth, withPad: " ", startingAt: 0) : usage + "  "
    return fitted(["  " + column + entry.help.joined(separator: " ")], hanging: usageWidth + 2)
  }

  static let undoLines = fitted([
    "undo reverts your last change to the list: add, rm (all the items of one rm), done, reopen, rename, due,",
    "  pri, tag, untag, clear-done (all the items it deleted), and an import as a whole (the rows it added go, the",
    "  items it replaced come back). Each undo goes one change further back: undo, undo, undo.",
    "  An undo of more than one item asks first, naming the change (undo --yes answers in advance).",
    "  The history is kept with the list, so it survives quitting; it holds at least your last \(TodoUndo.historyLimit) changes.",
    "  Example: add buy milk, then undo: Undid: add \"buy milk\"",
    "What cannot be undone, and why:",
    "  export     it writes a file outside the list; delete the file yourself",
    "  register, login, logout   they change your account and session, not the list",
    "  notifications read/dismiss/clear   the inbox is not part of the list's history",
    "  undo       an undo is not a change of its own: there is no redo",
    "  changes older than the last \(TodoUndo.historyLimit), and while an import runs (cancel it or let it finish)",
  ])

  static let importLines = fitted([
    "import FILE.csv reads a CSV file (RFC 4180, UTF-8), its first line the header",
    "  id,title,done,due,created,updated,priority,tags     (tags, or priority and tags, may be left out)",
    "then one item per line:",
    "  id        empty for a new item, or an identity: a row with the id of an item replaces it (an",
    "            item in the list, or a row earlier in the file); the report counts those apart",
    "  title     the text, at most 500 characters and no NUL; quote it (\"…\") if it holds a comma, a quote",
    "            (written \"\") or a line break, which becomes a space: a title is one line",
    "  done      true or false",
    "  due       empty, or a time: 2026-11-22T09:30:00Z, 2026-11-22T10:30:00+01:00,",
    "            or 2026-11-22T09:30:00 without a zone, which is local time (as at the prompt);",
    "            at most \(TodoItem.latestDueInDays) days after the import, as at the prompt",
    "  created, updated   empty (the time of the import) or a time, as due (any time)",
    "  priority  high, medium, low, none or empty (none); a file without the column keeps the",
    "            priorities of the items it replaces",
    "  tags      the item's tags separated by spaces, with or without + (home errand), or empty;",
    "            a file without the column keeps the tags of the items it replaces",
    "Malformed rows are skipped and reported with their line; the others are imported.",
    "An import stopped part way resumes after its last stored row when the same file is imported again.",
    "A file imported to its end, unchanged since, would add its rows without an id again (rows with an id",
    "  put their items back as the file has them): at a terminal import asks first, in a script it is",
    "  refused; import --again FILE.csv imports it again, and undo takes an import back.",
    "An example file: docs/examples/todos.csv; export writes the same format.",
  ])

  static let tagLines = fitted([
    "Tags group items across the list: add buy milk +home +errand, then list +home.",
    "  A tag is + and a letter, then letters, digits, - or _: +home, +work-2026, +côté.",
    "  At most 32 characters after the +, and 16 tags an item. Tags are lowercase: +Home is +home.",
    "  In add, every word that is a tag leaves the title; other words stay, +1 and C++ among them:",
    "  add +1 for Bob +team adds \"+1 for Bob\" tagged +team.",
    "  tag N +TAG [+TAG…]      give item N these tags (the + may be left out)",
    "  untag N +TAG [+TAG…]    take them off (each must be one of its tags)",
    "  list +home              the items tagged +home; list -work: those not tagged +work;",
    "                          list open +home +errand -work: open items with both tags and not +work",
    "  rename N TITLE          a word that add would take as a tag is refused in the title",
    "  list shows an item's tags after its title; export writes them in the tags column.",
  ])

  /// The width help fits: a terminal's narrowest common one.
  static let width = 80

  /// `lines` as paragraphs that fit ``width``, broken between words (a word longer than a line is
  /// left whole). A line continues the one before when it starts at that one's continuation
  /// column and has no columns of its own (no run of two spaces after its indent); a continuation starts at `hanging`, or at the
  /// line's second column (the text after a run of two spaces, as in `  id        empty for a new
  /// item`), or two spaces in.
  ///
  /// - Parameters:
  ///   - lines: The lines, as written.
  ///   - hanging: Where continuations start, if not where the first line says.
  static func fitted(_ lines: [String], hanging given: Int? = nil) -> [String] {
    var paragraphs: [(text: String, hanging: Int)] = []
    for line in lines {
      let indent = line.prefix { $0 == " " }.count
      let column = secondColumn(of: line, indent: indent)
      let hasColumns = line.dropFirst(indent).contains("  ")
      if given == nil, !hasColumns, indent > 0, let last = paragraphs.last, last.hanging == indent {
        paragraphs[paragraphs.count - 1].text += " " + line.dropFirst(indent)
      } else {
        paragraphs.append((line, given ?? column ?? max(indent, 2)))
      }
    }
    return paragraphs.flatMap { wrapped($0.text, hanging: $0.hanging) }
  }

  /// Where the text after the first run of two or more spaces past `indent` starts, if that is in
  /// the left half of a line.
  private static func secondColumn(of line: String, indent: Int) -> Int? {
    guard let gap = line.dropFirst(indent).range(of: "  ") else { return nil }
    let column = line.distance(from: line.startIndex, to: gap.upperBound)
    let text = column + line[gap.upperBound...].prefix { $0 == " " }.count
    return text <= width / 2 && text < line.count ? text : nil
  }

  /// `line` broken between words into lines of at most ``width``, continuations at `hanging`.
  private static func wrapped(_ line: String, hanging: Int) -> [String] {
    guard line.count > width else { return [line] }
    let indent = line.prefix { $0 == " " }.count
    var lines: [String] = []
    var current = String(repeating: " ", count: indent)
    var hasWord = false
    for word in line.dropFirst(indent).split(separator: " ", omittingEmptySubsequences: false) {
      let candidate = hasWord ? current + " " + word : current + word
      if hasWord, candidate.count > width, !word.isEmpty {
        lines.append(String(current.reversed().drop { $0 == " " }.reversed()))
        current = String(repeating: " ", count: hanging) + word
      } else {
        current = candidate
      }
      hasWord = hasWord || !word.isEmpty
    }
    lines.append(current)
    return lines
  }
}
