/// What registering a command interpreter hands to the loop: its performer, its executor, and the
/// command type it is found by. Built where the interpreter's type is known, once for every way to
/// register (``Store``, ``ActorStore``, ``Registrations``, and the general `register`).
@usableFromInline
struct CommandRegistration: Sendable {
  let performer: any CommandPerformer
  let executor: (any TaskExecutor)?
  /// The interpreter's ``CommandInterpreter/HandledCommand``.
  let type: any Any.Type
  /// Whether a command belongs to it, for a type the registry does not find exactly (a family).
  let matches: @Sendable (Any) -> Bool

  @usableFromInline
  init<Interpreter: CommandInterpreter>(_ interpreter: Interpreter, performer: any CommandPerformer) {
    self.performer = performer
    executor = interpreter.executor
    type = Interpreter.HandledCommand.self
    matches = { $0 is Interpreter.HandledCommand }
  }

  /// For an interpreter that may perform commands at once: inlinable, so its performer's closures
  /// are compiled for its type where it is registered (``SynchronousCommandPerformer``, measured in
  /// docs/performance.md).
  @inlinable
  init<Interpreter: SynchronousCommandInterpreter>(_ interpreter: Interpreter) {
    self.init(interpreter, performer: SynchronousCommandPerformer(interpreter))
  }
}
