/// The message a command sends back once its work has a result: the continuation of a reusable
/// command such as the seed's `APICommand<Payload>`.
///
/// An updater that asks a library for something names the message that carries the answer; the
/// command keeps it as a `Reply`, and whoever performs the command turns the outcome into that
/// message:
///
/// ```swift
/// struct APICommand<Payload: Decodable & Sendable>: Command {
///   let path: String
///   let reply: Reply<Payload>
/// }
/// // in an updater:
/// return [APICommand(path: "/me", reply: Reply(ProfileMessage.loaded))]
/// // in the interpreter:
/// await command.reply.send(through: dispatch) { try await client.get(command.path, as: Payload.self) }
/// ```
///
/// A closure cannot be compared, but a reply can be inspected: ``InspectableReply`` applies it to a
/// result of any type, which is how CoreTesting's `assertUpdate` and `TestStore` check that an
/// updater maps the answer to the right message, by applying both the expected and the actual reply
/// to sample results.
///
/// ## Typed failures
/// `Reply<Payload>` is `TypedReply<Payload, any Error>`. A message whose result names its error type
/// (`Result<Todo, APIError>`, `Equatable` when both are) takes a `TypedReply<Todo, APIError>`, and
/// the work that answers it throws that type alone (typed throws):
///
/// ```swift
/// struct APICommand<Payload: Decodable & Sendable>: Command {
///   let path: String
///   let reply: TypedReply<Payload, APIError>
/// }
/// return [APICommand(path: "/todos/1", reply: TypedReply(AppMessage.manageGetTodo))]
/// await command.reply.send(through: dispatch) { () throws(APIError) in try await api.get(command.path) }
/// ```
public typealias Reply<Payload: Sendable> = TypedReply<Payload, any Error>
