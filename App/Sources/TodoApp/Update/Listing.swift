import Foundation
import NotificationsAPI
import TodoAPI

/// How lists, the inbox and import reports are laid out on the terminal.
enum Listing {
  /// Every item that passes `filter` and `tags`, numbered as in the whole list; open items due
  /// before `now` are marked overdue.
  static func print(
    _ todos: TodoModel, filter: ListFilter, tags: TagFilter = TagFilter(), now: Date, into ui: inout UIModel
  ) {
    let positions = self.positions(in: todos, filter: filter, tags: tags)
    guard !positions.isEmpty else {
      ui.say(noItems(filter, tags))
      return
    }
    printRows(positions[...], of: todos, now: now, into: &ui)
  }

  /// The counts of the items, then page `page` (from 1) of those that pass `filter` and `tags`,
  /// `pageSize` a page, and a footer naming the commands for the next page and for everything when there is more
  /// to see: `list` at a terminal, so that a list of 200,000 items does not scroll for seconds.
  /// Open items due before `now` are marked overdue, and counted first.
  static func printPage(
    _ todos: TodoModel, filter: ListFilter, tags: TagFilter = TagFilter(), page: Int, pageSize: Int,
    now: Date,
    into ui: inout UIModel
  ) {
    let positions = self.positions(in: todos, filter: filter, tags: tags)
    guard !positions.isEmpty else {
      ui.say(noItems(filter, tags))
      return
    }
    let size = max(1, pageSize)
    let pages = (positions.count + size - 1) / size
    guard page <= pages else {
      ui.fail("There is no page \(page); the list has \(counted(pages, "page")) of \(size) (see list).")
      return
    }
    // The counts of the items the tags admit (the whole list's without tags), whatever `filter` shows.
    var (total, open, overdue) = (0, 0, 0)
    if tags.isEmpty {
      total = todos.items.count
      open = todos.items.reduce(0) { $0 + ($1.isDone ? 0 : 1) }
      // The index of open due dates, not the whole list: the same cost whatever the list's length.
      overdue = todos.openDueDates.values.reduce(0) { $0 + ($1 < now ? 1 : 0) }
    } else {
      for item in todos.items where tags.admits(item) {
        total += 1
        guard !item.isDone else { continue }
        open += 1
        if let due = item.dueDate, due < now { overdue += 1 }
      }
    }
    let overdueCount = overdue > 0 ? ", \(grouped(overdue)) overdue" : ""
    let tagged = tags.isEmpty ? "" : " " + tagPhrase(tags)
    ui.say(
      "You have \(counted(total, "item"))\(tagged) (\(grouped(open)) open\(overdueCount), "
        + "\(grouped(total - open)) done).")
    let first = (page - 1) * size
    let shown = positions[first..<min(positions.count, first + size)]
    printRows(shown, of: todos, now: now, into: &ui)
    guard pages > 1 else { return }
    let which = ((filter == .all ? [] : [filter.rawValue]) + (tags.isEmpty ? [] : [tags.words]))
      .map { " " + $0 }.joined()
    let command = "list" + which
    var footer =
      "Page \(grouped(page)) of \(grouped(pages)): \(grouped(first + 1))–\(grouped(first + shown.count)) of "
      + "\(grouped(positions.count))\(which) items."
    if page < pages { footer += " Next: \(command) --page \(page + 1)." }
    ui.say(footer + " Everything: \(command) --all.")
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

  /// The 0-based positions of the items that pass `filter` and `tags`, in the order they are
  /// listed: open items by priority, then due time, then creation (``openOrder(_:of:)``), before
  /// done items in creation order; `due` by due time.
  private static func positions(in todos: TodoModel, filter: ListFilter, tags: TagFilter) -> [Int] {
    let positions = positions(in: todos, filter: filter)
    guard !tags.isEmpty else { return positions }
    let items = todos.items
    return positions.filter { tags.admits(items[$0]) }
  }

  /// The 0-based positions of the items that pass `filter`, in the order they are listed.
  private static func positions(in todos: TodoModel, filter: ListFilter) -> [Int] {
    let items = todos.items
    switch filter {
    case .all:
      return openOrder(items.indices.filter { !items[$0].isDone }, of: items)
        + items.indices.filter { items[$0].isDone }
    case .open: return openOrder(items.indices.filter { !items[$0].isDone }, of: items)
    case .done: return items.indices.filter { items[$0].isDone }
    case .due:
      return items.indices.filter { items[$0].dueDate != nil }
        .sorted { (items[$0].dueDate!, $0) < (items[$1].dueDate!, $1) }
    }
  }

  /// `positions` (in creation order) ordered by priority, highest first, then by due time, soonest
  /// first and none last, then by creation. Linear but for the items with a due time, which are
  /// sorted: a list of 200,000 items without due times is ordered in one pass.
  private static func openOrder(_ positions: [Int], of items: [TodoItem]) -> [Int] {
    var byPriority = [[Int]](repeating: [], count: TodoPriority.allCases.count)
    for position in positions {
      byPriority[TodoPriority.high.rank - items[position].priority.rank].append(position)
    }
    return byPriority.flatMap { group in
      group.filter { items[$0].dueDate != nil }.sorted { (items[$0].dueDate!, $0) < (items[$1].dueDate!, $1) }
        + group.filter { items[$0].dueDate == nil }
    }
  }

  private static func printRows(
    _ positions: ArraySlice<Int>, of todos: TodoModel, now: Date, into ui: inout UIModel
  ) {
    let width = String(todos.items.count).count
    for offset in positions {
      ui.say(row(todos.items[offset], number: offset + 1, width: width, now: now, timeZone: ui.timeZone))
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

  /// ` +errand +home`, after a title; empty for no tags.
  static func tagSuffix(_ tags: [TodoTag]) -> String {
    tags.reduce(into: "") { $0 += " " + $1.description }
  }

  /// A page of `find`'s matches, best first, each with the number the last listing gave it (so
  /// `done N` acts on it; a search numbers nothing afresh), then a footer naming the next page and
  /// every match when there are more.
  static func print(_ result: TodoSearchResult, of todos: TodoModel, now: Date, into ui: inout UIModel) {
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
    let width = String(ui.numbers.highest(in: todos)).count
    for item in result.items {
      let number = ui.numbers.number(of: item.id, in: todos)
      ui.say(row(item, number: number, width: width, now: now, timeZone: ui.timeZone))
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
    ui.say("Skipped \(counted(report.skippedCount, "malformed row")):")
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
