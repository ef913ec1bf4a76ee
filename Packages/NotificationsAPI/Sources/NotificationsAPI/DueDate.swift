import Foundation
import TodoAPI

/// An item's due date, ordered by date, then identity: the order in which reminders ring.
struct DueDate: Comparable {
  let date: Date
  let id: TodoID

  static func < (lhs: Self, rhs: Self) -> Bool { (lhs.date, lhs.id) < (rhs.date, rhs.id) }
}

extension DueDate {
  /// The `limit` earliest due dates after `now` in `dueDates`, earliest first.
  ///
  /// One pass over the index without sorting it: candidates collect in a buffer of `2 * limit`;
  /// when it fills, it is sorted and cut back to `limit`, and the last kept date becomes a bar that
  /// rejects most later candidates with one comparison. O(n log limit) time at worst and
  /// O(limit) memory, however the index iterates.
  static func nearest(_ limit: Int, after now: Date, in dueDates: [TodoID: Date]) -> [DueDate] {
    guard limit > 0 else { return [] }
    var buffer: [DueDate] = []
    buffer.reserveCapacity(2 * limit)
    var bar: DueDate?
    for (id, date) in dueDates where date > now {
      let candidate = DueDate(date: date, id: id)
      if let bar, !(candidate < bar) { continue }
      buffer.append(candidate)
      if buffer.count == 2 * limit {
        buffer.sort()
        buffer.removeLast(limit)
        bar = buffer.last
      }
    }
    buffer.sort()
    return Array(buffer.prefix(limit))
  }
}
