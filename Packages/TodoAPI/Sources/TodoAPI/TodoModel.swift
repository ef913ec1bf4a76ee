public import AuthenticationAPI
import Foundation

/// The to-do slice of the app's model: what the screen shows of the signed-in user's list, and the
/// state around it. The list itself stays in the database: the slice holds the page shown
/// (``page``), the list's counts (``summary``) and the state of running work, and no field grows
/// with the number of items.
public struct TodoModel: Hashable, Sendable, Codable {
  /// The user whose list this is; `nil` when signed out.
  public var owner: UserID?
  /// Whether a load (``TodoCommand/load(_:)``, a read of the list's summary) is running.
  public var isLoading: Bool
  /// The last failure, until the next success.
  public var lastError: TodoFailure?
  /// The import the model asks to run, from ``startImport(path:again:)`` to ``stopImport()``; TodoImpl's
  /// subscription provider turns it into the running import.
  public private(set) var runningImport: TodoImportSubscription?
  /// How many imports were started in this slice, across owners: the last one's run number.
  public private(set) var importRuns: Int
  /// The last progress of the running import, if it has reported any.
  public var importProgress: TodoImportProgress?
  /// The last finished import.
  public var lastImport: TodoImportReport?
  /// The last finished export.
  public var lastExport: TodoExportSummary?
  /// The last page of search results.
  public var lastSearch: TodoSearchResult?
  /// The page the last listing showed, as read from the database
  /// (``TodoMessage/pageRead(_:at:owner:)``): its rows with their numbers, and the counts.
  public var page: TodoPage?
  /// How many items there are, open and done, and per tag, as the database last said
  /// (``TodoMessage/summaryRead(_:owner:)``); `nil` until it is read.
  public var summary: TodoSummary?

  /// Creates the slice.
  ///
  /// - Parameters:
  ///   - owner: The user whose list this is.
  ///   - page: The page shown.
  ///   - summary: The list's counts.
  public init(owner: UserID? = nil, page: TodoPage? = nil, summary: TodoSummary? = nil) {
    self.owner = owner
    self.isLoading = false
    self.lastError = nil
    self.runningImport = nil
    self.importRuns = 0
    self.importProgress = nil
    self.lastImport = nil
    self.lastExport = nil
    self.lastSearch = nil
    self.page = page
    self.summary = summary
  }

  /// Whether `result` belongs to this list: it answers a command of ``owner``.
  ///
  /// A result that arrives after its user signed out (perhaps after another user signed in)
  /// belongs to nobody on screen: the to-do feature's updater changes nothing for it, and an app
  /// that shows results shows nothing of it. The rule is said here, once, by the slice that owns
  /// ``owner``.
  ///
  /// - Parameter result: A result of the to-do feature.
  /// - Returns: Whether its user is ``owner`` (never, while signed out).
  public func accepts(_ result: TodoMessage) -> Bool {
    owner == result.owner
  }

  /// Empties the slice (signed out), stopping the import; the run counter is kept, so a report of
  /// a stopped import can never pass for one of a later import.
  public mutating func clear() {
    reset(owner: nil)
  }

  /// Empties the slice and gives it to `owner`; the run counter is kept. The running import is
  /// kept if `owner` is the owner already (signing in again), and stopped otherwise.
  ///
  /// - Parameter owner: The new owner, or `nil` when signed out.
  public mutating func reset(owner: UserID?) {
    let runs = importRuns
    let kept = owner != nil && owner == self.owner ? (runningImport, importProgress) : (nil, nil)
    self = TodoModel(owner: owner)
    importRuns = runs
    (runningImport, importProgress) = kept
  }

  // MARK: - Import

  /// Asks for an import of `path` into the owner's list: the slice now says it runs.
  ///
  /// One import runs at a time: nothing changes if one runs already, or if nobody owns the slice.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - again: Whether to import it even if it was imported before, unchanged since.
  /// - Returns: The import asked for, or `nil` if none could be.
  @discardableResult
  public mutating func startImport(path: String, again: Bool = false) -> TodoImportSubscription? {
    guard let owner, runningImport == nil else { return nil }
    importRuns += 1
    runningImport = TodoImportSubscription(owner: owner, path: path, run: importRuns, again: again)
    importProgress = nil
    return runningImport
  }

  /// Ends the running import, if any: the store stops it, and what it sends afterwards is dropped.
  ///
  /// The batches it stored stay (each is stored whole or not at all); reload the list to show them.
  ///
  /// - Returns: The import that ran, or `nil` if none ran.
  @discardableResult
  public mutating func stopImport() -> TodoImportSubscription? {
    defer {
      runningImport = nil
      importProgress = nil
    }
    return runningImport
  }

  /// Whether `run` is the running import's run number.
  ///
  /// - Parameter run: A run number from a progress report, a report or a failure.
  /// - Returns: `true` if that import still runs.
  public func isRunningImport(_ run: Int) -> Bool {
    runningImport?.run == run
  }
}

/// What the last export wrote.
public struct TodoExportSummary: Hashable, Sendable, Codable {
  /// The file written.
  public let path: String
  /// The number of items written.
  public let count: Int

  /// Creates a summary.
  ///
  /// - Parameters:
  ///   - path: The file written.
  ///   - count: The number of items.
  public init(path: String, count: Int) {
    self.path = path
    self.count = count
  }
}
