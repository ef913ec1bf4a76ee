import Synchronization

/// What ``ValueRendering`` and Tracing's model diff need to know about a type, computed once per
/// type.
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
/// no actor, so it finds nonisolated conformances only; a caller of ``ValueRendering`` on an actor
/// whose types have conformances isolated to that actor should not also trace those types.
package final class TypeTraits: @unchecked Sendable {
  package let qualifiedName: String
  /// The name without module or enclosing types' context: `TodoMessage`.
  package let shortName: String
  package let isRedacted: Bool
  package let isEncodable: Bool
  package let isScalar: Bool
  /// A `String`, rendered quoted; other scalars print their description.
  package let isString: Bool
  /// A `Character`, rendered quoted like a string.
  package let isCharacter: Bool
  /// A metatype (`Int.self`), rendered with its module: `Swift.Int`.
  package let isMetatype: Bool
  /// A ``Reply`` (``InspectableReply``), which an indented rendering expands into the messages it
  /// builds.
  package let isReply: Bool
  /// Prints itself (`CustomStringConvertible`) and is not a collection: dates, URLs, identifiers;
  /// or is a collection of bytes with a mirror of its own (`Data`), printed as its bytes.
  package let isSelfDescribing: Bool
  /// An array or dictionary of `Equatable` elements (``EquatableElements``), which Tracing's model
  /// diff compares without `Mirror`.
  package let isTypedDiffable: Bool
  /// The type's `Mirror` display style (`nil` for types without one).
  package let displayStyle: Mirror.DisplayStyle?
  /// `==` for two values, `false` when the second is of another type; `nil` for types that are not
  /// `Equatable`. Casting each value to `any Equatable` would look up the conformance every time
  /// (measured with `perf`: a tenth of the writer's time); a cast from `Any` to the concrete type is
  /// a comparison of type metadata.
  package let equals: ((Any, Any) -> Bool)?
  /// The value as an `AnyHashable`, for the same reason; `nil` for types that are not `Hashable`.
  package let hashable: ((Any) -> AnyHashable)?
  /// The value's `description` without `String(describing:)`'s conformance lookups; `nil` for types
  /// that are not `CustomStringConvertible`.
  package let describe: ((Any) -> String)?

  private init(_ value: Any) {
    let type = Swift.type(of: value)
    qualifiedName = Self.stableName(of: type)
    shortName = String(describing: type)
    let displayStyle = Mirror(reflecting: value).displayStyle
    self.displayStyle = displayStyle
    // A cast from `Any` unwraps an optional: `Optional("a") as? any CustomStringConvertible` finds
    // `String`'s conformance, and `nil` finds none. Traits belong to the type, whichever value is
    // seen first, so an optional's are not found by casting it: it is walked, and `nil` of a type
    // first seen holding a string is not cast to a string (which crashed).
    let castable: Any? = displayStyle == .optional ? nil : value
    isRedacted = castable is any Redacted
    isEncodable = value is any Encodable
    isScalar = castable is String || castable is any Numeric || castable is Bool
    isString = castable is String
    isCharacter = castable is Character
    isMetatype = castable is Any.Type
    isReply = castable is any InspectableReply
    // A collection of bytes with a mirror of its own (Foundation's `Data`, whose mirror shows its
    // address, different in every run) prints its bytes instead.
    let bytes = displayStyle == .struct ? castable as? any Collection<UInt8> : nil
    isSelfDescribing =
      bytes != nil || (castable is any CustomStringConvertible && !(castable is any Collection))
    isTypedDiffable = castable is any EquatableElements
    // Safe for an optional whichever value is seen first: the closure casts, and says `false` for a
    // value that is not of the type found.
    equals = (value as? any Equatable).map { Self.equality(for: $0) }
    hashable = (castable as? any Hashable).map { Self.hashing(for: $0) }
    describe =
      bytes.map { Self.byteDescription(for: $0) }
      ?? (castable as? any CustomStringConvertible).map { Self.description(for: $0) }
  }

  private static let cache = Mutex<[ObjectIdentifier: TypeTraits]>([:])

  package static func of(_ value: Any) -> TypeTraits {
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

  /// `Data(count: 3, bytes: 0x0102ab)`, the first 32 bytes in hexadecimal.
  private static func byteDescription<Bytes: Collection<UInt8>>(for _: Bytes) -> (Any) -> String {
    let name = String(describing: Bytes.self)
    return { value in
      let bytes = value as! Bytes
      var hex = ""
      for byte in bytes.prefix(32) {
        if byte < 16 { hex += "0" }
        hex += String(byte, radix: 16)
      }
      return "\(name)(count: \(bytes.count), bytes: 0x\(hex)\(bytes.count > 32 ? "…" : ""))"
    }
  }

  /// `String(reflecting:)` without the "(unknown context at $…)." segments of private and local
  /// types, whose addresses change from run to run (replay matches on names).
  package static func stableName(of type: Any.Type) -> String {
    var name = String(reflecting: type)
    while let start = name.firstRange(of: "(unknown context at "),
      let end = name[start.upperBound...].firstRange(of: ").")
    {
      name.removeSubrange(start.lowerBound..<end.upperBound)
    }
    return name
  }
}

/// A collection whose elements compare with `==`: Tracing's model diff walks such a collection with
/// its elements' `==` instead of `Mirror`. Declared in Core, so that ``TypeTraits`` remembers the
/// conformance with the other traits.
package protocol EquatableElements {}

extension Array: EquatableElements where Element: Equatable {}

extension Dictionary: EquatableElements where Value: Equatable {}
