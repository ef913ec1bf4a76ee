/// A map from types to values, tuned for the handful of types a store routes.
///
/// Up to ``linearLimit`` entries it compares type identities in a contiguous array; beyond that it
/// switches to a dictionary (one hash of a pointer). Either way the cost does not depend on how many updaters or interpreters exist
/// beyond the table's size, and there are no casts.
struct TypeTable<Value> {
  static var linearLimit: Int { 12 }

  private var keys: [ObjectIdentifier] = []
  private var values: [Value] = []
  private var index: [ObjectIdentifier: Int]? = nil

  var isEmpty: Bool { keys.isEmpty }
  var count: Int { keys.count }

  @inline(__always)
  subscript(type: ObjectIdentifier) -> Value? {
    if let index {
      guard let position = index[type] else { return nil }
      return values[position]
    }
    for position in keys.indices where keys[position] == type {
      return values[position]
    }
    return nil
  }

  mutating func set(_ value: Value, for type: ObjectIdentifier) {
    if let position = position(of: type) {
      values[position] = value
      return
    }
    keys.append(type)
    values.append(value)
    if index != nil {
      index![type] = keys.count - 1
    } else if keys.count > Self.linearLimit {
      index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    }
  }

  private func position(of type: ObjectIdentifier) -> Int? {
    if let index { return index[type] }
    return keys.firstIndex(of: type)
  }
}
extension TypeTable: Sendable where Value: Sendable {}
