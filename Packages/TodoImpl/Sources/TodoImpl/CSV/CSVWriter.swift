import Foundation

/// Writes RFC 4180 records to a file through a buffer: CRLF after every record, and a field in
/// quotes (inner quotes doubled) when it holds a comma, a quote, a line break, or surrounding
/// spaces that a reader might trim.
final class CSVWriter {
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  private let flushThreshold = 1 << 20

  /// Creates or truncates the file at `path` and opens it for writing.
  ///
  /// - Parameter path: The file to write.
  /// - Throws: ``CSVWriterError/cannotCreate`` if the file cannot be created.
  init(path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else { throw CSVWriterError.cannotCreate }
    self.handle = handle
    buffer.reserveCapacity(flushThreshold + 4096)
  }

  deinit { try? handle.close() }

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

  /// Writes what is buffered and waits until the file system has it; the file closes when the writer
  /// is released.
  ///
  /// - Throws: The file system's error.
  func close() throws {
    try flush()
    try handle.synchronize()
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

/// Why a ``CSVWriter`` could not open its file.
enum CSVWriterError: Error {
  /// The file could not be created (missing folder, no permission).
  case cannotCreate
}
