public import AuthenticationAPI
public import Core

/// An import that the model says is running: `owner`'s import of the file at `path`, the `run`th
/// import of the slice.
///
/// ``TodoModel/startImport(path:)`` makes it and ``TodoModel/stopImport()`` clears it; TodoImpl's
/// subscription provider asks for it while the model holds it, so the store starts the import when
/// it appears and stops it (cancelling its task) when it goes: after its report, a cancellation, a
/// sign-out or a shutdown. Its value is its identity: the run number makes a second import of the
/// same file by the same user a new subscription.
public struct TodoImportSubscription: Subscription, Codable {
  /// The importing user; the rows are theirs.
  public let owner: UserID
  /// The file to import.
  public let path: String
  /// Which import of the slice this is: 1 for the first, growing by one at each start.
  public let run: Int

  /// Creates the subscription.
  ///
  /// - Parameters:
  ///   - owner: The importing user.
  ///   - path: The file.
  ///   - run: The run number (``TodoModel/importRuns`` when it started).
  public init(owner: UserID, path: String, run: Int) {
    self.owner = owner
    self.path = path
    self.run = run
  }
}
