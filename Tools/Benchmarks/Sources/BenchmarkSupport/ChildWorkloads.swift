public import Core

// MARK: - B8: a message to one element of a collection of child features

/// One element of B8's collection: a row that is a child feature.
public struct Row: Identifiable, Sendable, Equatable {
  /// The row's id.
  public let id: Int
  /// Whether it is done.
  public var done = false
}

/// B8's message for one row.
public enum RowMessage: Message {
  /// Flips `done`.
  case toggle
}

/// The updater of one row.
public struct RowUpdater: TypedUpdater {
  /// Creates the updater.
  public init() {}

  /// Flips `done`.
  ///
  /// - Parameters:
  ///   - model: The row.
  ///   - message: Always `toggle`.
  /// - Returns: No commands.
  public func update(_ model: inout Row, message: RowMessage) -> [any Command] {
    model.done.toggle()
    return []
  }
}

/// B8's model: a counter beside `count` rows, as a screen with a list would be.
public struct RowList: Sendable {
  /// The rows.
  public var rows: IdentifiedArray<Row>
  /// Another slice, untouched by B8's messages.
  public var counter = Counter()

  /// `count` rows with ids `0..<count`.
  ///
  /// - Parameter count: How many rows.
  public init(count: Int) {
    rows = IdentifiedArray((0..<count).map { Row(id: $0) })
  }
}

/// B8's updater: the rows as child features, beside a counter slice.
///
/// - Returns: `.slice(\.counter, …)` and `.forEach(\.rows, RowUpdater())`.
public func rowListUpdater() -> CombinedUpdater<RowList> {
  CombinedUpdater(.slice(\.counter, CounterUpdater()), .forEach(\.rows, RowUpdater()))
}

/// B8's anchor: the same rows in an array with a dictionary from id to position, updated by hand.
public struct IndexedRows {
  /// The rows.
  public var rows: [Row]
  /// Each row's position by id.
  public var positions: [Int: Int]

  /// `count` rows with ids `0..<count`.
  ///
  /// - Parameter count: How many rows.
  public init(count: Int) {
    rows = (0..<count).map { Row(id: $0) }
    positions = Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, $0) })
  }

  /// Flips `done` of the row with `id`.
  ///
  /// - Parameter id: The row's id.
  @inline(__always)
  public mutating func toggle(id: Int) {
    if let position = positions[id] { rows[position].done.toggle() }
  }
}
