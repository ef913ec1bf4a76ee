/// Performs the commands of one interpreter, whose type it knows: the registry finds it by the
/// command's type, and it hands the command on typed, through a protocol's witness instead of a
/// closure and its reabstraction thunks.
@usableFromInline
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

/// `command` as `Handled`, the type the registry found its performer by: without a dynamic cast
/// when `Handled` is its very type, with one for a family
/// (`any APIRequest`), which the registry matched with `is`.
@inlinable @inline(__always)
func typed<Handled>(_ command: any Command) -> Handled {
  opened(command)
}

/// `subscription` as `Handled`, the type the registry found its interpreter by (see the command's
/// form above).
@inline(__always)
func typed<Handled>(_ subscription: any Subscription) -> Handled {
  opened(subscription)
}

@inlinable
func opened<Concrete, Handled>(_ value: Concrete) -> Handled {
  // Safe: the two types are identical, so the bit pattern is a valid `Handled`. Otherwise the
  // registry matched the value with `is Handled`, so the cast succeeds. Not `exactCast(_:to:)`:
  // its `Optional<Handled>`, in code not specialised for `Handled`, costs the effect round trip
  // (docs/performance.md, "The loop in five steps", step 3).
  Concrete.self == Handled.self ? unsafeBitCast(value, to: Handled.self) : value as! Handled
}
