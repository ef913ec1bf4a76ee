/// A type-erased command interpreter.
///
/// A class: the runner hands it around for every command, and a reference costs a retain where
/// this struct's optional existentials cost the runtime's generic copies (about 600 instructions a
/// command, B7).
final class AnyCommandInterpreter: Sendable {
  let run: @Sendable (any Command, Dispatch) async throws -> Void
  /// Where its commands start (``CommandInterpreter/executor``).
  let executor: (any TaskExecutor)?
  /// Performs a command inside the loop, or says `false` (``SynchronousCommandInterpreter``).
  let runNow: (@Sendable (any Command, Dispatch) throws -> Bool)?
  /// For an interpreter with ``runNow``: its index in ``CommandRunner``'s counts of commands
  /// running in tasks, assigned at registration.
  let inTaskSlot: Int?

  init(
    run: @escaping @Sendable (any Command, Dispatch) async throws -> Void, executor: (any TaskExecutor)?,
    runNow: (@Sendable (any Command, Dispatch) throws -> Bool)? = nil, inTaskSlot: Int? = nil
  ) {
    self.run = run
    self.executor = executor
    self.runNow = runNow
    self.inTaskSlot = inTaskSlot
  }
}
