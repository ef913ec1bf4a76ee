/// The performer of a ``SynchronousCommandInterpreter``. `Handled` is a parameter of its own, not
/// `Interpreter.HandledCommand`: the runtime finds it in the class's metadata, without looking up an
/// associated type for every command (about 60 instructions, B7).
final class SynchronousCommandPerformer<Interpreter: SynchronousCommandInterpreter, Handled>: CommandPerformer
where Interpreter.HandledCommand == Handled {
  let interpreter: Interpreter

  init(_ interpreter: Interpreter) { self.interpreter = interpreter }

  var performsNow: Bool { true }

  func perform(_ command: any Command, dispatch: Dispatch) async throws {
    try await interpreter.interpret(typed(command), dispatch: dispatch)
  }

  func performNow(_ command: any Command, dispatch: Dispatch) throws -> Bool {
    try interpreter.interpretNow(typed(command) as Handled, dispatch: dispatch)
  }
}
