import Core
@_spi(Reflection) import Swift
import Synchronization

/// The stored properties of a struct type, with their offsets and a reader for each, found once.
///
/// `Mirror` finds a field's type from its mangled name every time a value is reflected (measured
/// with `perf`: a fifth of the trace writer's time went to reflecting on the model). The standard
/// library's reflection SPI, `_forEachField(of:options:body:)`, reports the same fields with their
/// byte offsets and types once per type; a snapshot then reads each field at its offset.
///
/// The SPI is underscored and may change with the toolchain; it has been stable since Swift 5.2.
/// Types it cannot describe (classes, enums, tuples, and anything it refuses) are reflected with
/// `Mirror` as before.
struct FieldLayout: Sendable {
  let label: String
  let offset: Int
  /// Copies the field out of the struct's memory at `offset`.
  let read: @Sendable (UnsafeRawPointer) -> Any
  /// The field's traits when every value of it has the same type (a struct or enum field, not an
  /// existential or a class whose value may be of a subclass): the diff then need not look them up
  /// for each message. `nil` otherwise.
  var traits: TypeTraits?

  private static let cache = Mutex<[ObjectIdentifier: [FieldLayout]?]>([:])

  /// The fields of `value`'s type in declaration order, or `nil` if it is not a struct that `Mirror`
  /// reflects by its stored properties (a struct with a custom mirror is not) or the SPI cannot
  /// describe it.
  ///
  /// - Parameters:
  ///   - value: A value of the type.
  ///   - base: The address of `value`, whose fields give the traits of the fields' types.
  /// - Returns: The layout, from the cache after the first call.
  static func of(_ value: Any, at base: UnsafeRawPointer) -> [FieldLayout]? {
    let type = Swift.type(of: value)
    let key = ObjectIdentifier(type)
    if let known = cache.withLock({ $0[key] }) { return known }
    let traits = TypeTraits.of(value)
    let layout =
      traits.displayStyle == .struct && !(value is any CustomReflectable) ? compute(type, base: base) : nil
    cache.withLock { $0[key] = layout }
    return layout
  }

  private static func compute(_ type: Any.Type, base: UnsafeRawPointer) -> [FieldLayout]? {
    var fields: [FieldLayout] = []
    let complete = _forEachField(of: type, options: []) { name, offset, fieldType, _ in
      var field = FieldLayout(label: String(cString: name), offset: offset, read: reader(for: fieldType))
      let sample = field.read(base + offset)
      if Swift.type(of: sample) == fieldType, !(fieldType is AnyClass) {
        field.traits = TypeTraits.of(sample)
      }
      fields.append(field)
      return true
    }
    return complete ? fields : nil
  }

  private static func reader<Field>(for _: Field.Type) -> @Sendable (UnsafeRawPointer) -> Any {
    // Safe: the layout came from the struct's own metadata, so `offset` holds an initialised,
    // aligned `Field` for as long as the struct the pointer points into is alive (the caller reads
    // inside `withUnsafePointer(to:)`); `pointee` copies it out.
    { $0.assumingMemoryBound(to: Field.self).pointee }
  }
}
