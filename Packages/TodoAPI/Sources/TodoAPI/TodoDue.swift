public import AuthenticationAPI
public import Core
public import Foundation

/// The open items of a list due soonest after a time, as the database holds them: what reminders
/// are made from, without holding the list.
///
/// As read, ``items`` are the first items of a limit asked for, open and due after ``after``,
/// soonest first (ties by creation, then identity), and every other open item due at the same time
/// as the last of them: so the window holds every open item due up to ``end``, or, when it
/// ``isComplete``, every open item due after ``after``; changes the database stored since are
/// applied to it (``apply(_:)``, ``remove(_:)``) until it is read again.
public struct TodoDueWindow: Hashable, Sendable, Codable {
  /// The window holds open items due strictly after this time.
  public var after: Date
  /// The items, soonest first.
  public var items: [TodoItem]
  /// The time up to which the window holds every open item due: the due time of the last item
  /// read (``after`` if none was); `nil` when the window holds every open item due after ``after``
  /// however late (the read found fewer than it asked for).
  ///
  /// A change applied to the window (``apply(_:)``) never moves it: the window stays whole up to
  /// it, and leaves out what is due after it.
  public private(set) var end: Date?

  /// Creates a window as read.
  ///
  /// - Parameters:
  ///   - after: Items are due strictly after this time.
  ///   - items: The items, soonest first.
  ///   - isComplete: Whether they are every open item due after `after`.
  public init(after: Date, items: [TodoItem], isComplete: Bool) {
    self.after = after
    self.items = items
    self.end = isComplete ? nil : items.last?.dueDate ?? after
  }

  /// Whether the window holds every open item due after ``after``, however late.
  public var isComplete: Bool { end == nil }

  /// Whether the window holds every open item due in `after < due <= date`.
  ///
  /// - Parameter date: A time.
  /// - Returns: `true` if no open item due by `date` can be missing from the window.
  public func covers(_ date: Date) -> Bool {
    end.map { date <= $0 } ?? true
  }

  /// Applies a change of `item` that the database has stored: the item is in the window if it is
  /// open and due within it, and nowhere else.
  ///
  /// An item due after ``end`` is left out: the window does not know the items beyond it.
  ///
  /// - Parameter item: The item as stored.
  public mutating func apply(_ item: TodoItem) {
    if let old = items.firstIndex(where: { $0.id == item.id }) { items.remove(at: old) }
    guard !item.isDone, let due = item.dueDate, due > after, covers(due) else { return }
    let position = items.firstIndex { Self.order(item, $0) } ?? items.endIndex
    items.insert(item, at: position)
  }

  /// Removes the items with the given identities; unknown ones are ignored.
  ///
  /// - Parameter ids: The identities.
  public mutating func remove(_ ids: some Sequence<TodoID>) {
    let gone = Set(ids)
    guard items.contains(where: { gone.contains($0.id) }) else { return }
    items.removeAll { gone.contains($0.id) }
  }

  /// The window's order: due time, then creation, then identity.
  static func order(_ a: TodoItem, _ b: TodoItem) -> Bool {
    let (x, y) = (a.dueDate ?? .distantFuture, b.dueDate ?? .distantFuture)
    if x != y { return x < y }
    if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
    return a.id.rawValue < b.id.rawValue
  }
}

/// The open items of `owner`'s list due soonest after a time (``TodoDueWindow``), kept current:
/// read when the subscription starts, and again whenever a commit of this app or of another
/// program on the same database file may have changed them. Its runner (TodoImpl's) sends
/// ``TodoMessage/dueSoon(_:owner:)``.
///
/// The notifications feature asks for it to keep the next reminders without holding the list, and
/// moves ``after`` forward as time passes the window.
public struct TodoDueSubscription: Subscription, Codable {
  /// The user whose items are read.
  public let owner: UserID
  /// Items due strictly after this time.
  public let after: Date
  /// How many items to read at least, unless there are fewer.
  public let limit: Int

  /// Creates the subscription.
  ///
  /// - Parameters:
  ///   - owner: The user whose items are read.
  ///   - after: Items due strictly after this time.
  ///   - limit: How many items to read at least (values below 1 read 1).
  public init(owner: UserID, after: Date, limit: Int) {
    self.owner = owner
    self.after = after
    self.limit = max(1, limit)
  }
}

/// The open items of a list due in `after < due <= through`, read once
/// (``TodoCommand/readDue(after:through:naming:owner:)``): how many there are, and the first of
/// them, soonest first. What a sign-in's "came due while you were away" needs, however many.
public struct TodoDueSpan: Hashable, Sendable, Codable {
  /// Items due strictly after this time.
  public var after: Date
  /// Items due at this time or before.
  public var through: Date
  /// The first items, soonest first (ties by creation, then identity), as many as were asked.
  public var first: [TodoItem]
  /// How many open items are due in the span.
  public var count: Int

  /// Creates a span.
  ///
  /// - Parameters:
  ///   - after: Items due strictly after this time.
  ///   - through: Items due at this time or before.
  ///   - first: The first items, soonest first.
  ///   - count: How many there are in all.
  public init(after: Date, through: Date, first: [TodoItem], count: Int) {
    self.after = after
    self.through = through
    self.first = first
    self.count = count
  }
}
