/// An ordered collection of `Identifiable` elements with lookup by id in constant time: the
/// storage of a list whose rows are child features (``UpdaterPart/forEach(_:_:)``).
///
/// ```swift
/// struct Downloads: Sendable {
///   var items: IdentifiedArray<Download> = []
/// }
/// model.items.append(Download(id: 7, url: url))
/// model.items[id: 7]?.progress = 0.5
/// model.items.remove(id: 7)
/// ```
///
/// Ids are unique: appending an element whose id is present replaces that element in place.
/// Lookup, replacement and appending cost the same for ten elements or a million; removing or
/// inserting in the middle moves the elements after it, as an array does.
///
/// Every element carries a *stamp*, given when it is added and never given again: not by this
/// collection, by a copy of it, or by one made anew to replace it
/// (`IdentifiedArray(rows.reversed())` holds new elements). A command a child emits is tagged with
/// its element's stamp, so a result that arrives after the element was removed, even if another
/// element with the same id was added since, is recognised as stale and dropped (and reported)
/// rather than applied to the newcomer.
public struct IdentifiedArray<Element: Identifiable> {
  @usableFromInline var elements: [Element] = []
  @usableFromInline var stamps: [UInt64] = []
  @usableFromInline var positions: [Element.ID: Int] = [:]
  /// Where its stamps come from, shared with its copies; made with the first stamp.
  private var stampSource: StampSource?

  /// An empty collection.
  public init() {}

  /// The elements in order; for an id that appears twice, the later element wins.
  ///
  /// - Parameter elements: The elements.
  public init(_ elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// The ids, in order.
  public var ids: [Element.ID] { elements.map(\.id) }

  /// The element with `id`, or `nil`. Setting `nil` removes it; setting an element for an id that
  /// is absent appends it. The element's id must be `id`.
  public subscript(id id: Element.ID) -> Element? {
    get { positions[id].map { elements[$0] } }
    set {
      guard let newValue else {
        remove(id: id)
        return
      }
      precondition(newValue.id == id, "IdentifiedArray: the element set for id \(id) has id \(newValue.id)")
      append(newValue)
    }
  }

  /// Whether an element with `id` is present.
  public func contains(id: Element.ID) -> Bool { positions[id] != nil }

  /// The position of the element with `id`, or `nil`.
  public func index(id: Element.ID) -> Int? { positions[id] }

  /// Adds `element` at the end, or replaces the element with its id in place (keeping its stamp,
  /// since it is the same element changed).
  ///
  /// - Parameter element: The element.
  public mutating func append(_ element: Element) {
    if let position = positions[element.id] {
      elements[position] = element
      return
    }
    positions[element.id] = elements.count
    elements.append(element)
    stamps.append(StampSource.next(from: &stampSource))
  }

  /// Inserts `element` at `position`; an element with its id already present is removed first.
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - position: Where to insert it, `0...count` (after the removal of a present one).
  public mutating func insert(_ element: Element, at position: Int) {
    remove(id: element.id)
    precondition(position >= 0 && position <= elements.count, "IdentifiedArray: position out of range")
    elements.insert(element, at: position)
    stamps.insert(StampSource.next(from: &stampSource), at: position)
    reindex(from: position)
  }

  /// Removes the element with `id` and returns it, or `nil` if absent.
  @discardableResult
  public mutating func remove(id: Element.ID) -> Element? {
    guard let position = positions.removeValue(forKey: id) else { return nil }
    let removed = elements.remove(at: position)
    stamps.remove(at: position)
    reindex(from: position)
    return removed
  }

  /// Removes the elements for which `shouldBeRemoved` is true, keeping the others' order.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var kept: [Element] = []
    var keptStamps: [UInt64] = []
    for (element, stamp) in zip(elements, stamps) where try !shouldBeRemoved(element) {
      kept.append(element)
      keptStamps.append(stamp)
    }
    elements = kept
    stamps = keptStamps
    positions.removeAll(keepingCapacity: true)
    reindex(from: 0)
  }

  /// Removes every element.
  public mutating func removeAll() {
    elements.removeAll()
    stamps.removeAll()
    positions.removeAll()
  }

  // MARK: - Reordering

  /// Moves the elements at `offsets` so that they land before the element that was at
  /// `destination` (or at the end), in their order, as SwiftUI's `onMove` reports a move.
  ///
  /// Every element keeps its identity: a command a moved row started still delivers its result to
  /// that row, and its subscriptions keep running. Only removal ends an element's identity; so
  /// reorder with this method, ``sort(by:)``, ``swapAt(_:_:)`` or ``reverse()``, not by building a
  /// new collection from the elements (`IdentifiedArray(rows.reversed())` makes every element new,
  /// cancelling the commands the old ones started).
  ///
  /// ```swift
  /// rows.move(fromOffsets: [3], toOffset: 0)  // the fourth row first
  /// ```
  ///
  /// - Parameters:
  ///   - offsets: The positions of the elements to move (an `IndexSet` will do).
  ///   - destination: A position in `0...count`, counted before the move.
  public mutating func move(fromOffsets offsets: some Sequence<Int>, toOffset destination: Int) {
    let moving = Set(offsets)
    precondition(moving.allSatisfy(elements.indices.contains), "IdentifiedArray: offset out of range")
    precondition(
      destination >= 0 && destination <= elements.count, "IdentifiedArray: destination out of range")
    let kept = elements.indices.filter { !moving.contains($0) }
    let insertion = kept.firstIndex { $0 >= destination } ?? kept.count
    let order = kept[..<insertion] + moving.sorted() + kept[insertion...]
    rearrange(Array(order))
  }

  /// Exchanges the elements at two positions, each keeping its identity (see ``move(fromOffsets:toOffset:)``).
  public mutating func swapAt(_ first: Int, _ second: Int) {
    guard first != second else { return }
    elements.swapAt(first, second)
    stamps.swapAt(first, second)
    positions[elements[first].id] = first
    positions[elements[second].id] = second
  }

  /// Reverses the order of the elements, each keeping its identity.
  public mutating func reverse() {
    rearrange(Array(elements.indices.reversed()))
  }

  /// Sorts the elements in place, each keeping its identity; the sort is stable.
  ///
  /// - Parameter areInIncreasingOrder: Whether its first argument belongs before its second.
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    var order = Array(elements.indices)
    // Stable: equal elements keep their relative order, so a re-sort after a toggle does not shuffle.
    try order.sort { left, right in
      if try areInIncreasingOrder(elements[left], elements[right]) { return true }
      if try areInIncreasingOrder(elements[right], elements[left]) { return false }
      return left < right
    }
    rearrange(order)
  }

  /// Removes the elements at `offsets`, as SwiftUI's `onDelete` reports a deletion.
  ///
  /// - Parameter offsets: The positions of the elements to remove (an `IndexSet` will do).
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    let removing = Set(offsets)
    precondition(removing.allSatisfy(elements.indices.contains), "IdentifiedArray: offset out of range")
    for position in removing { positions[elements[position].id] = nil }
    rearrange(elements.indices.filter { !removing.contains($0) })
  }

  /// The elements that satisfy `isIncluded`, in order, each keeping its identity.
  ///
  /// - Parameter isIncluded: Whether an element belongs to the result.
  /// - Returns: A collection of those elements; assigning it back removes the others.
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> IdentifiedArray {
    var result = self
    try result.removeAll { try !isIncluded($0) }
    return result
  }

  /// Puts the elements at the positions `order` lists, in that order, with their stamps; the
  /// others are dropped (their index entries must be removed already).
  private mutating func rearrange(_ order: [Int]) {
    elements = order.map { elements[$0] }
    stamps = order.map { stamps[$0] }
    reindex(from: 0)
  }

  /// Runs `body` on the element with `id` in place, when present and, if `stamp` is given, still
  /// the element that stamp was given to.
  ///
  /// - Returns: `body`'s result, or `nil` when no such element is present.
  @inlinable
  mutating func withElement<Result>(
    id: Element.ID, stamp: UInt64?, _ body: (inout Element, UInt64) -> Result
  ) -> Result? {
    guard let position = positions[id] else { return nil }
    let current = stamps[position]
    if let stamp, !Stamp.matches(stamp, current) { return nil }
    return body(&elements[position], current)
  }

  /// Whether the element with `id` is present and, if `stamp` is given, still the element that
  /// stamp was given to.
  @inlinable
  func contains(id: Element.ID, stamp: UInt64?) -> Bool {
    guard let position = positions[id] else { return false }
    guard let stamp else { return true }
    return Stamp.matches(stamp, stamps[position])
  }

  /// Each element with its stamp, in order.
  func forEachStamped(_ body: (Element, UInt64) -> Void) {
    for position in elements.indices { body(elements[position], stamps[position]) }
  }

  private mutating func reindex(from start: Int) {
    for position in start..<elements.count { positions[elements[position].id] = position }
  }
}

extension IdentifiedArray: RandomAccessCollection {
  /// The position of the first element.
  public var startIndex: Int { elements.startIndex }
  /// The position after the last element.
  public var endIndex: Int { elements.endIndex }
  /// The element at `position`.
  public subscript(position: Int) -> Element { elements[position] }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  /// The elements in order; for an id that appears twice, the later element wins.
  public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Whether both hold equal elements in the same order (stamps are not compared).
  public static func == (left: Self, right: Self) -> Bool { left.elements == right.elements }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, as an array prints them.
  public var description: String { elements.description }
}

extension IdentifiedArray: CustomReflectable {
  /// The elements, as an array's mirror shows them: traces, diffs and test failures print the
  /// elements, not the index or the stamps.
  public var customMirror: Mirror { Mirror(self, unlabeledChildren: elements, displayStyle: .collection) }
}
