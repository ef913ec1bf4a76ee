/// What the loop says of a call that cannot work: to a test store's driver, which fails the test,
/// or as the reason it stops the program.
enum StoreMisuse {
  /// `pause()` on the store of a `TestStore`.
  static let pauseUnderTestStore =
    "pause() was called on the store of a TestStore, which already holds every message from "
    + "other tasks until the test receives it: receive them in the order the test needs instead."

  /// `settle()` from inside the interpreter of `command`, which it would wait for.
  static func settleInsideInterpreter(of command: CommandID) -> String {
    "settle() was called from inside the interpreter of \(command): it waits for every running "
      + "command, including this one, so it would never return. Await what you dispatched "
      + "instead: `await dispatch(message).finish()`."
  }
}
