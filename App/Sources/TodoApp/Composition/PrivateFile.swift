import Foundation

/// Files only their owner may read: the database, the trace, the lock.
enum PrivateFile {
  /// Creates the file at `path` with mode 0600 if it is missing, or makes an existing one 0600.
  ///
  /// Programs that create the file later with mode 0644 (SQLite, the trace writer) keep the mode
  /// of a file that exists, so creating it first is what keeps it private under any umask; SQLite
  /// gives its `-wal` and `-shm` files the database file's mode.
  ///
  /// - Parameter path: The file.
  /// - Throws: A `CocoaError` naming the path if it cannot be created or changed.
  static func create(atPath path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw error(path) }
    defer { close(descriptor) }
    guard fchmod(descriptor, 0o600) == 0 else { throw error(path) }
  }

  private static func error(_ path: String) -> any Error {
    CocoaError(
      .fileWriteUnknown,
      userInfo: [
        NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO),
      ])
  }
}
