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
/// without ``commit()`` leaves the old file as it was and removes its temporary file. A writer
/// that was killed cannot: the next writer to the same file removes the temporary files that no
/// writer holds (each holds a lock on its own while it writes).
///
/// Only a regular file is replaced: a device, a FIFO or a socket at `path` is refused, and so is a
/// symbolic link (neither replaced nor followed: the error names where it points, so the user can
/// export there). The target is examined when the writer is made and again just before the
/// rename. The new file may be read by its owner only (mode 0600), like the app's other files,
/// whatever the old file's mode.
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
  /// - Throws: ``CSVWriterError/notARegularFile`` or ``CSVWriterError/symbolicLink(destination:)``
  ///   if `path` is one; ``CSVWriterError/cannotCreate`` if the temporary file cannot be created
  ///   (missing folder, no permission).
  init(path: String) throws {
    try Self.checkTarget(path)
    let target = URL(fileURLWithPath: path)
    let name = ".\(target.lastPathComponent).\(UUID().uuidString).partial"
    let temporaryPath = target.deletingLastPathComponent().appendingPathComponent(name).path
    Self.removeAbandonedFiles(of: target)
    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw CSVWriterError.cannotCreate }
    // Held until the file is closed, by the kernel: a writer killed (`kill -9`) lets it go, and
    // the next export to the same file removes what it left.
    _ = flock(descriptor, LOCK_EX)
    // The umask may only take permissions away; this makes the file 0600 under any umask.
    _ = fchmod(descriptor, 0o600)
    self.path = path
    self.temporaryPath = temporaryPath
    self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
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
    try write { record in
      for field in fields { record.append(field) }
    }
  }

  /// Appends the record `build` writes field by field, with no array of strings in between.
  ///
  /// - Parameter build: Appends the record's fields, in order.
  /// - Throws: The file system's error if a full buffer cannot be written.
  func write(_ build: (inout Record) -> Void) throws {
    // The buffer is taken out of the object for the record, so its appends are not each checked
    // for exclusive access to a class's property (a fifth of an export's time, measured).
    var record = Record(bytes: buffer)
    buffer = []
    build(&record)
    record.bytes.append(UInt8(ascii: "\r"))
    record.bytes.append(UInt8(ascii: "\n"))
    buffer = record.bytes
    if buffer.count >= flushThreshold { try flush() }
  }

  /// A record being written: each field is quoted as it needs and separated from the one before.
  struct Record {
    fileprivate var bytes: [UInt8]
    private var isFirst = true

    fileprivate init(bytes: [UInt8]) { self.bytes = bytes }

    /// Appends a field of text.
    mutating func append(_ field: String) {
      separate()
      CSVWriter.append(field, to: &bytes)
    }

    /// Appends a timestamp as ISO 8601 text in UTC (``ISO8601Timestamp``), or an empty field.
    mutating func append(milliseconds: Int64?) {
      separate()
      if let milliseconds { ISO8601Timestamp.append(milliseconds, to: &bytes) }
    }

    private mutating func separate() {
      if !isFirst { bytes.append(UInt8(ascii: ",")) }
      isFirst = false
    }
  }

  /// Writes what is buffered, waits until the file system has it, and puts the file in place of
  /// the one at `path`, if any. The writer takes no more records.
  ///
  /// - Throws: The file system's error, ``CSVWriterError/cannotReplace(reason:)``, or the errors of
  ///   ``init(path:)`` if `path` became a special file or a link meanwhile; the file at `path` is
  ///   then unchanged.
  func commit() throws {
    try flush()
    try handle.synchronize()
    isClosed = true
    try handle.close()
    try Self.checkTarget(path)
    guard rename(temporaryPath, path) == 0 else {
      throw CSVWriterError.cannotReplace(reason: String(cString: strerror(errno)))
    }
    isCommitted = true
  }

  /// The text of one record, with its CRLF, as the writer writes it.
  ///
  /// - Parameter fields: The fields, unquoted.
  /// - Returns: The encoded record.
  static func encode(_ fields: [String]) -> String {
    var record = Record(bytes: [])
    for field in fields { record.append(field) }
    return String(decoding: record.bytes, as: UTF8.self) + "\r\n"
  }

  /// Removes the temporary files of earlier exports to `target` that no writer holds: left by a
  /// writer that was killed before it could remove its own.
  private static func removeAbandonedFiles(of target: URL) {
    let folder = target.deletingLastPathComponent()
    let prefix = ".\(target.lastPathComponent)."
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".partial") {
      let middle = name.dropFirst(prefix.count).dropLast(".partial".count)
      guard UUID(uuidString: String(middle)) != nil else { continue }
      let path = folder.appendingPathComponent(name).path
      let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      // A writer at work holds its file's lock: only a file nobody holds is removed.
      if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
      close(descriptor)
    }
  }

  private func flush() throws {
    guard !buffer.isEmpty else { return }
    try handle.write(contentsOf: buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Throws if `path` is something an export must not replace; a missing file or a folder (which
  /// the rename refuses) passes.
  private static func checkTarget(_ path: String) throws {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    switch status.st_mode & S_IFMT {
    case S_IFREG, S_IFDIR: return
    case S_IFLNK:
      let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
      throw CSVWriterError.symbolicLink(destination: destination)
    default: throw CSVWriterError.notARegularFile
    }
  }

  fileprivate static func append(_ field: String, to buffer: inout [UInt8]) {
    let utf8 = field.utf8
    // A native string's bytes are scanned in place; a bridged one's, copied first.
    guard utf8.withContiguousStorageIfAvailable(needsQuotes) ?? needsQuotes(Array(utf8)) else {
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
extension CSVWriter {
  /// Whether a field of these bytes must be quoted: it holds a comma, a quote or a line break, or
  /// starts or ends with a space (which a reader would trim).
  private static func needsQuotes(_ bytes: some BidirectionalCollection<UInt8>) -> Bool {
    bytes.first == UInt8(ascii: " ") || bytes.last == UInt8(ascii: " ")
      || bytes.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
  }
}

enum CSVWriterError: Error, Equatable {
  /// The temporary file could not be created (missing folder, no permission).
  case cannotCreate
  /// The finished file could not replace the one at the target path (the path is a folder, for
  /// instance).
  case cannotReplace(reason: String)
  /// The target is a device, a FIFO or a socket, which an export never replaces.
  case notARegularFile
  /// The target is a symbolic link, which an export neither replaces nor follows.
  case symbolicLink(destination: String)

  /// What is wrong with the target, a sentence to follow "Cannot use PATH: ".
  var reason: String {
    switch self {
    case .cannotCreate: "the file cannot be created"
    case .cannotReplace(let reason): reason
    case .notARegularFile:
      "it is not a regular file but a device, a FIFO or a socket; export writes regular files only"
    case .symbolicLink(let destination):
      "it is a symbolic link to \(destination); export to that path itself, or remove the link"
    }
  }
}
