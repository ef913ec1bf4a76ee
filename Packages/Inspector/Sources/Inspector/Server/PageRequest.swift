import Foundation
import HummingbirdWebSocket

/// What a page may ask over the WebSocket, and the answer to each frame it sends. Nothing it sends
/// reaches the store or the file system.
enum PageRequest {
  private struct Ping: Decodable {
    var request: String
    var id: Int?
  }

  /// The answer to `message`: a pong for a ping, an error naming the problem for anything else.
  static func answer(to message: WebSocketMessage) -> String {
    guard case .text(let text) = message else {
      return error("Binary frames are not understood; send JSON text.")
    }
    guard let ping = try? JSONDecoder().decode(Ping.self, from: Data(text.utf8)) else {
      return error("Not a request: send a JSON object such as {\"request\":\"ping\"}.")
    }
    guard ping.request == "ping" else {
      return error("Unknown request \(ping.request.prefix(64)); the inspector understands ping.")
    }
    return ping.id.map { #"{"inspector":"pong","id":\#($0)}"# } ?? #"{"inspector":"pong"}"#
  }

  private static func error(_ reason: String) -> String {
    let encoded = (try? JSONEncoder().encode(reason)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    return #"{"inspector":"error","reason":\#(encoded)}"#
  }
}
