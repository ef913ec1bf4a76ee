import Foundation
import TodoAPI

@testable import TodoApp

/// The page a query selects, computed in memory from the whole list: what the database's page
/// (TodoImpl's `TodoTable.page`) must read for the same items, and what the updater tests feed
/// the app as the database's answer.
extension Listing {
  /// The page of `todos` that `query` selects: its rows, numbered as in the whole list, how many
  /// items match, and the counts of the items the query's tags admit.
  ///
  /// Items are listed as `list` shows them: open items by priority, then due time, then creation
  /// (``openOrder(_:of:)``), before done items in creation order; `due` by due time. A page past
  /// the last one has no rows.
  ///
  /// - Parameters:
  ///   - todos: The list, in display order (``TodoAPI/TodoItem/displayOrder(_:_:)``).
  ///   - query: Which items, and which page of them.
  ///   - now: Which open items count as overdue.
  /// - Returns: The page; it reads the model only.
  static func page(of todos: [TodoItem], for query: TodoListQuery, now: Date) -> TodoPage {
    let items = todos.sorted(by: TodoItem.displayOrder)
    let positions = self.positions(in: items, filter: query.filter, tags: query.tags)
    let shown: ArraySlice<Int>
    if let pageSize = query.pageSize {
      let size = max(1, pageSize)
      let first = (max(1, query.page) - 1) * size
      shown = first < positions.count ? positions[first..<min(positions.count, first + size)] : []
    } else {
      shown = positions[...]
    }
    // The counts of the items the tags admit (the whole list's without tags), whatever the filter.
    var (counts, overdue) = (TodoCounts(), 0)
    for item in items where query.tags.admits(item) {
      counts.add(item)
      if !item.isDone, let due = item.dueDate, due < now { overdue += 1 }
    }
    return TodoPage(
      query: query, rows: shown.map { TodoPage.Row(number: $0 + 1, item: items[$0]) },
      matching: positions.count, counts: counts, overdue: overdue)
  }

  /// The 0-based positions of the items that pass `filter` and `tags`, in the order they are
  /// listed.
  private static func positions(in items: [TodoItem], filter: ListFilter, tags: TagFilter) -> [Int] {
    let positions = positions(in: items, filter: filter)
    guard !tags.isEmpty else { return positions }
    return positions.filter { tags.admits(items[$0]) }
  }

  /// The 0-based positions of the items that pass `filter`, in the order they are listed.
  private static func positions(in items: [TodoItem], filter: ListFilter) -> [Int] {
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
}
