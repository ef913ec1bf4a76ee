import Foundation

/// One HTTP/1.1 GET over a plain socket, with the headers a test chooses (`Host` included), read to
/// the end of the connection. The read blocks, so it runs on a GCD thread, never on the cooperative
/// pool the server needs.
enum RawHTTP {
  struct Response: Sendable {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: String
  }

  /// Sends `GET path` to `127.0.0.1:port`; `Host` is `127.0.0.1:port` unless `headers` names one.
  static func get(port: Int, path: String, headers: [String: String] = [:]) async throws -> Response {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try exchange(port: port, path: path, headers: headers) })
      }
    }
  }

  private static func exchange(port: Int, path: String, headers: [String: String]) throws -> Response {
    let socket = try Socket(port: port)
    var fields = ["Host": "127.0.0.1:\(port)"].merging(headers) { $1 }
    fields["Connection"] = "close"
    socket.write(
      Array(("GET \(path) HTTP/1.1\r\n" + fields.map { "\($0): \($1)\r\n" }.joined() + "\r\n").utf8))
    let reply = socket.readToEnd()
    guard let end = reply.firstRange(of: Array("\r\n\r\n".utf8)) else { throw POSIXError(.EBADMSG) }
    let head = String(decoding: reply[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
    var response = Response(
      status: Int(head[0].split(separator: " ")[1]) ?? 0, headers: [:], body: "")
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      response.headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    var body = Array(reply[end.upperBound...])
    if response.headers["transfer-encoding"] == "chunked" { body = unchunked(body) }
    response.body = String(decoding: body, as: UTF8.self)
    return response
  }

  private static func unchunked(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    var index = 0
    while let lineEnd = bytes[index...].firstRange(of: Array("\r\n".utf8)),
      let size = Int(String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self), radix: 16), size > 0
    {
      result += bytes[lineEnd.upperBound..<lineEnd.upperBound + size]
      index = lineEnd.upperBound + size + 2
    }
    return result
  }
}

/// A connected TCP socket to `127.0.0.1`, closed when released.
final class Socket: Sendable {
  let descriptor: Int32

  /// Connects to `127.0.0.1:port`, with a receive buffer of `receiveBuffer` bytes if given (set
  /// before connecting, so the kernel does not grow it).
  init(port: Int, receiveBuffer: Int32? = nil) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    if var size = receiveBuffer {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      throw POSIXError(.ECONNREFUSED)
    }
  }

  deinit { close(descriptor) }

  /// Ends the connection both ways; the descriptor is closed when the socket is released.
  func shutDown() {
    shutdown(descriptor, Int32(SHUT_RDWR))
  }

  /// Sends all of `bytes`.
  func write(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + offset, bytes.count - offset, 0) }
      guard sent > 0 else { return }
      offset += sent
    }
  }

  /// Exactly `count` bytes.
  ///
  /// - Throws: `ECONNRESET` if the connection ends first.
  func read(_ count: Int) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var offset = 0
    while offset < count {
      let received = bytes.withUnsafeMutableBytes {
        recv(descriptor, $0.baseAddress! + offset, count - offset, 0)
      }
      guard received > 0 else { throw POSIXError(.ECONNRESET) }
      offset += received
    }
    return bytes
  }

  /// Everything until the peer closes the connection.
  func readToEnd() -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let received = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, 0) }
      guard received > 0 else { return result }
      result += chunk[..<received]
    }
  }
}
