import AuthenticationAPI
public import Core
import Foundation
import GRDB
public import TodoAPI

extension TodoInterpreter {
  /// How many bytes of the file are read and parsed at a time: a few hundred rows, so little is
  /// parsed ahead of the batch being stored.
  static let importChunkSize = 128 * 1024

  /// Runs `subscription`: imports its file into its owner's list, streamed, stored in batches,
  /// progress at a bounded rate. Register it as the runner of ``TodoAPI/TodoImportSubscription``s
  /// (``TodoFeature``'s `todo(_:)` does).
  ///
  /// Sends ``TodoAPI/TodoMessage/importProgress(_:owner:)`` messages with growing fractions, the
  /// first one 0 as soon as the header is read, the last one exactly 1, then
  /// ``TodoAPI/TodoMessage/importFinished(_:owner:)``. A file that cannot be opened or read, or a
  /// batch that cannot be stored, ends it with ``TodoAPI/TodoMessage/importFailed(_:run:owner:)``
  /// (the batches stored before stay; on a full disk, the failure says how far they reach). Only regular files are read: a device (`/dev/zero`), a FIFO
  /// or a socket is refused before anything is read from it, since it may never end or never send
  /// anything.
  ///
  /// The store stops it by cancelling its task, and drops what it sends from then on, so a stopped
  /// import reports nothing. It stops after the chunk of ``importChunkSize`` bytes it is parsing, so
  /// a file whose rows are all malformed, and make no batch, stops within milliseconds too. Each
  /// batch is stored whole or not at all: one already being written when the stop comes is
  /// committed; one that has not begun writing is not written. Since the database's writer runs one
  /// access at a time, any access asked for after the stop (a reload of the list, the checkpoint
  /// and close at exit) runs after the last batch this import will ever store. Each batch's
  /// transaction also records the line it reached (``ImportProgressTable``), so importing the same,
  /// unchanged file again resumes after the last row stored, and says so in its report
  /// (``TodoAPI/TodoImportReport/resumedAfterLine``).
  public func runImport(_ subscription: TodoImportSubscription, dispatch: Dispatch) async {
    let stopped = ImportStop()
    let report = await imports.counting {
      await withTaskCancellationHandler {
        await importCSV(subscription, stopped: stopped, dispatch: dispatch)
      } onCancel: {
        stopped.stop()
      }
    }
    // Sent once the import no longer counts as running: the `undo` that its end lets a script
    // type next must find no import running (it did, now and then, when the report was sent from
    // inside the count).
    if let report, !stopped.isStopped { dispatch(report) }
  }

  /// Imports the file, sending its progress; returns its report (finished or failed) to send
  /// once it no longer counts as running, or `nil` when it was stopped.
  private func importCSV(
    _ subscription: TodoImportSubscription, stopped: ImportStop, dispatch: Dispatch
  ) async -> TodoMessage? {
    let (path, owner, run) = (subscription.path, subscription.owner, subscription.run)
    // Nothing once stopped: the store drops, and reports, what a stopped subscription sends, and a
    // stop may come between a check of `stopped` in the loop below and the message that follows it.
    func send(_ message: TodoMessage) { if !stopped.isStopped { dispatch(message) } }
    func fail(_ failure: TodoFailure) -> TodoMessage {
      TodoMessage.importFailed(failure, run: run, owner: owner)
    }
    let file: FileHandle
    let size: Int
    let modified: Int64
    switch Self.openRegularFile(path) {
    case .success(let opened): (file, size, modified) = opened
    case .failure(let failure): return fail(failure)
    }
    defer { try? file.close() }

    // An earlier import of this very file (same size and modification time) that stopped part way
    // is resumed after the last row it stored, so no row is stored twice; one that read it to its
    // end is not repeated unless asked for.
    // A resumed import stores its rows under the earlier part's step while that step is still the
    // owner's last, so that `undo` takes back the whole import; after another change, under a step
    // of its own (an undo then takes back the resumed part, and the next one, after that change's,
    // the earlier part).
    let stored = try? await database.read {
      db -> (progress: ImportProgressTable.Progress, stepIsLast: Bool)? in
      guard let progress = try ImportProgressTable.progress(of: owner, path: path, in: db) else { return nil }
      return (progress, try progress.step.map { try TodoUndoHistory.isLast($0, of: owner, in: db) } ?? false)
    }
    let earlier = stored.flatMap { $0.progress.matches(size: Int64(size), modified: modified) ? $0 : nil }
    if earlier?.progress.finished == true, !subscription.again { return fail(.alreadyImported(path: path)) }
    let resumedAfterLine = earlier.flatMap { $0.progress.finished ? nil : $0.progress.line }
    var session = ImportSession(
      batchSize: importOptions.batchSize, importTime: now().milliseconds, makeID: makeID,
      resumingAfterLine: resumedAfterLine ?? 0)
    var reader = CSVReader()
    var throttle = ProgressThrottle(options: importOptions)
    var imported = 0
    // How far in the file the rows stored reach, in bytes.
    var storedOffset = 0
    var replaced = 0
    var hasStarted = false
    // The batch being stored while the next one is parsed: parsing and SQLite each keep a core busy.
    var inFlight: (task: Task<(replaced: Int, step: Int64), any Error>, rows: Int, endOffset: Int)?
    // The import's step of the undo history, made by the transaction of its first batch (or the
    // earlier part's, resumed): every batch belongs to it, so `undo` reverts the whole import.
    var step: Int64? = resumedAfterLine != nil && earlier?.stepIsLast == true ? earlier?.progress.step : nil

    func progress(_ fraction: Double) {
      send(
        TodoMessage.importProgress(
          TodoImportProgress(path: path, run: run, fraction: fraction, imported: imported), owner: owner))
    }

    /// Waits for the batch in flight and reports it.
    func land() async throws {
      guard let batch = inFlight else { return }
      inFlight = nil
      let stored = try await batch.task.value
      replaced += stored.replaced
      step = stored.step
      imported += batch.rows
      storedOffset = batch.endOffset
      let fraction = size > 0 ? Double(batch.endOffset) / Double(size) : 1
      if throttle.shouldReport(fraction, at: now()) { progress(fraction) }
    }

    do {
      var atEnd = false
      while !atEnd {
        // Between chunks, not only between batches: rows that all fail make no batch.
        if stopped.isStopped {
          // Nothing sent now would be delivered; the batch in flight finishes or never begins.
          _ = try? await inFlight?.task.value
          return nil
        }
        // A suspension a chunk: rows that make no batch make no `await` below, and an import that
        // never suspended would hold its thread of the cooperative pool (one a core) to the file's
        // end, starving every other task of the process.
        await Task.yield()
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
          hasStarted = true
          progress(0)
          throttle.didReport(at: now())
        }
        while let batch = session.nextBatch(final: atEnd) {
          try await land()
          let reached = ImportProgressTable.Progress(
            size: Int64(size), modified: modified, line: batch.lastLine)
          inFlight = (
            Task { [step] in
              try await store(
                batch.rows, owner: owner, path: path, reaching: reached, step: step, unless: stopped)
            },
            batch.rows.count, batch.endOffset
          )
        }
      }
      try await land()
      try await database.write { [step] db in
        try ImportProgressTable.save(
          ImportProgressTable.Progress(
            size: Int64(size), modified: modified, line: 0, finished: true, step: step),
          of: owner, path: path, in: db)
      }
      progress(1)
      return TodoMessage.importFinished(
        TodoImportReport(
          path: path, run: run, imported: imported, skippedCount: session.skippedCount,
          errors: session.errors, resumedAfterLine: resumedAfterLine, replaced: replaced),
        owner: owner)
    } catch {
      _ = try? await inFlight?.task.value
      switch error {
      case let error as ImportSession.HeaderError:
        return fail(.fileUnreadable(path: path, reason: error.reason))
      case is CancellationError:
        // Stopped while a batch was about to be written: the store delivers nothing now.
        return nil
      case let error as DatabaseError where error.resultCode == .SQLITE_FULL:
        let percent = size > 0 ? storedOffset * 100 / size : 0
        return fail(.importStoppedDiskFull(path: path, percent: percent, stored: imported))
      case let error as DatabaseError:
        return fail(.storage(Self.describe(error)))
      default:
        return fail(.fileUnreadable(path: path, reason: error.localizedDescription))
      }
    }
  }

  /// Stores one batch in one transaction, with how far in the file it reaches, unless the import
  /// was stopped before the transaction began: the writer runs one access at a time, so an access
  /// asked for after the stop (a reload, the close at exit) never sees a batch of a stopped import
  /// land after it.
  ///
  /// The first batch (`step` nil) begins the import's step of `owner`'s undo history.
  ///
  /// - Returns: How many rows replaced an item with the same identity, and the import's step.
  /// - Throws: `CancellationError` if the import was stopped first; the database's error.
  private func store(
    _ rows: [ImportRow], owner: UserID, path: String, reaching progress: ImportProgressTable.Progress,
    step: Int64?, unless stopped: ImportStop
  ) async throws -> (replaced: Int, step: Int64) {
    try await database.write { db in
      guard !stopped.isStopped else { throw CancellationError() }
      let step = try step ?? TodoUndoHistory.begin(.importCSV, subject: path, owner: owner, in: db)
      let replaced = try TodoTable.upsert(rows, owner: owner, step: step, in: db)
      var progress = progress
      progress.step = step
      try ImportProgressTable.save(progress, of: owner, path: path, in: db)
      return (replaced, step)
    }
  }

  /// Whether `owner` imported the file at `path` to its end before, and it has not changed since:
  /// what ``TodoAPI/TodoCommand/checkImport(path:owner:)`` asks. A file that cannot be opened was
  /// not (the import then says why it cannot read it).
  func wasImported(_ path: String, by owner: UserID) async throws -> Bool {
    guard case .success(let (file, size, modified)) = Self.openRegularFile(path) else { return false }
    try? file.close()
    let earlier = try await database.read { db in
      try ImportProgressTable.progress(of: owner, path: path, in: db)
    }
    return earlier.map { $0.finished && $0.matches(size: Int64(size), modified: modified) } ?? false
  }

  /// Opens `path` for reading and finds its size and modification time (in milliseconds), if it is
  /// a regular file (or a link to one).
  ///
  /// The file is opened before it is examined, and examined through the open descriptor, so that
  /// what is read is what was examined; the open does not block (a FIFO's would wait for a writer).
  private static func openRegularFile(_ path: String) -> Result<(FileHandle, Int, Int64), TodoFailure> {
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
      let modified = Int64(status.st_mtim.tv_sec) * 1_000 + Int64(status.st_mtim.tv_nsec) / 1_000_000
      return .success(
        (FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), Int(status.st_size), modified))
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
