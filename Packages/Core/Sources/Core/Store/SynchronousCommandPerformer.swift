/// The performer of a ``SynchronousCommandInterpreter``: its two methods as closures, made by an
/// inlinable initialiser where the interpreter's type is known.
///
/// The hosts' and ``Registrations``' `register` for a ``SynchronousCommandInterpreter`` are
/// inlinable, so the caller's module compiles these closures for the interpreter's type: the
/// command reaches `interpretNow` through one comparison of type identities, without the
/// runtime's generic copy of it, and the call is direct. A generic
/// class would not do: its conformance's witnesses are compiled once, in Core, for every type.
@usableFromInline
final class SynchronousCommandPerformer: CommandPerformer {
  @usableFromInline let now: @Sendable (any Command, Dispatch) throws -> Bool
  @usableFromInline let later: @Sendable (any Command, Dispatch) async throws -> Void

  @inlinable
  init<Interpreter: SynchronousCommandInterpreter>(_ interpreter: Interpreter) {
    // `Interpreter.HandledCommand` named once, here: the closures find it in their context, not
    // by looking up the associated type for every command.
    now = { command, dispatch in
      try interpreter.interpretNow(typed(command) as Interpreter.HandledCommand, dispatch: dispatch)
    }
    later = { command, dispatch in
      try await interpreter.interpret(typed(command) as Interpreter.HandledCommand, dispatch: dispatch)
    }
  }

  @usableFromInline
  var performsNow: Bool { true }

  @usableFromInline
  func perform(_ command: any Command, dispatch: Dispatch) async throws {
    try await later(command, dispatch)
  }

  @usableFromInline
  func performNow(_ command: any Command, dispatch: Dispatch) throws -> Bool {
    try now(command, dispatch)
  }
}
