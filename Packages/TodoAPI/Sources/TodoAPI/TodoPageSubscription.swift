public import AuthenticationAPI
public import Core

/// The page the model shows, kept current: `owner`'s page that `query` selects, read again whenever
/// the list changes.
///
/// TodoImpl's subscription provider asks for it while the slice holds a page
/// (``TodoModel/page``) of a size and no import runs; its runner then sends
/// ``TodoMessage/pageChanged(_:outside:owner:)`` each time a commit of this app makes the page read
/// differently, and each time another program commits to the same database file (then whether or
/// not the page reads differently: rows it does not show may have changed). The store stops it when the slice shows another page, its user signs
/// out, or an import starts (which would change the page at every batch; the import's end starts it
/// again, and its first read shows what the import stored).
public struct TodoPageSubscription: Subscription, Codable {
  /// The user whose list the page is of.
  public let owner: UserID
  /// The page, as the listing that showed it asked for it.
  public let query: TodoListQuery

  /// Creates the subscription.
  ///
  /// - Parameters:
  ///   - owner: The user whose list it is.
  ///   - query: The page.
  public init(owner: UserID, query: TodoListQuery) {
    self.owner = owner
    self.query = query
  }
}
