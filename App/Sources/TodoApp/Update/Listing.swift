import Foundation
import NotificationsAPI
import TodoAPI

/// How lists, the inbox and import reports are laid out on the terminal.
enum Listing {
  static func print(_ todos: TodoModel, filter: ListFilter, into ui: inout UIModel) {
    var rows = Array(todos.items.enumerated())
    switch filter {
    case .all: break
    case .open: rows.removeAll { $0.element.isDone }
    case .done: rows.removeAll { !$0.element.isDone }
    case .due:
      rows.removeAll { $0.element.dueDate == nil }
      rows.sort { ($0.element.dueDate!, $0.offset) < ($1.element.dueDate!, $1.offset) }
    }
    guard !rows.isEmpty else {
      ui.say(filter == .all ? "No items." : "No \(filter.rawValue) items.")
      return
    }
    let width = String(todos.items.count).count
    for (offset, item) in rows {
      let number = String(offset + 1)
      let padded = String(repeating: " ", count: width - number.count) + number
      let due = item.dueDate.map { "  (due \(format($0, in: ui.timeZone)))" } ?? ""
      ui.say("\(padded). [\(item.isDone ? "x" : " ")] \(item.title)\(due)")
    }
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
    let rows = "\(report.imported) row\(report.imported == 1 ? "" : "s")"
    ui.say(
      report.wasCancelled
        ? "Import cancelled; \(rows) imported before it stopped." : "Imported \(rows) from \(report.path).")
    guard report.skippedCount > 0 else { return }
    ui.say("Skipped \(report.skippedCount) malformed row\(report.skippedCount == 1 ? "" : "s"):")
    for error in report.errors.prefix(10) { ui.say("  line \(error.line): \(error.reason)") }
    if report.skippedCount > 10 { ui.say("  … and \(report.skippedCount - 10) more") }
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
