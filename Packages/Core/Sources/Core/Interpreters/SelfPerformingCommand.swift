/// A command that knows how to perform itself given a dependency, so that one
/// ``SelfPerformingInterpreter`` serves every command of a generic family.
///
/// A reusable generic command (`APICommand<Todo>`, `APICommand<User>`, …) needs its payload type to
/// do its work (decode a `Todo`), and an interpreter written for one specialization serves only
/// that one. Conforming the generic command to this protocol puts the payload-specific part in the
/// command and leaves the dependency in the interpreter:
///
/// ```swift
/// struct APICommand<Payload: Decodable & Sendable>: SelfPerformingCommand {
///   let path: String
///   let reply: Reply<Payload>
///
///   func perform(with client: any HTTPClient, dispatch: Dispatch) async throws {
///     await reply.send(through: dispatch) { try await client.get(path, as: Payload.self) }
///   }
/// }
/// store.register(SelfPerformingInterpreter<any HTTPClient>(liveClient))  // every APICommand<…>
/// ```
///
/// The interpreter is registered for the family `any SelfPerformingCommand<Dependency>`, so the
/// store routes each new specialization to it with one cast, then from its cache.
public protocol SelfPerformingCommand<Dependency>: Command {
  /// What the command needs to do its work: an HTTP client, a database, a clock.
  associatedtype Dependency

  /// Does the work with `dependency` and sends zero or more messages through `dispatch`.
  ///
  /// - Parameters:
  ///   - dependency: The interpreter's dependency.
  ///   - dispatch: Sends messages back to the store, each caused by this command.
  /// - Throws: Any error; the store reports it to monitors as a failed command.
  func perform(with dependency: Dependency, dispatch: Dispatch) async throws
}

// MARK: - Advice

extension SelfPerformingCommand {
  /// How to serve the command, for a report that found no interpreter: the interpreter's type
  /// parameter must be exactly ``Dependency``, and `SelfPerformingInterpreter(value)` infers the
  /// value's own type instead (a concrete type where the command asks for `any Protocol`).
  package var interpreterAdvice: String {
    // A protocol's name prints without `any`: the advice spells both cases.
    let dependency = String(describing: Dependency.self)
    return """
      \(type(of: self)) performs itself with \(dependency): the interpreter's type parameter must be \
      exactly that type, spelled out for a protocol, SelfPerformingInterpreter<any \(dependency)>(fake); \
      SelfPerformingInterpreter(fake) takes the fake's own type and serves only commands that ask for it.
      """
  }
}

/// ``SelfPerformingCommand/interpreterAdvice`` if `command` performs itself.
///
/// - Parameter command: A command no interpreter was found for.
/// - Returns: The advice, or `nil` for a command that does not perform itself.
package func selfPerformingAdvice(for command: any Command) -> String? {
  (command as? any SelfPerformingCommand)?.interpreterAdvice
}
