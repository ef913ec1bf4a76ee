/// A command interpreter made from a closure, for small cases and tests.
public struct FunctionInterpreter<HandledCommand: Sendable>: CommandInterpreter {
  private let body: @Sendable (HandledCommand, Dispatch) async throws -> Void

  /// Creates an interpreter for `commandType` that runs `body`.
  ///
  /// - Parameters:
  ///   - commandType: The command type (or family existential) to perform.
  ///   - body: Performs a command and sends messages through the dispatch.
  public init(
    for commandType: HandledCommand.Type,
    _ body: @escaping @Sendable (HandledCommand, Dispatch) async throws -> Void
  ) {
    self.body = body
  }

  /// Runs the closure.
  ///
  /// - Parameters:
  ///   - command: The command to perform.
  ///   - dispatch: Sends messages back to the store.
  /// - Throws: Whatever the closure throws.
  public func interpret(_ command: HandledCommand, dispatch: Dispatch) async throws {
    try await body(command, dispatch)
  }
}
