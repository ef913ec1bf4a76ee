/// The message a command sends back once its work has a result: the continuation of a reusable
/// command such as the seed's `APICommand<Payload>`.
///
/// An updater that asks a library for something names the message that carries the answer; the
/// command keeps it as a `Reply`, and whoever performs the command turns the outcome into that
/// message:
///
/// ```swift
/// struct APICommand<Payload: Decodable & Sendable>: Command {
///   let path: String
///   let reply: Reply<Payload>
/// }
/// // in an updater:
/// return [APICommand(path: "/me", reply: Reply(ProfileMessage.loaded))]
/// // in the interpreter:
/// await command.reply.send(through: dispatch) { try await client.get(command.path, as: Payload.self) }
/// ```
///
/// A closure cannot be compared, but a reply can be inspected: ``InspectableReply`` applies it to a
/// result of any type, which is how CoreTesting's `assertUpdate` and `TestStore` check that an
/// updater maps the answer to the right message, by applying both the expected and the actual reply
/// to sample results.
///
/// ## Typed failures
/// `Reply<Payload>` is `TypedReply<Payload, any Error>`. A message whose result names its error type
/// (`Result<Todo, APIError>`, `Equatable` when both are) takes a `TypedReply<Todo, APIError>`, and
/// the work that answers it throws that type alone (typed throws):
///
/// ```swift
/// struct APICommand<Payload: Decodable & Sendable>: Command {
///   let path: String
///   let reply: TypedReply<Payload, APIError>
/// }
/// return [APICommand(path: "/todos/1", reply: TypedReply(AppMessage.manageGetTodo))]
/// await command.reply.send(through: dispatch) { () throws(APIError) in try await api.get(command.path) }
/// ```
public typealias Reply<Payload: Sendable> = TypedReply<Payload, any Error>

/// The message a command sends back once its work has a result, whose failure is of type
/// `Failure`; ``Reply`` is the common case, any error.
public struct TypedReply<Payload: Sendable, Failure: Error>: Sendable {
  private let transform: @Sendable (Result<Payload, Failure>) -> any Message

  /// Creates a reply that builds its message with `transform`, usually an enum case taking a
  /// `Result` (`Reply(ProfileMessage.loaded)`).
  ///
  /// - Parameter transform: Turns the work's result into the message to send; keep it pure.
  public init<M: Message>(_ transform: @escaping @Sendable (Result<Payload, Failure>) -> M) {
    self.transform = { transform($0) }
  }

  /// Creates a reply whose closure may build messages of different types.
  ///
  /// - Parameter transform: Turns the work's result into the message to send; keep it pure.
  public init(any transform: @escaping @Sendable (Result<Payload, Failure>) -> any Message) {
    self.transform = transform
  }

  /// The message for `result`.
  ///
  /// - Parameter result: The outcome of the command's work.
  /// - Returns: The message to send.
  public func message(for result: Result<Payload, Failure>) -> any Message {
    transform(result)
  }

  /// Runs `work` and returns the message for its value, or for the error it threw.
  ///
  /// - Parameter work: The command's work, producing the payload.
  /// - Returns: The message to send.
  public func message(after work: () async throws(Failure) -> Payload) async -> any Message {
    do {
      return transform(.success(try await work()))
    } catch {
      return transform(.failure(error))
    }
  }

  /// Runs `work` and sends the message for its value, or for the error it threw, through
  /// `dispatch`.
  ///
  /// - Parameters:
  ///   - dispatch: The dispatch of the command being performed.
  ///   - work: The command's work, producing the payload.
  public func send(through dispatch: Dispatch, after work: () async throws(Failure) -> Payload) async {
    let reply = await message(after: work)
    dispatch(reply)
  }
}

extension TypedReply: InspectableReply {
  /// `Payload`.
  public var payloadType: Any.Type { Payload.self }

  /// The message for `result` if its success value is a `Payload`, or its error a `Failure`.
  ///
  /// - Parameter result: A sample result.
  /// - Returns: The message, or `nil` when the sample is of another type.
  public func message(forSample result: Result<any Sendable, any Error>) -> (any Message)? {
    switch result {
    case .success(let value):
      guard let payload = value as? Payload else { return nil }
      return transform(.success(payload))
    case .failure(let error):
      guard let failure = error as? Failure else { return nil }
      return transform(.failure(failure))
    }
  }
}

extension TypedReply: CustomStringConvertible {
  /// `Reply<Payload>`, or `TypedReply<Payload, Failure>`: the closure has no readable form; inspect
  /// it with sample results instead.
  public var description: String {
    Failure.self == (any Error).self
      ? "Reply<\(Payload.self)>" : "TypedReply<\(Payload.self), \(Failure.self)>"
  }
}

/// A ``Reply`` seen without its payload type, so that tests can apply it to sample results.
public protocol InspectableReply: Sendable {
  /// The type of the value a successful result carries.
  var payloadType: Any.Type { get }

  /// The message the reply builds for `result`, or `nil` if `result`'s success value is not of
  /// ``payloadType``.
  ///
  /// - Parameter result: A sample result: a value of any type, or an error.
  /// - Returns: The message, or `nil` when the sample does not fit.
  func message(forSample result: Result<any Sendable, any Error>) -> (any Message)?
}
