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

  /// The handler of the command's type: its dynamic type is read from the existential it comes
  /// in, not from a conversion to `Any` first.
  mutating func handler(for value: any Command) -> Handler? {
    let key = ObjectIdentifier(Swift.type(of: value))
    if let handler = exact[key] { return handler }
    return resolve(value, key: key)
  }

  /// The handler of the subscription's type (see the command's form).
  mutating func handler(for value: any Subscription) -> Handler? {
    let key = ObjectIdentifier(Swift.type(of: value))
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
