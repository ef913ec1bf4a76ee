public import AuthenticationAPI
public import Core

/// An import that the model says is running: `owner`'s import of the file at `path`, the `run`th
/// import of the slice.
///
/// ``TodoModel/startImport(path:again:)`` makes it and ``TodoModel/stopImport()`` clears it; TodoImpl's
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
  /// Whether to import the file even if it was imported to its end before and has not changed
  /// since; otherwise such an import fails with ``TodoFailure/alreadyImported(path:)``.
  public let again: Bool

  /// Creates the subscription.
  ///
  /// - Parameters:
  ///   - owner: The importing user.
  ///   - path: The file.
  ///   - run: The run number (``TodoModel/importRuns`` when it started).
  ///   - again: Whether to import a file imported before, unchanged, again.
  public init(owner: UserID, path: String, run: Int, again: Bool = false) {
    self.owner = owner
    self.path = path
    self.run = run
    self.again = again
  }

  /// Decodes a subscription; one encoded without `again` (a trace recorded before it existed) has
  /// it `false`.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: The decoder's error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    owner = try container.decode(UserID.self, forKey: .owner)
    path = try container.decode(String.self, forKey: .path)
    run = try container.decode(Int.self, forKey: .run)
    again = try container.decodeIfPresent(Bool.self, forKey: .again) ?? false
  }

  private enum CodingKeys: String, CodingKey {
    case owner, path, run, again
  }
}
