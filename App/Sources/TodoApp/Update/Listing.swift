import Foundation
import NotificationsAPI
import TodoAPI

/// How lists, the inbox and import reports are laid out on the terminal.
enum Listing {
  /// Prints `page`, made by ``page(of:for:now:)``: its rows, numbered as in the whole list, with
  /// open items due before `now` marked overdue. A page of a query with a page size comes with the
  /// counts above it and, when there is more to see, a footer naming the commands for the next page
  /// and for everything: `list` at a terminal, so that a list of 200,000 items does not scroll for
  /// seconds.
  ///
  /// - Parameters:
  ///   - page: The page.
  ///   - listLength: How many items the whole list holds: the widest number sets the rows' width.
  ///   - now: Which open items are marked overdue.
  ///   - ui: Where the lines go.
  static func print(_ page: TodoPage, listLength: Int, now: Date, into ui: inout UIModel) {
    let query = page.query
    let (filter, tags) = (query.filter, query.tags)
    guard page.matching > 0 else {
      ui.say(noItems(filter, tags))
      return
    }
    guard let pageSize = query.pageSize else {
      printRows(page.rows, listLength: listLength, now: now, paged: false, into: &ui)
      return
    }
    let size = max(1, pageSize)
    let pages = page.pageCount
    guard query.page <= pages else {
      ui.fail("There is no page \(query.page); the list has \(counted(pages, "page")) of \(size) (see list).")
      return
    }
    ui.say(header(page))
    printRows(page.rows, listLength: listLength, now: now, paged: true, into: &ui)
    guard pages > 1 else { return }
    let which = ((filter == .all ? [] : [filter.rawValue]) + (tags.isEmpty ? [] : [tags.words]))
      .map { " " + $0 }.joined()
    let command = "list" + which
    let first = (query.page - 1) * size
    var footer =
      "Page \(grouped(query.page)) of \(grouped(pages)): \(grouped(first + 1))–\(grouped(first + page.rows.count)) of "
      + "\(grouped(page.matching))\(which) items."
    if query.page < pages { footer += " Next: \(command) --page \(query.page + 1)." }
    ui.say(footer + " Everything: \(command) --all.")
  }

  /// The line above a page: `You have 6 items (4 open, 1 overdue, 2 done).` for the whole list;
  /// with a filter, how many of the items the page's tags admit it shows, `2 of 6 items have a due
  /// date, 1 overdue.`, so that the counts say what is listed.
  static func header(_ page: TodoPage) -> String {
    let (counts, matching, tags) = (page.counts, page.matching, page.query.tags)
    let tagged = tags.isEmpty ? "" : " " + tagPhrase(tags)
    let overdue = page.overdue > 0 ? "\(grouped(page.overdue)) overdue" : nil
    let one = matching == 1
    let which: String
    switch page.query.filter {
    case .all:
      return "You have \(counted(counts.total, "item"))\(tagged) (\(grouped(counts.open)) open"
        + "\(overdue.map { ", \($0)" } ?? ""), \(grouped(counts.done)) done)."
    case .open: which = one ? "is open" : "are open"
    case .done: which = one ? "is done" : "are done"
    case .due: which = one ? "has a due date" : "have a due date"
    }
    // Overdue items are open and due: none is done.
    let shownOverdue = page.query.filter == .done ? nil : overdue
    return "\(grouped(matching)) of \(counted(counts.total, "item"))\(tagged) \(which)"
      + "\(shownOverdue.map { ", \($0)" } ?? "")."
  }

  /// `No items.`, `No open items tagged +home, not -work.`
  private static func noItems(_ filter: ListFilter, _ tags: TagFilter) -> String {
    let which = filter == .all ? "" : " \(filter.rawValue)"
    return "No\(which) items\(tags.isEmpty ? "" : " " + tagPhrase(tags))."
  }

  /// `tagged +home, without +work or +errand`.
  private static func tagPhrase(_ tags: TagFilter) -> String {
    var tagged: [String] = []
    if !tags.required.isEmpty {
      tagged.append("tagged " + tags.required.map(\.description).joined(separator: " "))
    }
    if !tags.excluded.isEmpty {
      tagged.append("without " + tags.excluded.map(\.description).joined(separator: " or "))
    }
    return tagged.joined(separator: ", ")
  }

  /// The rows, each on a line: a page's as rows that a terminal cuts to its width
  /// (``OutputLine/Style/row``), so that the page fits the window it was sized for; every item's
  /// (`list --all`) whole.
  private static func printRows(
    _ rows: [TodoPage.Row], listLength: Int, now: Date, paged: Bool, into ui: inout UIModel
  ) {
    let width = String(listLength).count
    for row in rows {
      let text = self.row(row.item, number: row.number, width: width, now: now, timeZone: ui.timeZone)
      ui.print(OutputLine(paged ? .row : .info, text))
    }
  }

  /// `  3. [ ] Buy milk +errand +home  (high priority, due 2026-11-22 10:05, overdue)`: the number
  /// right-aligned in `width`.
  private static func row(_ item: TodoItem, number: Int?, width: Int, now: Date, timeZone: String) -> String {
    let number = number.map(String.init) ?? "?"
    let padded = String(repeating: " ", count: max(0, width - number.count)) + number
    var notes: [String] = []
    if item.priority != .none { notes.append("\(item.priority.rawValue) priority") }
    if let date = item.dueDate {
      notes.append("due \(format(date, in: timeZone))")
      if !item.isDone && date < now { notes.append("overdue") }
    }
    let suffix = notes.isEmpty ? "" : "  (\(notes.joined(separator: ", ")))"
    return "\(padded). [\(item.isDone ? "x" : " ")] \(item.title)\(tagSuffix(item.tags))\(suffix)"
  }

  /// `info N`: every field of `item`, one a line, the title whole.
  ///
  /// - Parameters:
  ///   - item: The item.
  ///   - number: The number it was named by.
  ///   - now: Which open items are overdue.
  ///   - timeZone: The zone dates are shown in.
  /// - Returns: The lines.
  static func info(_ item: TodoItem, number: Int, now: Date, timeZone: String) -> [String] {
    let due = item.dueDate.map { date in
      format(date, in: timeZone) + (!item.isDone && date < now ? " (overdue)" : "")
    }
    return [
      "Item \(number): \(item.title)",
      "  state     \(item.isDone ? "done" : "open")",
      "  priority  \(item.priority.rawValue)",
      "  due       \(due ?? "none")",
      "  tags      \(item.tags.isEmpty ? "none" : String(tagSuffix(item.tags).dropFirst()))",
      "  added     \(format(item.createdAt, in: timeZone))",
      "  changed   \(format(item.updatedAt, in: timeZone))",
      "  id        \(item.id.rawValue)",
    ]
  }

  /// ` +errand +home`, after a title; empty for no tags.
  static func tagSuffix(_ tags: [TodoTag]) -> String {
    tags.reduce(into: "") { $0 += " " + $1.description }
  }

  /// A page of `find`'s matches, best first, each with the number the last listing gave it (so
  /// `done N` acts on it; a search numbers nothing afresh), then a footer naming the next page and
  /// every match when there are more.
  static func print(_ result: TodoSearchResult, now: Date, into ui: inout UIModel) {
    let search = result.search
    let words = search.text
    guard result.total > 0 else {
      ui.say("No item matches \"\(words)\".")
      return
    }
    guard !result.items.isEmpty else {
      let size = search.limit ?? result.total
      let pages = (result.total + size - 1) / size
      ui.fail(
        "There is no page \(search.offset / size + 1); \(counted(result.total, "item")) "
          + "\(result.total == 1 ? "matches" : "match") \"\(words)\": \(counted(pages, "page")) of \(size).")
      return
    }
    ui.say(
      "\(counted(result.total, "item")) \(result.total == 1 ? "matches" : "match") \"\(words)\", best first:")
    let width = String(result.rows.map(\.number).max() ?? 0).count
    for row in result.rows {
      let text = self.row(row.item, number: row.number, width: width, now: now, timeZone: ui.timeZone)
      ui.print(OutputLine(search.limit == nil ? .info : .row, text))
    }
    guard let size = search.limit, result.total > result.items.count else { return }
    let page = search.offset / size + 1
    let pages = (result.total + size - 1) / size
    var footer =
      "Page \(grouped(page)) of \(grouped(pages)): \(grouped(search.offset + 1))–"
      + "\(grouped(search.offset + result.items.count)) of \(grouped(result.total)) matches."
    if page < pages { footer += " Next: find \(words) --page \(page + 1)." }
    ui.say(footer + " Everything: find \(words) --all.")
  }

  /// `1 item`, `200,000 items`.
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(grouped(count)) \(noun)\(count == 1 ? "" : "s")"
  }

  /// `200000` as `200,000`: digits in groups of three, the same in every locale, so a script's
  /// output does not depend on where it runs.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (number < 0 ? "-" : "") + result
  }

  static func print(_ notifications: NotificationsModel, into ui: inout UIModel) {
    guard !notifications.inbox.isEmpty else {
      ui.say("No notifications.")
      return
    }
    ui.say("Notifications (\(notifications.unreadCount) unread):")
    for (offset, notification) in notifications.inbox.enumerated() {
      let mark = notification.isRead ? " " : "●"
      ui.say(
        "\(offset + 1). \(mark) \(format(notification.time, in: ui.timeZone))  \(notification.title): \(notification.body)"
      )
    }
  }

  static func print(_ report: TodoImportReport, into ui: inout UIModel) {
    if let line = report.resumedAfterLine {
      ui.say("Resumed after line \(grouped(line)), where an earlier import of the file stopped.")
    }
    if report.replaced > 0 {
      // A row with the id of an item replaces it: the list gained fewer items than rows were stored.
      ui.say(
        "Imported \(counted(report.imported, "row")) from \(report.path): "
          + "\(counted(report.imported - report.replaced, "new item")), "
          + "\(grouped(report.replaced)) replacing the item with \(report.replaced == 1 ? "its" : "their") id "
          + "(in the list, or a row earlier in the file).")
    } else {
      ui.say("Imported \(counted(report.imported, "row")) from \(report.path).")
    }
    guard report.skippedCount > 0 else { return }
    // A file none of whose rows could be stored is a failure, which a script's exit status counts;
    // one whose other rows were stored is not.
    if report.imported == 0 {
      ui.fail("Every row was malformed: skipped \(counted(report.skippedCount, "row")):")
    } else {
      ui.say("Skipped \(counted(report.skippedCount, "malformed row")):")
    }
    for error in report.errors.prefix(10) { ui.say("  line \(grouped(error.line)): \(error.reason)") }
    if report.skippedCount > 10 { ui.say("  … and \(grouped(report.skippedCount - 10)) more") }
  }

  /// `2026-11-22 10:05` in the given time zone (UTC if the identifier is unknown).
  static func format(_ date: Date, in timeZone: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }
}
