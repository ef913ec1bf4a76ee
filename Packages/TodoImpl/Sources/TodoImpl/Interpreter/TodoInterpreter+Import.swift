import AuthenticationAPI
import Core
import Foundation
import GRDB
import TodoAPI

extension TodoInterpreter {
  /// How many bytes of the file are read and parsed at a time: a few hundred rows, so little is
  /// parsed ahead of the batch being stored.
  static let importChunkSize = 128 * 1024

  /// Imports `path` into `owner`'s list: streamed, stored in batches, progress at a bounded rate.
  ///
  /// Sends ``TodoAPI/TodoMessage/importProgress(_:owner:)`` messages with growing fractions, the
  /// first one 0 as soon as the header is read (from then on a cancellation reaches the import), the
  /// last one exactly 1 unless cancelled, then ``TodoAPI/TodoMessage/importFinished(_:owner:)``. A
  /// database error part way ends the import like a cancellation, with the rows stored so far,
  /// followed by ``TodoAPI/TodoMessage/failed(_:owner:)``, so that the failure is the last thing the
  /// user sees. Only regular files are read: a device (`/dev/zero`), a FIFO or a socket is refused
  /// before anything is read from it, since it may never end or never send anything.
  ///
  /// One batch is stored while the next is parsed, so a cancellation that arrives while batch *n*
  /// is being stored stops the import once *n* is stored; at most one batch is parsed in vain. The
  /// cancellation is also checked after every chunk of ``importChunkSize`` bytes is parsed, so a
  /// file whose rows are all malformed, and make no batch, stops within milliseconds too.
  func importCSV(path: String, owner: UserID, dispatch: Dispatch) async {
    func fail(_ failure: TodoFailure) { dispatch(TodoMessage.failed(failure, owner: owner)) }
    guard let ticket = imports.begin(owner: owner) else { return fail(.importInProgress) }
    defer { imports.end(ticket) }
    let file: FileHandle
    let size: Int
    switch Self.openRegularFile(path) {
    case .success(let opened): (file, size) = opened
    case .failure(let failure): return fail(failure)
    }
    defer { try? file.close() }

    var session = ImportSession(
      batchSize: importOptions.batchSize, importTime: now().milliseconds, makeID: makeID)
    var reader = CSVReader()
    var throttle = ProgressThrottle(options: importOptions)
    var imported = 0
    var wasCancelled = false
    var hasStarted = false
    var failure: TodoFailure?
    // The batch being stored while the next one is parsed: parsing and SQLite each keep a core busy.
    var inFlight: (task: Task<Void, any Error>, rows: Int, endOffset: Int)?

    /// Waits for the batch in flight, reports it, and says whether to go on.
    func land() async throws -> Bool {
      guard let batch = inFlight else { return true }
      inFlight = nil
      try await batch.task.value
      imported += batch.rows
      let fraction = size > 0 ? Double(batch.endOffset) / Double(size) : 1
      if throttle.shouldReport(fraction, at: now()) {
        dispatch(
          TodoMessage.importProgress(
            TodoImportProgress(path: path, fraction: fraction, imported: imported), owner: owner))
      }
      return !isCancelled()
    }

    func isCancelled() -> Bool { imports.isCancelled(ticket) || Task.isCancelled }

    reading: do {
      var atEnd = false
      while !atEnd {
        // Between chunks, not only between batches: rows that all fail make no batch.
        if isCancelled() {
          _ = try await land()
          wasCancelled = true
          break reading
        }
        let chunk = try file.read(upToCount: Self.importChunkSize) ?? Data()
        atEnd = chunk.isEmpty
        try chunk.withUnsafeBytes { bytes in
          if atEnd {
            try reader.finish { try session.accept($0) }
            try session.finish()
          } else {
            try reader.consume(bytes) { try session.accept($0) }
          }
        }
        if !hasStarted, session.hasHeader {
          // The import runs from here: the app may now send a cancellation, and it will reach it.
          hasStarted = true
          dispatch(
            TodoMessage.importProgress(TodoImportProgress(path: path, fraction: 0, imported: 0), owner: owner)
          )
          throttle.didReport(at: now())
        }
        while let batch = session.nextBatch(final: atEnd) {
          guard try await land() else {
            wasCancelled = true
            break reading
          }
          inFlight = (Task { try await store(batch.rows, owner: owner) }, batch.rows.count, batch.endOffset)
        }
      }
      // The last batch is stored whether or not a cancellation came meanwhile: the import is complete.
      _ = try await land()
      dispatch(
        TodoMessage.importProgress(
          TodoImportProgress(path: path, fraction: 1, imported: imported), owner: owner))
    } catch {
      if let batch = inFlight, (try? await batch.task.value) != nil { imported += batch.rows }
      switch error {
      case let error as ImportSession.HeaderError:
        return fail(.fileUnreadable(path: path, reason: error.reason))
      case is CancellationError:
        wasCancelled = true
      case let error as DatabaseError:
        failure = .storage(Self.describe(error))
      default:
        failure = .fileUnreadable(path: path, reason: error.localizedDescription)
      }
    }
    let report = TodoImportReport(
      path: path, imported: imported, skippedCount: session.skippedCount, errors: session.errors,
      wasCancelled: wasCancelled || failure != nil)
    dispatch(TodoMessage.importFinished(report, owner: owner))
    if let failure { fail(failure) }
  }

  /// Stores one batch in one transaction.
  private func store(_ rows: [ImportRow], owner: UserID) async throws {
    try await database.write { db in try TodoTable.upsert(rows, owner: owner, in: db) }
  }

  /// Opens `path` for reading and finds its size, if it is a regular file (or a link to one).
  ///
  /// The file is opened before it is examined, and examined through the open descriptor, so that
  /// what is read is what was examined; the open does not block (a FIFO's would wait for a writer).
  private static func openRegularFile(_ path: String) -> Result<(FileHandle, Int), TodoFailure> {
    func systemError(_ code: Int32) -> TodoFailure {
      code == ENOENT
        ? .fileNotFound(path: path) : .fileUnreadable(path: path, reason: String(cString: strerror(code)))
    }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(systemError(errno)) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      close(descriptor)
      return .failure(systemError(code))
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      // Reads block again, as FileHandle expects (regular files never wait anyway).
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
      return .success((FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), Int(status.st_size)))
    case S_IFDIR:
      close(descriptor)
      return .failure(.fileUnreadable(path: path, reason: "it is a folder"))
    default:
      close(descriptor)
      return .failure(
        .fileUnreadable(
          path: path, reason: "it is not a regular file but a device, a FIFO or a socket, which may never end"
        ))
    }
  }
}
