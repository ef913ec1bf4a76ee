/// An interpreter that may perform a command at once, on the store's actor, inside the loop.
///
/// An ordinary command runs in a task of its own: a switch to another thread, and another back for
/// each message it sends. On a busy or virtual machine each switch costs tens of microseconds, more
/// than a quick local effect itself. An interpreter conforming to this protocol is first offered
/// each command through ``interpretNow(_:dispatch:)``, called synchronously by the store right after
/// the update that emitted it; the messages it sends are processed, in order, before the store's
/// `send` returns (after any message queued before them). It may decline, returning `false`: the
/// command then runs as usual, through ``CommandInterpreter/interpret(_:dispatch:)`` in a task.
/// An interpreter that keeps drafts in memory, declining while another thread holds them:
///
/// ```swift
/// final class DraftInterpreter: SynchronousCommandInterpreter {
///   let drafts = Mutex<[String: String]>([:])
///
///   // Saves at once, unless another thread holds the drafts: then declines.
///   func interpretNow(_ command: DraftCommand, dispatch: Dispatch) -> Bool {
///     guard case .save(let id, let text) = command,
///       drafts.withLockIfAvailable({ $0[id] = text }) != nil
///     else { return false }
///     dispatch(DraftMessage.saved(id: id))
///     return true
///   }
///
///   // A declined command, in its task: waits for the drafts.
///   func interpret(_ command: DraftCommand, dispatch: Dispatch) async {
///     guard case .save(let id, let text) = command else { return }
///     drafts.withLock { $0[id] = text }
///     dispatch(DraftMessage.saved(id: id))
///   }
/// }
/// ```
///
/// Only for effects that are local and quick and cannot wait long: writing a row of a local SQLite
/// database (tens of microseconds; GRDB allows synchronous access from the main thread), an
/// in-memory cache, a counter. Never the network, a file of unknown size or a lock another task may
/// hold for long: the store's actor (the main actor, for ``Store``) waits for it, and the store
/// handles nothing else meanwhile. Decline when the resource is busy and let the command wait in
/// its task instead.
///
/// While a command of the interpreter runs in its task (declined, or waiting for a free slot), the
/// store does not offer it later commands: they run in tasks too, so a command performed now never
/// overtakes an earlier one of the same interpreter.
///
/// Everything else is as for any command: monitors see it start and finish (or fail, if
/// ``interpretNow(_:dispatch:)`` throws), its messages carry it as their ``Cause``,
/// ``SentMessage/finish()`` and `settle()` wait for it (it has finished before they are called),
/// and, like any command, it starts only when one of the store's slots for running commands is
/// free, but it holds none (it has returned before the next command starts). A command performed
/// this way cannot be cancelled: it has finished before anyone could ask.
///
/// ``interpretNow(_:dispatch:)`` is all an interpreter must write: the default
/// ``CommandInterpreter/interpret(_:dispatch:)`` performs a command that waited in a task the same
/// way, calling it there, and throws ``CommandDeclined`` if it declines again. An interpreter that
/// declines (a busy resource) writes `interpret` itself, to wait for the resource in the task.
///
/// `interpretNow` is not isolated to the store's actor in the protocol (a `Store` runs it on the main
/// actor, an `ActorStore` on its own): an interpreter that needs main-actor state calls
/// `MainActor.assumeIsolated` inside it, which is safe for a `Store`'s interpreters.
public protocol SynchronousCommandInterpreter<HandledCommand>: CommandInterpreter {
  // Restated so that Swift infers it from `interpretNow` when `interpret` is the default.
  associatedtype HandledCommand

  /// Performs `command` now, on the store's actor, or declines.
  ///
  /// - Parameters:
  ///   - command: The command to perform.
  ///   - dispatch: Sends messages back to the store, each caused by this command; they are
  ///     processed after this method returns, before the store's `send` does.
  /// - Returns: `true` if the command was performed; `false` to have it performed by
  ///   ``CommandInterpreter/interpret(_:dispatch:)`` in a task, as if this method did not exist
  ///   (it must then have sent nothing).
  /// - Throws: Any error: the command was performed and failed; monitors see it fail, as when
  ///   `interpret` throws.
  func interpretNow(_ command: HandledCommand, dispatch: Dispatch) throws -> Bool
}

extension SynchronousCommandInterpreter {
  /// Performs `command` in its task through ``interpretNow(_:dispatch:)``.
  ///
  /// - Parameters:
  ///   - command: A command that waited in a task (declined, or queued behind another of this
  ///     interpreter's).
  ///   - dispatch: Sends messages back to the store.
  /// - Throws: What `interpretNow` throws, or ``CommandDeclined`` if it declines.
  public func interpret(_ command: HandledCommand, dispatch: Dispatch) async throws {
    guard try interpretNow(command, dispatch: dispatch) else { throw CommandDeclined(command: command) }
  }
}
