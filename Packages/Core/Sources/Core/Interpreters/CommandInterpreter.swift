/// Performs one type of command and sends messages back.
///
/// Interpreters are where side effects and their dependencies live: an HTTP client, a database, a
/// clock are passed to the interpreter's initializer. The App builds live interpreters; tests build
/// them with fakes. Updaters never see dependencies.
///
/// ```swift
/// struct AuthenticationInterpreter: CommandInterpreter {
///   let credentials: CredentialStore
///
///   func interpret(_ command: AuthenticationCommand, dispatch: Dispatch) async throws {
///     switch command {
///     case .signIn(let name, let password):
///       let session = try await credentials.signIn(name, password)
///       dispatch(AuthenticationMessage.signedIn(session))
///     }
///   }
/// }
/// store.register(AuthenticationInterpreter(credentials: live))
/// ```
///
/// ## Routing
/// The store finds the interpreter by the command's exact type in a type-indexed table.
/// ``HandledCommand`` may also be an existential such as `any APIRequest`: one interpreter then
/// serves a whole family of generic commands (`APICommand<Todo>`, `APICommand<User>`, …). The first
/// command of a new concrete type is matched against such interpreters with a cast, once; the
/// result is cached, so later commands of that type cost one lookup. An interpreter registered for
/// the exact type wins over a family.
///
/// ## Execution
/// Each command runs in its own task, off the store's actor, concurrently with other commands.
/// Messages sent through `dispatch` enter the store in the order they are sent and carry the
/// command as their ``Cause``. An error thrown by ``interpret(_:dispatch:)`` is reported to the
/// store's monitors; the store keeps running. Prefer turning expected failures into messages
/// (`signInFailed(reason)`), so the model can show them; throw for what is truly unexpected.
public protocol CommandInterpreter<HandledCommand>: Sendable {
  /// The command type this interpreter performs: a concrete ``Command`` type, or an existential
  /// (`any APIRequest`) to serve a family of generic commands.
  associatedtype HandledCommand: Sendable

  /// Performs `command`, sending zero or more messages through `dispatch`.
  ///
  /// - Parameters:
  ///   - command: The command to perform.
  ///   - dispatch: Sends messages back to the store, each caused by this command.
  /// - Throws: Any error; the store reports it to monitors as a failed command.
  func interpret(_ command: HandledCommand, dispatch: Dispatch) async throws

  /// The executor its commands start on; `nil` (the default): the global concurrent executor.
  ///
  /// An interpreter whose work is blocking I/O on a resource of its own (a database connection, a
  /// device) can name a task executor that owns a thread for it: each command then starts on that
  /// thread and may do its I/O synchronously there, without hopping to the resource's queue and
  /// back, and without blocking a thread of the cooperative pool.
  var executor: (any TaskExecutor)? { get }
}

extension CommandInterpreter {
  /// The global concurrent executor, like any task's.
  public var executor: (any TaskExecutor)? { nil }
}
