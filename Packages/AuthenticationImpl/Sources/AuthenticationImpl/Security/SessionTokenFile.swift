import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The file that keeps the current session's token between launches, readable by its owner only.
///
/// Written through a temporary file created with mode 0600 and renamed into place, so the token
/// is never readable by others, not even for a moment, and a crash never leaves half a token.
struct SessionTokenFile: Sendable {
  /// Where the token is kept.
  let url: URL

  /// The saved token; `nil` if there is none. A file that does not hold a token (truncated,
  /// written by something else) is removed and reads as none.
  ///
  /// - Throws: ``SessionFileError`` if the file exists but cannot be read.
  func read() throws -> SessionToken? {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      let code = errno
      if code == ENOENT { return nil }
      throw SessionFileError(action: "read", path: url.path, code: code)
    }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: SessionToken.byteCount + 1)
    var total = 0
    while total < buffer.count {
      let count = buffer.withUnsafeMutableBytes { raw in
        systemRead(descriptor, raw.baseAddress! + total, raw.count - total)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw SessionFileError(action: "read", path: url.path, code: errno)
      }
      if count == 0 { break }
      total += count
    }
    guard total == SessionToken.byteCount else {
      try remove()
      return nil
    }
    return SessionToken(bytes: Data(buffer.prefix(total)))
  }

  /// Saves `token`, replacing any saved token.
  ///
  /// - Throws: ``SessionFileError`` if the folder is missing or not writable.
  func write(_ token: SessionToken) throws {
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)").path
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw SessionFileError(action: "write", path: url.path, code: errno)
    }
    var written = 0
    var failure: Int32?
    token.bytes.withUnsafeBytes { raw in
      while written < raw.count {
        let count = systemWrite(descriptor, raw.baseAddress! + written, raw.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        written += count
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = errno }
    close(descriptor)
    if failure == nil, rename(temporary, url.path) != 0 { failure = errno }
    if let failure {
      unlink(temporary)
      throw SessionFileError(action: "write", path: url.path, code: failure)
    }
  }

  /// Forgets the saved token; nothing happens if there is none.
  ///
  /// - Throws: ``SessionFileError`` if the file exists and cannot be removed.
  func remove() throws {
    if unlink(url.path) != 0, errno != ENOENT {
      throw SessionFileError(action: "remove", path: url.path, code: errno)
    }
  }
}

/// The session file could not be read, written or removed.
struct SessionFileError: Error, Equatable, CustomStringConvertible {
  /// What was being done: `read`, `write` or `remove`.
  let action: String
  /// The file's path.
  let path: String
  /// The `errno` value.
  let code: Int32

  /// The action, path and the system's reason, e.g. `… could not be written: Permission denied`.
  var description: String {
    let participle = ["read": "read", "write": "written", "remove": "removed"][action] ?? action
    return "the session file \(path) could not be \(participle): \(String(cString: strerror(code)))"
  }
}

// `read` and `write` name the file's methods inside `SessionTokenFile`; these reach the system calls.

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Darwin)
  Darwin.read(descriptor, buffer, count)
  #elseif canImport(Glibc)
  Glibc.read(descriptor, buffer, count)
  #else
  Musl.read(descriptor, buffer, count)
  #endif
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Darwin)
  Darwin.write(descriptor, buffer, count)
  #elseif canImport(Glibc)
  Glibc.write(descriptor, buffer, count)
  #else
  Musl.write(descriptor, buffer, count)
  #endif
}
