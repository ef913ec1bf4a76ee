/// The commands the prompt understands, one entry each: the parser (``InputParser``), `help`
/// (``Help``) and Tab (``CommandCompletion``) all read them here, so a command is added in one
/// place.
///
/// The order is `help`'s.
enum CommandTable {
  /// Every command, in the order `help` lists them.
  static let entries: [CommandEntry] = [
    CommandEntry(
      "register", usage: "register NAME",
      help: ["create an account (asks for the password, without showing it)"],
      parse: { $0.parseAccount($1) }),
    CommandEntry(
      "login", usage: "login NAME",
      help: ["sign in (asks for the password; the session is restored at the next launch)"],
      parse: { $0.parseAccount($1) }),
    CommandEntry("logout", usage: "logout", help: ["sign out"], parse: { $0.parseLogout($1) }),
    CommandEntry(
      "add", usage: "add TITLE [+TAG…]",
      help: [
        "add an item (a title holds at most 500 characters); its words +home, +errand",
        "are its tags, not part of the title (help tag: which words are tags)",
      ],
      parse: { $0.parseAdd($1) }),
    CommandEntry(
      "list", aliases: ["ls"], usage: "list [open|done|due]",
      help: [
        "show the counts and a page of items (list --page N; list --all shows every one);",
        "open items first, by priority, then due time, then creation;",
        "list +home -work: only the items tagged +home and not +work (with open, done…)",
      ],
      parse: { $0.parseList($1) }),
    CommandEntry(
      "pri", aliases: ["priority"], usage: "pri N high|medium|low|none",
      help: ["set item N's priority (list shows it); h, m and l will do: pri 3 h"],
      parse: { $0.parsePriority($1) }),
    CommandEntry(
      "tag", usage: "tag N +TAG / untag N +TAG",
      help: ["give item N tags / take them off: tag 3 +home +errand, untag 3 +home"],
      parse: { $0.parseTag($1) }),
    CommandEntry("untag", parse: { $0.parseTag($1) }),
    CommandEntry(
      "find", aliases: ["search"], usage: "find WORDS",
      help: [
        "the items whose titles hold every word (or its start), best match first,",
        "with list's numbers: find milk, find buy mil --page 2, find milk --all",
      ],
      parse: { $0.parseFind($1) }),
    CommandEntry(
      "info", usage: "info N",
      help: [
        "every field of item N: its whole title, state, priority, due time, tags, when it was added and last changed"
      ],
      parse: { $0.parseInfo($1) }),
    CommandEntry(
      "done", usage: "done N / reopen N",
      help: [
        "mark item N done / not done (several: done 2 5-9 or done 2,5-9, each its own undo step;",
        "one already so says so and changes nothing; undo N still reopens, with a notice)",
      ],
      parse: { $0.parseSetDone($1) }),
    CommandEntry("reopen", parse: { $0.parseSetDone($1) }),
    CommandEntry(
      "rename", usage: "rename N TITLE",
      help: ["rename item N; a word that is a tag (+home) is refused there: tag N +home"],
      parse: { $0.parseRename($1) }),
    CommandEntry(
      "rm", aliases: ["remove"], usage: "rm N [N…]",
      help: [
        "delete items: rm 3, rm 2 5-9 or rm 2,5-9 (several ask first; --yes answers in advance);",
        "a range holds at most 100,000 items",
      ],
      parse: { $0.parseRemove($1) }),
    CommandEntry(
      "due", usage: "due N in 10m|2h|1d",
      help: [
        "set a due time, at most 3650d ahead (also 1w, 1h30m; or: due N tomorrow, today 18:30, 10:00,",
        "2026-11-22 10:00, local time, or a date alone for 9:00 that day; due N none);",
        "a reminder shows when it comes; list marks open items past it overdue",
      ],
      parse: { $0.parseDue($1) }),
    CommandEntry(
      "clear-done", usage: "clear-done",
      help: ["delete the done items (asks first; clear-done --yes does not)"],
      parse: { $0.parseClearDone($1) }),
    CommandEntry(
      "undo", usage: "undo [--yes]",
      help: ["revert your last change, one more each time (help undo: what it cannot undo)"],
      parse: { $0.parseUndo($1) }),
    CommandEntry(
      "import", usage: "import FILE.csv",
      help: [
        "import items (import cancel stops it; help import shows the format); a file",
        "imported before, unchanged, asks first (a script refuses it): import --again FILE.csv",
      ],
      parse: { $0.parseImport($1) }),
    CommandEntry(
      "export", usage: "export [--force] FILE.csv",
      help: [
        "export the list, readable by you only (0600); --force replaces an existing",
        "regular file (never a device, a FIFO, a socket or a symbolic link)",
      ],
      parse: { $0.parseExport($1) }),
    CommandEntry(
      "notifications", aliases: ["inbox"], usage: "notifications",
      help: [
        "the inbox, new ones marked ● and read once shown (read N | dismiss N | clear); reminders that came due",
        "while you were signed out or the app was closed are announced at sign-in",
      ],
      parse: { $0.parseInbox($1) }),
    CommandEntry(
      "help", aliases: ["?"], usage: "help [TOPIC|COMMAND]",
      help: [
        "this list; topics: import (the CSV format of import and export), tag, undo;",
        "help done: the lines of one command",
      ],
      parse: { $0.parseHelp($1) }),
    CommandEntry(
      "quit", aliases: ["exit"], usage: "quit",
      help: [
        "leave (so does Ctrl-D, and Ctrl-C on an empty line, which finishes the",
        "work under way, then exits with status 130; Ctrl-C on a typed line clears it)",
      ],
      parse: { $0.parseQuit($1) }),
  ]

  /// The topics `help` has a page for (`help import`, `help tag`, `help undo`).
  static let helpTopics = ["import", "tag", "undo"]

  /// The command words (names and aliases) a mistyped `word` is closest to, one a command, at most
  /// three, in the table's order: those one edit away (a letter left out, added, changed, or two
  /// swapped), or two for a word of five letters or more; none when no word is that close.
  static func words(near word: String) -> [String] {
    let typed = Array(word.lowercased())
    let limit = typed.count >= 5 ? 2 : 1
    var best: (distance: Int, words: [String]) = (limit + 1, [])
    for entry in entries {
      // One word a command: the closest of its name and aliases, the name on a tie.
      var closest = (distance: Int.max, word: entry.name)
      for candidate in [entry.name] + entry.aliases {
        let distance = editDistance(typed, Array(candidate))
        if distance < closest.distance { closest = (distance, candidate) }
      }
      if closest.distance < best.distance {
        best = (closest.distance, [closest.word])
      } else if closest.distance == best.distance {
        best.words.append(closest.word)
      }
    }
    return Array(best.words.prefix(3))
  }

  /// The edits (a character inserted, deleted or changed, or two neighbours swapped) that turn `a`
  /// into `b`.
  private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let change = a[i - 1] == b[j - 1] ? 0 : 1
        rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + change)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
        }
      }
    }
    return rows[a.count][b.count]
  }

  /// The command `word` runs, by name or alias, ignoring case.
  ///
  /// - Parameter word: The first word of a line.
  /// - Returns: The entry, or `nil` for no command.
  static func entry(for word: String) -> CommandEntry? {
    let lowered = word.lowercased()
    return entries.first { $0.name == lowered || $0.aliases.contains(lowered) }
  }
}
