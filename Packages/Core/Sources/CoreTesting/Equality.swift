/// Compares two values of unknown types: with `==` when both are the same `Equatable` type,
/// otherwise by type and ``Dump`` rendering (which is how commands carrying closures compare: the
/// closures themselves cannot be compared and render alike).
///
/// - Parameters:
///   - lhs: A value.
///   - rhs: Another value.
/// - Returns: Whether the two are equal as far as can be told.
public func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
  if let lhs = lhs as? any Equatable {
    return lhs.isEqual(toAny: rhs)
  }
  return type(of: lhs) == type(of: rhs) && Dump.lines(of: lhs) == Dump.lines(of: rhs)
}

extension Equatable {
  fileprivate func isEqual(toAny other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
