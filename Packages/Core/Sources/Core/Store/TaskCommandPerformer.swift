/// The performer of an ordinary interpreter.
final class TaskCommandPerformer<Interpreter: CommandInterpreter>: CommandPerformer {
  let interpreter: Interpreter

  init(_ interpreter: Interpreter) { self.interpreter = interpreter }

  var performsNow: Bool { false }

  func perform(_ command: any Command, dispatch: Dispatch) async throws {
    try await interpreter.interpret(typed(command), dispatch: dispatch)
  }

  func performNow(_ command: any Command, dispatch: Dispatch) throws -> Bool { false }
}
