import AuthenticationAPI
public import TodoAPI

/// The numbers the user has seen: what `done 3` or `rm 2 5-9` mean.
///
/// A listing (`list`, in any form) numbers the whole list from 1, in display order, and those
/// numbers keep meaning the same items until the next listing (Taskwarrior's rule), whatever
/// changes meanwhile: after `rm 2`, `3` is still the item the list showed as 3, and `2` names an
/// item that is gone. An item that appears meanwhile (`add`, an import, an `undo`) takes the next
/// free number. `find` shows these numbers and changes none.
///
/// Until something changes the list's membership after a listing, the numbers are the items'
/// positions and nothing is stored; ``freeze(_:)``, called before a command that may remove or
/// insert items, keeps the numbers of that moment.
public struct ItemNumbers: Hashable, Sendable, Codable {
  /// What a number names.
  public enum Lookup: Equatable, Sendable {
    /// The item it names.
    case item(TodoItem)
    /// It named an item that has been deleted since the listing.
    case gone
    /// No listing gave that number.
    case unknown
  }

  /// The owner of the frozen numbers, `nil` while the numbers are positions.
  private var owner: UserID?
  /// Number `n` names `ids[n - 1]`; empty while the numbers are positions.
  private var ids: [TodoID]
  private var numbers: [TodoID: Int]

  /// Numbers that are the positions of the list.
  public init() {
    owner = nil
    ids = []
    numbers = [:]
  }

  /// Whether the numbers are kept apart from the positions.
  public var isFrozen: Bool { owner != nil }

  /// Numbers the list afresh, from its positions: a listing.
  public mutating func renumber() {
    self = ItemNumbers()
  }

  /// Keeps the numbers of `todos` as they are now, before a change that may move its items.
  ///
  /// Costs O(*n*) once after a listing; nothing while frozen already.
  ///
  /// - Parameter todos: The list as the user last saw it numbered.
  public mutating func freeze(_ todos: TodoModel) {
    guard !isFrozen, let owner = todos.owner else { return }
    self.owner = owner
    ids = todos.items.map(\.id)
    numbers = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0 + 1) })
  }

  /// Gives the next free numbers to the items of `todos` that have none, in display order.
  ///
  /// - Parameters:
  ///   - todos: The list after a change.
  ///   - candidates: The items that may be new; all of the list's when `nil`.
  public mutating func extend(_ todos: TodoModel, with candidates: [TodoID]? = nil) {
    guard isFrozen else { return }
    guard owner == todos.owner else {
      renumber()
      return
    }
    for id in candidates ?? todos.items.map(\.id) where numbers[id] == nil && todos.item(id) != nil {
      ids.append(id)
      numbers[id] = ids.count
    }
  }

  /// What `number` names in `todos`.
  ///
  /// - Parameters:
  ///   - number: A number, from 1.
  ///   - todos: The list now.
  /// - Returns: The item, or why there is none.
  public func lookup(_ number: Int, in todos: TodoModel) -> Lookup {
    guard isFrozen else {
      return todos.items.indices.contains(number - 1) ? .item(todos.items[number - 1]) : .unknown
    }
    guard ids.indices.contains(number - 1) else { return .unknown }
    return todos.item(ids[number - 1]).map(Lookup.item) ?? .gone
  }

  /// The number of the item `id` of `todos`.
  ///
  /// - Parameters:
  ///   - id: The item's identity.
  ///   - todos: The list now.
  /// - Returns: Its number, or `nil` if it has none.
  public func number(of id: TodoID, in todos: TodoModel) -> Int? {
    isFrozen ? numbers[id] : todos.position(of: id).map { $0 + 1 }
  }

  /// The highest number in use.
  ///
  /// - Parameter todos: The list now.
  /// - Returns: The count of numbers given.
  public func highest(in todos: TodoModel) -> Int {
    isFrozen ? ids.count : todos.counts.total
  }
}
