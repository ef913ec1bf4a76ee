/// Performs every ``SelfPerformingCommand`` whose dependency is `Dependency`, whatever its generic
/// parameters: one registration for a whole family of generic commands.
public struct SelfPerformingInterpreter<Dependency: Sendable>: CommandInterpreter {
  private let dependency: Dependency

  /// Creates an interpreter that lends `dependency` to the commands it performs.
  ///
  /// - Parameter dependency: The live dependency in the app, a fake in tests.
  public init(_ dependency: Dependency) {
    self.dependency = dependency
  }

  /// Lets `command` perform itself with the dependency.
  ///
  /// - Parameters:
  ///   - command: A command of the family.
  ///   - dispatch: Sends messages back to the store.
  /// - Throws: Whatever the command throws.
  public func interpret(_ command: any SelfPerformingCommand<Dependency>, dispatch: Dispatch) async throws {
    try await command.perform(with: dependency, dispatch: dispatch)
  }
}
