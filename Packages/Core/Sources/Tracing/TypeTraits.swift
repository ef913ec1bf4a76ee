import Core
import Synchronization

/// What the renderer and the diff need to know about a type, computed once per type.
///
/// A failing `as? any P` cast makes the runtime scan conformance records (measured with `perf`:
/// about a sixth of the writer's time); caching the answers per type leaves only the casts that
/// succeed.
struct TypeTraits: Sendable {
  let qualifiedName: String
  /// The name without module or enclosing types' context: `TodoMessage`.
  let shortName: String
  let isRedacted: Bool
  let isEquatable: Bool
  let isEncodable: Bool
  let isHashable: Bool
  let isScalar: Bool
  /// Prints itself (`CustomStringConvertible`) and is not a collection: dates, URLs, identifiers.
  let isSelfDescribing: Bool
  /// The type's `Mirror` display style (`nil` for types without one).
  let displayStyle: Mirror.DisplayStyle?

  private static let cache = Mutex<[ObjectIdentifier: TypeTraits]>([:])

  static func of(_ value: Any) -> TypeTraits {
    let type = Swift.type(of: value)
    let key = ObjectIdentifier(type)
    if let known = cache.withLock({ $0[key] }) { return known }
    let traits = TypeTraits(
      qualifiedName: stableName(of: type),
      shortName: String(describing: type),
      isRedacted: value is any Redacted,
      isEquatable: value is any Equatable,
      isEncodable: value is any Encodable,
      isHashable: value is any Hashable,
      isScalar: value is String || value is any Numeric || value is Bool,
      isSelfDescribing: value is any CustomStringConvertible && !(value is any Collection),
      displayStyle: Mirror(reflecting: value).displayStyle)
    cache.withLock { $0[key] = traits }
    return traits
  }

  /// `String(reflecting:)` without the "(unknown context at $…)." segments of private and local
  /// types, whose addresses change from run to run (replay matches on names).
  static func stableName(of type: Any.Type) -> String {
    var name = String(reflecting: type)
    while let start = name.firstRange(of: "(unknown context at "),
      let end = name[start.upperBound...].firstRange(of: ").")
    {
      name.removeSubrange(start.lowerBound..<end.upperBound)
    }
    return name
  }
}
