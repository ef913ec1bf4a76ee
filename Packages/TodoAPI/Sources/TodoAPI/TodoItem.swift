public import Foundation

/// The stable identity of a to-do item, kept across export and import.
public struct TodoID: RawRepresentable, Hashable, Comparable, Sendable, Codable {
  /// The identifier's text form (a UUID for items created by the app).
  public let rawValue: String

  /// Creates an identifier.
  ///
  /// - Parameter rawValue: The identifier's text.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Orders identifiers by their text.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A to-do item.
public struct TodoItem: Hashable, Sendable, Identifiable {
  /// The item's stable identity.
  public let id: TodoID
  /// The title.
  public var title: TodoTitle
  /// Whether the item is done.
  public var isDone: Bool
  /// When the item is due, if ever.
  public var dueDate: Date?
  /// How far ahead a due time may be set, in days (about ten years): at the prompt, by a duration
  /// or a time, and in an imported file, counted from the moment it is set.
  public static let latestDueInDays = 3_650
  /// How much the item matters.
  public var priority: TodoPriority
  /// The item's tags, sorted by name, each once, at most ``TodoTag/maximumCount``.
  public var tags: [TodoTag]
  /// When the item was created.
  public let createdAt: Date
  /// When the item last changed.
  public var updatedAt: Date

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - id: The stable identity.
  ///   - title: The title.
  ///   - isDone: Whether it is done.
  ///   - dueDate: When it is due.
  ///   - priority: How much it matters; none by default.
  ///   - tags: Its tags, sorted by name, each once (``TodoTag/normalized(_:)``); none by default.
  ///   - createdAt: When it was created.
  ///   - updatedAt: When it last changed; defaults to `createdAt`.
  public init(
    id: TodoID, title: TodoTitle, isDone: Bool = false, dueDate: Date? = nil, priority: TodoPriority = .none,
    tags: [TodoTag] = [], createdAt: Date, updatedAt: Date? = nil
  ) {
    self.id = id
    self.title = title
    self.isDone = isDone
    self.dueDate = dueDate
    self.priority = priority
    self.tags = tags
    self.createdAt = createdAt
    self.updatedAt = updatedAt ?? createdAt
  }

  /// The order the list shows: oldest first, ties broken by identity.
  public static func displayOrder(_ lhs: TodoItem, _ rhs: TodoItem) -> Bool {
    (lhs.createdAt, lhs.id) < (rhs.createdAt, rhs.id)
  }
}

extension TodoItem: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, title, isDone, dueDate, priority, tags, createdAt, updatedAt
  }

  /// Decodes an item; one encoded without a priority or tags (a trace recorded before items had
  /// them) has none. The title is a plain string, validated (``TodoTitle/init(from:)``).
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: The decoder's error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(TodoID.self, forKey: .id)
    title = try container.decode(TodoTitle.self, forKey: .title)
    isDone = try container.decode(Bool.self, forKey: .isDone)
    dueDate = try container.decodeIfPresent(Date.self, forKey: .dueDate)
    priority = try container.decodeIfPresent(TodoPriority.self, forKey: .priority) ?? .none
    tags = try container.decodeIfPresent([TodoTag].self, forKey: .tags) ?? []
    createdAt = try container.decode(Date.self, forKey: .createdAt)
    updatedAt = try container.decode(Date.self, forKey: .updatedAt)
  }
}
