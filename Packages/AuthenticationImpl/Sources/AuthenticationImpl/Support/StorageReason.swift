public import AuthenticationAPI
import GRDB

extension AuthenticationFailure {
  /// The ``AuthenticationAPI/AuthenticationFailure/storage(_:)`` failure for an error of the
  /// credential store, with a reason a user can act on.
  ///
  /// SQLite's result codes are translated into words: the database is locked, damaged, cannot be
  /// opened, is read-only, or the disk failed or is full. The reason never includes the error's own
  /// description, which for a ``GRDB/DatabaseError`` contains the SQL statement and its arguments.
  ///
  /// - Parameter error: An error thrown by GRDB, the session file, or the password hasher.
  /// - Returns: A `.storage` failure.
  public static func storage(for error: any Error) -> AuthenticationFailure {
    .storage(StorageReason.reason(for: error))
  }
}

/// Words for the errors of the credential store.
enum StorageReason {
  static func reason(for error: any Error) -> String {
    switch error {
    case let error as DatabaseError: reason(forSQLiteCode: error.extendedResultCode)
    case let error as SessionFileError: "\(error.description)."
    case let error as UnsupportedPasswordAlgorithm: "\(error.description)."
    case is CancellationError: "the operation was cancelled."
    default: "an unexpected error occurred (\(type(of: error)))."
    }
  }

  static func reason(forSQLiteCode code: ResultCode) -> String {
    switch code {
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      "the database is locked by another program or connection. Try again in a moment."
    case .SQLITE_CORRUPT, .SQLITE_NOTADB:
      "the database file is damaged or is not a database. Restore it from a backup or remove it."
    case .SQLITE_CANTOPEN:
      "the database file cannot be opened. Check that its folder exists and is writable."
    case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
      "the database is read-only. Check the permissions of the database file and its folder."
    case .SQLITE_FULL:
      "the disk is full."
    case .SQLITE_IOERR:
      "the disk could not be read or written (I/O error)."
    default:
      "an unexpected database error occurred (SQLite code \(code.rawValue))."
    }
  }
}
