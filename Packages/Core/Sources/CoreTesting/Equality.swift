/// Compares two values of unknown types: with `==` when both are the same `Equatable` type,
/// otherwise by type and ``Dump`` rendering (which is how commands carrying closures compare: bare
/// closures cannot be compared and render alike; a `Reply` renders as the message it builds for
/// ``ReplySample/failure``).
///
/// - Parameters:
///   - lhs: A value.
///   - rhs: Another value.
/// - Returns: Whether the two are equal as far as can be told.
public func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
  areEqual(lhs, rhs, sampleResults: [])
}

/// Compares two values of unknown types, applying the replies inside them to `sampleResults`.
///
/// - Parameters:
///   - lhs: A value.
///   - rhs: Another value.
///   - sampleResults: Results to apply to every `Reply`, besides ``ReplySample/failure``.
/// - Returns: Whether the two are equal as far as can be told.
public func areEqual(_ lhs: Any, _ rhs: Any, sampleResults: [ReplySample]) -> Bool {
  if let lhs = lhs as? any Equatable {
    return lhs.isEqual(toAny: rhs)
  }
  return type(of: lhs) == type(of: rhs)
    && Dump.lines(of: lhs, sampleResults: sampleResults) == Dump.lines(of: rhs, sampleResults: sampleResults)
}

extension Equatable {
  fileprivate func isEqual(toAny other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
