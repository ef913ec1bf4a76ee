import AuthenticationAPI
import GRDB
import Testing

@testable import AuthenticationImpl

@Suite("Storage failures")
struct StorageReasonTests {
  @Test(
    "each class of SQLite error has its own clear reason",
    arguments: [
      (ResultCode.SQLITE_BUSY, "locked by another program"),
      (.SQLITE_LOCKED, "locked by another program"),
      (.SQLITE_CORRUPT, "damaged or is not a database"),
      (.SQLITE_NOTADB, "damaged or is not a database"),
      (.SQLITE_CANTOPEN, "cannot be opened"),
      (.SQLITE_READONLY, "read-only"),
      (.SQLITE_IOERR, "I/O error"),
      (.SQLITE_IOERR_WRITE, "I/O error"),
      (.SQLITE_FULL, "disk is full"),
      (.SQLITE_MISMATCH, "SQLite code 20"),
    ])
  func reasons(code: ResultCode, phrase: String) {
    let failure = AuthenticationFailure.storage(for: DatabaseError(resultCode: code))
    guard case .storage(let reason) = failure else {
      Issue.record("Expected a storage failure, got \(failure)")
      return
    }
    #expect(reason.contains(phrase), "\(reason)")
  }

  @Test("the reason never includes the SQL or its arguments")
  func noStatement() {
    let error = DatabaseError(
      resultCode: .SQLITE_BUSY, message: "database is locked", sql: "SELECT * FROM secrets WHERE token = ?",
      arguments: ["hunter2"])
    let failure = AuthenticationFailure.storage(for: error)
    #expect(!failure.description.contains("hunter2"))
    #expect(!failure.description.contains("SELECT"))
  }

  @Test("other errors are named by type, without their description")
  func otherErrors() {
    struct Surprise: Error {}
    #expect(
      AuthenticationFailure.storage(for: Surprise()) == .storage("an unexpected error occurred (Surprise)."))
  }
}
