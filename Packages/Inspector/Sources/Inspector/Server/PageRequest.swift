import Core
import Foundation
import HummingbirdWebSocket

/// What a page may ask over the WebSocket, and the answer to each frame it sends: a ping, a
/// message to send to the store, of a type the app made inspectable, or time travel (pause the
/// store and view the app at a message; resume). Nothing a page sends reaches
/// the file system; a message reaches the store only through the ``dispatch`` bound to the
/// inspector's cause.
struct PageRequest: Sendable {
  /// The inspectable types, by the name the trace gives them.
  let inspectable: [String: InspectableMessage]
  /// Sends with the cause `Cause.tool("inspector")`.
  let dispatch: Dispatch
  /// Pauses the store at a message, or resumes it (time travel).
  let travel: @Sendable (TimeTravel) async -> Void

  private struct Request: Decodable {
    var request: String
    var id: Int?
    /// For `send`: the message type's name, as the trace shows it.
    var type: String?
    /// For `send`: the message as JSON text, the form of the trace's `payload`.
    var json: String?
    /// For `travel`: the number of the message to view the app at.
    var message: UInt64?
  }

  init(
    inspectable: [InspectableMessage], dispatch: Dispatch,
    travel: @escaping @Sendable (TimeTravel) async -> Void
  ) {
    // The last registration of a name wins: an app that lists a type twice means one type.
    self.inspectable = Dictionary(inspectable.map { ($0.typeName, $0) }) { _, last in last }
    self.dispatch = dispatch
    self.travel = travel
  }

  /// The inspectable types' names, sorted, as a JSON array.
  var typeNamesJSON: String {
    Self.encoded(inspectable.keys.sorted())
  }

  /// What a frame from the page comes to: the text to answer it with, if any, and the message to
  /// send to the store once that answer is queued, so the page hears `sent` before the message's
  /// trace line.
  struct Answer: Sendable {
    var reply: String?
    var message: (any Message)?
  }

  /// The answer to `message`: a pong for a ping, `sent` and the decoded message for a send, nothing
  /// for time travel (every page hears that the store paused or resumed), an error naming the
  /// problem for anything else.
  func answer(to message: WebSocketMessage) async -> Answer {
    guard case .text(let text) = message else {
      return Answer(reply: Self.error("Binary frames are not understood; send JSON text.", id: nil))
    }
    guard let request = try? JSONDecoder().decode(Request.self, from: Data(text.utf8)) else {
      return Answer(
        reply: Self.error("Not a request: send a JSON object such as {\"request\":\"ping\"}.", id: nil))
    }
    switch request.request {
    case "ping":
      return Answer(
        reply: request.id.map { #"{"inspector":"pong","id":\#($0)}"# } ?? #"{"inspector":"pong"}"#)
    case "send":
      return send(request)
    case "travel":
      guard let message = request.message, message > 0 else {
        return Answer(
          reply: Self.error(
            "A travel names the message to view the app at: {\"request\":\"travel\",\"message\":42}.",
            id: request.id))
      }
      await travel(.viewing(message: message))
      return Answer()
    case "resume":
      await travel(.resumed)
      return Answer()
    default:
      return Answer(
        reply: Self.error(
          "Unknown request \(request.request.prefix(64)); the inspector understands ping, send, travel and resume.",
          id: request.id))
    }
  }

  private func send(_ request: Request) -> Answer {
    guard let type = request.type, let json = request.json else {
      return Self.refusal(
        "A send names the message's type and its JSON: {\"request\":\"send\",\"type\":…,\"json\":…}.",
        id: request.id)
    }
    guard let inspectable = inspectable[type] else {
      let known =
        inspectable.isEmpty
        ? "the app makes none inspectable"
        : "inspectable: " + inspectable.keys.sorted().joined(separator: ", ")
      return Self.refusal(
        "\(type.prefix(128)) is not an inspectable message type (\(known)).", id: request.id)
    }
    let message: (any Message)?
    do {
      message = try inspectable.decode(Data(json.utf8))
    } catch {
      return Self.refusal("The JSON is not a \(type): \(Self.describe(error))", id: request.id)
    }
    guard let message else {
      return Self.refusal("The app does not accept this \(type) from the inspector.", id: request.id)
    }
    let id = request.id.map { ",\"id\":\($0)" } ?? ""
    return Answer(reply: #"{"inspector":"sent","type":\#(Self.encoded(type))\#(id)}"#, message: message)
  }

  /// An answer that is an error only.
  private static func refusal(_ reason: String, id: Int?) -> Answer {
    Answer(reply: error(reason, id: id))
  }

  /// A decoding error in a line: what was wrong, and where in the JSON.
  private static func describe(_ error: any Error) -> String {
    let (reason, path): (String, [any CodingKey]) =
      switch error as? DecodingError {
      case .dataCorrupted(let context): (context.debugDescription, context.codingPath)
      case .keyNotFound(let key, let context): ("no value for \"\(key.stringValue)\"", context.codingPath)
      case .typeMismatch(_, let context), .valueNotFound(_, let context):
        (context.debugDescription, context.codingPath)
      default: ("\(error)", [])
      }
    let at =
      path.isEmpty ? "" : " at " + path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    return String((reason + at).prefix(300))
  }

  private static func error(_ reason: String, id: Int?) -> String {
    let id = id.map { ",\"id\":\($0)" } ?? ""
    return #"{"inspector":"error","reason":\#(encoded(reason))\#(id)}"#
  }

  private static func encoded(_ value: some Encodable) -> String {
    (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }
}
