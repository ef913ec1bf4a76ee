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
