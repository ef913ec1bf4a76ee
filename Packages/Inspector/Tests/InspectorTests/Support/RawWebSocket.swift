import Foundation

/// A WebSocket client on a plain blocking ``Socket``, sending the headers a browser sends (an
/// `Origin` of `http://host:port`, which HummingbirdWSClient does not), with a small receive
/// buffer: a test page that stops reading then has the kernel hold a few kilobytes for it, not
/// megabytes, so the server's queue for it fills. Reads block, so they run on a GCD thread, never
/// on the cooperative pool the server needs.
final class RawWebSocket: Sendable {
  private let socket: Socket

  enum Frame: Equatable, Sendable {
    case text(String)
    case binary([UInt8])
    case close(code: UInt16)
  }

  /// The server answered the upgrade with another status.
  struct Refused: Error, Equatable {
    var status: Int
  }

  /// Connects to `127.0.0.1:port` and upgrades `path`, sending `headers` besides the upgrade's own
  /// (`Host` is `127.0.0.1:port` unless given).
  ///
  /// - Throws: ``Refused`` with the status if the server does not switch protocols.
  init(port: Int, path: String, headers: [String: String] = [:]) throws {
    socket = try Socket(port: port, receiveBuffer: 4_096)
    var fields = ["Host": "127.0.0.1:\(port)"].merging(headers) { $1 }
    fields["Upgrade"] = "websocket"
    fields["Connection"] = "Upgrade"
    fields["Sec-WebSocket-Key"] = "dGhlIHNhbXBsZSBub25jZQ=="
    fields["Sec-WebSocket-Version"] = "13"
    socket.write(
      Array(("GET \(path) HTTP/1.1\r\n" + fields.map { "\($0): \($1)\r\n" }.joined() + "\r\n").utf8))
    var head: [UInt8] = []
    while !head.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) { head += try socket.read(1) }
    let status = Int(String(decoding: head.dropFirst(9).prefix(3), as: UTF8.self)) ?? 0
    guard status == 101 else { throw Refused(status: status) }
  }

  /// Ends the connection at once, as a browser tab that closes does.
  func disconnect() {
    socket.shutDown()
  }

  /// Sends `text` as one masked text frame, as a browser does.
  func send(_ text: String) {
    let payload = Array(text.utf8)
    var frame: [UInt8] = [0x81]
    switch payload.count {
    case ..<126: frame.append(0x80 | UInt8(payload.count))
    case ..<65_536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default: frame += [0x80 | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
    }
    let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
    frame += mask
    frame += payload.enumerated().map { $1 ^ mask[$0 % 4] }
    socket.write(frame)
  }

  /// The next whole message (fragments joined), read on a GCD thread.
  func next() async throws -> Frame {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try self.readMessage() })
      }
    }
  }

  private func readMessage() throws -> Frame {
    var payload: [UInt8] = []
    var opcode: UInt8 = 0
    while true {
      let head = try socket.read(2)
      let frameOpcode = head[0] & 0x0F
      var length = Int(head[1] & 0x7F)
      if length == 126 {
        length = try socket.read(2).reduce(0) { $0 << 8 | Int($1) }
      } else if length == 127 {
        length = try socket.read(8).reduce(0) { $0 << 8 | Int($1) }
      }
      let data = try socket.read(length)
      if frameOpcode == 0x8 {
        return .close(code: data.count >= 2 ? UInt16(data[0]) << 8 | UInt16(data[1]) : 0)
      }
      if frameOpcode == 0x9 || frameOpcode == 0xA { continue }
      if frameOpcode != 0 { opcode = frameOpcode }
      payload += data
      if head[0] & 0x80 != 0 { break }
    }
    return opcode == 0x1 ? .text(String(decoding: payload, as: UTF8.self)) : .binary(payload)
  }
}
