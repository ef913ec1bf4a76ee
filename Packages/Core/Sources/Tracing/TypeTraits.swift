import Core
import Synchronization

/// What the renderer and the diff need to know about a type, computed once per type.
///
/// A failing `as? any P` cast makes the runtime scan conformance records (measured with `perf`:
/// about a sixth of the writer's time); caching the answers per type leaves only the casts that
/// succeed. A class, so that looking the traits up copies a reference, not their strings and
/// closures.
///
/// `@unchecked Sendable` because the closures capture a metatype, which Swift 6.2 does not call
/// `Sendable` in case the type's conformances are isolated to an actor. Safe: every property is a
/// constant, and the conformances were found by dynamic casts, which succeed for an isolated
/// conformance only on its actor. The trace writer thread, which looks up nearly every type, is on
/// no actor, so it finds nonisolated conformances only; a caller of ``ValueRenderer`` on an actor
/// whose types have conformances isolated to that actor should not also trace those types.
final class TypeTraits: @unchecked Sendable {
  let qualifiedName: String
  /// The name without module or enclosing types' context: `TodoMessage`.
  let shortName: String
  let isRedacted: Bool
  let isEncodable: Bool
  let isScalar: Bool
  /// A `String`, rendered quoted; other scalars print their description.
  let isString: Bool
  /// Prints itself (`CustomStringConvertible`) and is not a collection: dates, URLs, identifiers.
  let isSelfDescribing: Bool
  /// An array or dictionary of `Equatable` elements, which ``ModelDiff`` compares without `Mirror`.
  let isTypedDiffable: Bool
  /// The type's `Mirror` display style (`nil` for types without one).
  let displayStyle: Mirror.DisplayStyle?
  /// `==` for two values, `false` when the second is of another type; `nil` for types that are not
  /// `Equatable`. Casting each value to `any Equatable` would look up the conformance every time
  /// (measured with `perf`: a tenth of the writer's time); a cast from `Any` to the concrete type is
  /// a comparison of type metadata.
  let equals: ((Any, Any) -> Bool)?
  /// The value as an `AnyHashable`, for the same reason; `nil` for types that are not `Hashable`.
  let hashable: ((Any) -> AnyHashable)?
  /// The value's `description` without `String(describing:)`'s conformance lookups; `nil` for types
  /// that are not `CustomStringConvertible`.
  let describe: ((Any) -> String)?

  private init(_ value: Any) {
    let type = Swift.type(of: value)
    qualifiedName = Self.stableName(of: type)
    shortName = String(describing: type)
    isRedacted = value is any Redacted
    isEncodable = value is any Encodable
    isScalar = value is String || value is any Numeric || value is Bool
    isString = value is String
    isSelfDescribing = value is any CustomStringConvertible && !(value is any Collection)
    displayStyle = Mirror(reflecting: value).displayStyle
    isTypedDiffable = value is any TypedDiffable
    equals = (value as? any Equatable).map { Self.equality(for: $0) }
    hashable = (value as? any Hashable).map { Self.hashing(for: $0) }
    describe = (value as? any CustomStringConvertible).map { Self.description(for: $0) }
  }

  private static let cache = Mutex<[ObjectIdentifier: TypeTraits]>([:])

  static func of(_ value: Any) -> TypeTraits {
    let type = Swift.type(of: value)
    let key = ObjectIdentifier(type)
    if let known = cache.withLock({ $0[key] }) { return known }
    let traits = TypeTraits(value)
    cache.withLock { $0[key] = traits }
    return traits
  }

  private static func equality<Value: Equatable>(for _: Value) -> (Any, Any) -> Bool {
    { left, right in
      guard let left = left as? Value, let right = right as? Value else { return false }
      return left == right
    }
  }

  private static func hashing<Value: Hashable>(for _: Value) -> (Any) -> AnyHashable {
    { value in AnyHashable(value as! Value) }
  }

  private static func description<Value: CustomStringConvertible>(for _: Value) -> (Any) -> String {
    { value in (value as! Value).description }
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
