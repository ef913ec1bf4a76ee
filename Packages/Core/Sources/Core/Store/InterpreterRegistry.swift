/// Finds the interpreter for a command or subscription value by its type.
///
/// Registrations are keyed by the type the interpreter declares. A value whose exact type is
/// registered costs one ``TypeTable`` lookup. Otherwise (a generic command such as
/// `APICommand<Todo>` served by an interpreter of `any APIRequest`) the registrations are tried in
/// order with a cast, once per concrete type; the answer, including "none", is cached.
struct InterpreterRegistry<Handler> {
  private var exact = TypeTable<Handler>()
  private var ordered: [(type: ObjectIdentifier, matches: @Sendable (Any) -> Bool, handler: Handler)] = []
  private var resolved: [ObjectIdentifier: Handler?] = [:]

  /// Adds `handler` for values of `type` (or values castable to it).
  ///
  /// - Precondition: No handler is registered for `type` yet.
  mutating func register(
    _ handler: Handler, for type: Any.Type, matches: @escaping @Sendable (Any) -> Bool, kind: String
  ) {
    let key = ObjectIdentifier(type)
    precondition(
      exact[key] == nil,
      "An interpreter for \(kind) \(String(reflecting: type)) is already registered on this store.")
    exact.set(handler, for: key)
    ordered.append((key, matches, handler))
    resolved.removeAll()
  }

  /// The handler of the command's type: the type its existential holds, read by opening it, neither
  /// through a conversion to `Any` nor through `type(of:)`, which asks the runtime for the dynamic
  /// type; a class instance's own class (``typeKey(_:)``).
  mutating func handler(for value: any Command) -> Handler? {
    let key = typeKey(value)
    if let handler = exact[key] { return handler }
    return resolve(value, key: key)
  }

  /// The handler of the subscription's type (see the command's form).
  mutating func handler(for value: any Subscription) -> Handler? {
    let key = typeKey(value)
    if let handler = exact[key] { return handler }
    return resolve(value, key: key)
  }

  @inline(never)
  private mutating func resolve(_ value: Any, key: ObjectIdentifier) -> Handler? {
    if let cached = resolved[key] { return cached }
    let found = ordered.first { $0.matches(value) }?.handler
    resolved[key] = .some(found)
    return found
  }
}

/// The type of `value`, an opened existential: the type the existential holds, except for a class
/// instance, which may have been wrapped as its superclass: its own class, as `type(of:)` reads it.
/// Only a value of a reference's size can be one, so other values skip that check.
@inline(__always)
private func typeKey<Value>(_ value: Value) -> ObjectIdentifier {
  if MemoryLayout<Value>.size == MemoryLayout<AnyObject>.size, Value.self is AnyObject.Type {
    return ObjectIdentifier(Swift.type(of: value))
  }
  return ObjectIdentifier(Value.self)
}
