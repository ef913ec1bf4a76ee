public import Core
import Foundation
import Tracing

/// A message type the inspector's page may send, decoded from the JSON typed there through the
/// type's `Decodable`.
///
/// An app lists its inspectable types when it attaches the inspector, one line each:
///
/// ```swift
/// let inspector = try await Inspector.attach(
///   to: store,
///   inspectable: [
///     InspectableMessage(TodoMessage.self),
///     InspectableMessage(AppMessage.self, accepting: { $0.isSafeFromATool }),
///   ])
/// ```
///
/// The page lists them by ``typeName``, the name the trace gives the type, and sends what it
/// decodes with the cause `Cause.tool("inspector")`. A message is an app's input: whatever the
/// updater does with it, its commands run as they would for any other. Register the types whose
/// messages a developer may type, and use `accepting` to refuse the cases that should not come from
/// a browser (a path to write to, an account to sign in to).
public struct InspectableMessage: Sendable {
  /// The type's name as the trace shows it (`TodoAPI.TodoMessage`): what the page lists and names
  /// in a send request.
  public let typeName: String
  private let decodeMessage: @Sendable (Data) throws -> (any Message)?

  /// Makes the messages of `type` inspectable.
  ///
  /// - Parameters:
  ///   - type: A message type the page may send, decoded with a default `JSONDecoder` (the form
  ///     of the trace's `payload`).
  ///   - accepts: Whether a decoded message may be sent; one it refuses is answered with an error
  ///     and never reaches the store. By default every message of the type is accepted.
  public init<M: Message & Decodable>(
    _ type: M.Type, accepting accepts: @escaping @Sendable (M) -> Bool = { _ in true }
  ) {
    typeName = ValueRenderer.typeName(ofType: type)
    decodeMessage = { data in
      let message = try JSONDecoder().decode(M.self, from: data)
      return accepts(message) ? message : nil
    }
  }

  /// The message `json` holds.
  ///
  /// - Returns: The message, or `nil` when `accepting` refused it.
  /// - Throws: The decoder's error when `json` is not a message of the type.
  func decode(_ json: Data) throws -> (any Message)? {
    try decodeMessage(json)
  }
}
