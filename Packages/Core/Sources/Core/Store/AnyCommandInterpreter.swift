/// A type-erased command interpreter.
///
/// A class: the runner hands it around for every command, and a reference costs a retain where
/// this struct's optional existentials cost the runtime's generic copies (about 600 instructions a
/// command, B7).
final class AnyCommandInterpreter: Sendable {
  /// The interpreter, behind a face built at registration with its concrete type.
  let performer: any CommandPerformer
  /// Where its commands start (``CommandInterpreter/executor``).
  let executor: (any TaskExecutor)?
  /// For an interpreter that may perform commands inside the loop
  /// (``SynchronousCommandInterpreter``): its index in ``CommandRunner``'s counts of commands
  /// running in tasks, assigned at registration; `nil` for any other.
  let inTaskSlot: Int?

  init(performer: any CommandPerformer, executor: (any TaskExecutor)?, inTaskSlot: Int? = nil) {
    self.performer = performer
    self.executor = executor
    self.inTaskSlot = inTaskSlot
  }
}

/// Performs the commands of one interpreter, whose type it knows: the registry finds it by the
/// command's type, and it hands the command on typed, through a protocol's witness instead of a
/// closure and its reabstraction thunks (about 100 instructions a command, B7).
protocol CommandPerformer: AnyObject, Sendable {
  /// Whether ``performNow(_:dispatch:)`` may perform a command (``SynchronousCommandInterpreter``).
  var performsNow: Bool { get }

  /// ``CommandInterpreter/interpret(_:dispatch:)``, in the command's task.
  func perform(_ command: any Command, dispatch: Dispatch) async throws

  /// ``SynchronousCommandInterpreter/interpretNow(_:dispatch:)``, inside the loop; `false` (declined)
  /// when ``performsNow`` is `false`.
  func performNow(_ command: any Command, dispatch: Dispatch) throws -> Bool
}

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

/// `command` as `Handled`, the type the registry found its performer by: without a dynamic cast
/// when `Handled` is its very type (79 instructions a round trip, B7), with one for a family
/// (`any APIRequest`), which the registry matched with `is`.
@inline(__always)
func typed<Handled>(_ command: any Command) -> Handled {
  opened(command)
}

/// `subscription` as `Handled`, the type the registry found its interpreter by (see the command's
/// form above).
@inline(__always)
func typed<Handled>(_ subscription: any Subscription) -> Handled {
  opened(subscription)
}

private func opened<Concrete, Handled>(_ value: Concrete) -> Handled {
  // Safe: the two types are identical, so the bit pattern is a valid `Handled`. Otherwise the
  // registry matched the value with `is Handled`, so the cast succeeds.
  Concrete.self == Handled.self ? unsafeBitCast(value, to: Handled.self) : value as! Handled
}
