/// A message that sets one field of the model: the generic message of a form with many fields,
/// one per edit, instead of a case per field.
///
/// A ``BindingUpdater`` applies it; give the combined updater one for the model (or a slice) the
/// bindings write to. It is routed, traced and tested like any message: a `TestStore` compares two
/// bindings by their key path and value.
///
/// ```swift
/// struct Profile: Equatable, Sendable {
///   var name = ""
///   var age = 0
/// }
///
/// let updater = CombinedUpdater<Profile>(.full(BindingUpdater()))
/// store.send(BindingMessage(\Profile.name, "Ann"))
/// store.send(BindingMessage(\Profile.age, 42))
/// ```
///
/// An updater that must react to a field's change (validate it, save after a pause) matches the
/// binding's ``keyPath`` in an updater of its own for `BindingMessage<Model>`, placed after the
/// ``BindingUpdater``.
public struct BindingMessage<Model>: Message {
  /// The field the message sets.
  public let keyPath: any PartialKeyPath<Model> & Sendable
  /// The value it sets, for comparing and printing.
  public let value: any Sendable
  private let set: @Sendable (inout Model) -> Void
  private let isEqual: @Sendable (any Sendable) -> Bool

  /// The message that sets the field at `keyPath` to `value`.
  ///
  /// - Parameters:
  ///   - keyPath: The field, a writable key path of the model (`\Profile.name`).
  ///   - value: Its new value.
  public init<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<Model, Value> & Sendable, _ value: Value
  ) {
    self.keyPath = keyPath
    self.value = value
    set = { $0[keyPath: keyPath] = value }
    isEqual = { ($0 as? Value) == value }
  }

  /// Sets the field in `model`.
  ///
  /// - Parameter model: The model (or slice) the key path starts from.
  public func apply(to model: inout Model) {
    set(&model)
  }
}

extension BindingMessage: Equatable {
  /// Whether both set the same field to equal values.
  public static func == (left: Self, right: Self) -> Bool {
    left.keyPath == right.keyPath && left.isEqual(right.value)
  }
}

extension BindingMessage: CustomStringConvertible {
  /// The key path and the value: `BindingMessage(\Profile.name, "Ann")` (``Redacted`` values
  /// inside the value redacted).
  public var description: String {
    "BindingMessage(\(keyPath), \(ValueRendering.line(of: value, limit: 4_096)))"
  }
}
