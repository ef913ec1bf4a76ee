import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes RFC 4180 records to a file through a buffer: CRLF after every record, and a field in
/// quotes (inner quotes doubled) when it holds a comma, a quote, a line break, or surrounding
/// spaces that a reader might trim.
///
/// The records go to a temporary file in the target's folder, which ``commit()`` renames over the
/// target: `rename(2)` replaces a file in one step within a file system, so the target is the old
/// file or the complete new one, never a part of it, and a writer that fails or is released
/// without ``commit()`` leaves the old file as it was and removes its temporary file. The new file
/// has the permissions a new file gets, not the old file's; a symbolic link at `path` is replaced,
/// not followed.
final class CSVWriter {
  private let path: String
  private let temporaryPath: String
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  private var isClosed = false
  private var isCommitted = false
  private let flushThreshold = 1 << 20

  /// Creates a temporary file next to `path` and opens it for writing; `path` is not touched until
  /// ``commit()``.
  ///
  /// - Parameter path: The file to write.
  /// - Throws: ``CSVWriterError/cannotCreate`` if the temporary file cannot be created (missing
  ///   folder, no permission).
  init(path: String) throws {
    let target = URL(fileURLWithPath: path)
    let name = ".\(target.lastPathComponent).\(UUID().uuidString).partial"
    let temporaryPath = target.deletingLastPathComponent().appendingPathComponent(name).path
    guard FileManager.default.createFile(atPath: temporaryPath, contents: nil),
      let handle = FileHandle(forWritingAtPath: temporaryPath)
    else { throw CSVWriterError.cannotCreate }
    self.path = path
    self.temporaryPath = temporaryPath
    self.handle = handle
    buffer.reserveCapacity(flushThreshold + 4096)
  }

  deinit {
    if !isClosed { try? handle.close() }
    if !isCommitted { unlink(temporaryPath) }
  }

  /// Appends one record.
  ///
  /// - Parameter fields: The fields, unquoted.
  /// - Throws: The file system's error if a full buffer cannot be written.
  func write(_ fields: [String]) throws {
    for (index, field) in fields.enumerated() {
      if index > 0 { buffer.append(UInt8(ascii: ",")) }
      Self.append(field, to: &buffer)
    }
    buffer.append(UInt8(ascii: "\r"))
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= flushThreshold { try flush() }
  }

  /// Writes what is buffered, waits until the file system has it, and puts the file in place of
  /// the one at `path`, if any. The writer takes no more records.
  ///
  /// - Throws: The file system's error, or ``CSVWriterError/cannotReplace(reason:)``; the file at
  ///   `path` is then unchanged.
  func commit() throws {
    try flush()
    try handle.synchronize()
    isClosed = true
    try handle.close()
    guard rename(temporaryPath, path) == 0 else {
      throw CSVWriterError.cannotReplace(reason: String(cString: strerror(errno)))
    }
    isCommitted = true
  }

  /// The text of one record, with its CRLF: the format ``write(_:)`` produces.
  ///
  /// - Parameter fields: The fields, unquoted.
  /// - Returns: The encoded record.
  static func encode(_ fields: [String]) -> String {
    var bytes: [UInt8] = []
    for (index, field) in fields.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      append(field, to: &bytes)
    }
    return String(decoding: bytes, as: UTF8.self) + "\r\n"
  }

  private func flush() throws {
    guard !buffer.isEmpty else { return }
    try handle.write(contentsOf: buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  private static func append(_ field: String, to buffer: inout [UInt8]) {
    let utf8 = field.utf8
    let needsQuotes =
      utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
      || utf8.first == UInt8(ascii: " ") || utf8.last == UInt8(ascii: " ")
    guard needsQuotes else {
      buffer.append(contentsOf: utf8)
      return
    }
    buffer.append(UInt8(ascii: "\""))
    for byte in utf8 {
      if byte == UInt8(ascii: "\"") { buffer.append(byte) }
      buffer.append(byte)
    }
    buffer.append(UInt8(ascii: "\""))
  }
}

/// Why a ``CSVWriter`` could not write its file.
enum CSVWriterError: Error, Equatable {
  /// The temporary file could not be created (missing folder, no permission).
  case cannotCreate
  /// The finished file could not replace the one at the target path (the path is a folder, for
  /// instance).
  case cannotReplace(reason: String)
}
