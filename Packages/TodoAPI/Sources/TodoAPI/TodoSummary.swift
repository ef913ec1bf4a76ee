public import AuthenticationAPI
public import Core

/// What the app says about a user's whole list, as the database holds it: how many items there
/// are, open and done, and how many have each tag (the tags offered for completion).
///
/// The slice holds it (``TodoModel/summary``) rather than counting its items, so that it reads the
/// same whether the slice holds the list or only a page of it; ``TodoSummarySubscription`` keeps it
/// current.
public struct TodoSummary: Hashable, Sendable, Codable {
  /// How many items there are, open and done.
  public var counts: TodoCounts
  /// How many items have each tag; a tag no item has is absent.
  public var tagCounts: [TodoTag: Int]

  /// Creates a summary.
  ///
  /// - Parameters:
  ///   - counts: How many items there are, open and done.
  ///   - tagCounts: How many items have each tag; counts below 1 are dropped.
  public init(counts: TodoCounts = TodoCounts(), tagCounts: [TodoTag: Int] = [:]) {
    self.counts = counts
    self.tagCounts = tagCounts.filter { $0.value > 0 }
  }

  /// The summary of `items`, counted in memory: what the database's would read for a list holding
  /// exactly these items.
  ///
  /// - Parameter items: The items.
  public init(counting items: some Sequence<TodoItem>) {
    var counts = TodoCounts()
    var tagCounts: [TodoTag: Int] = [:]
    for item in items {
      counts.add(item)
      for tag in item.tags { tagCounts[tag, default: 0] += 1 }
    }
    self.init(counts: counts, tagCounts: tagCounts)
  }
}

/// The summary of `owner`'s list, kept current: read when the subscription starts, and again
/// whenever a commit of this app or of another program on the same database file may have changed
/// it.
///
/// TodoImpl's subscription provider asks for it while the slice has an owner whose list is open
/// (``TodoModel/isLoading`` false) and no import runs
/// (an import would change it at every batch; the import's end starts it again, and its first read
/// counts what the import stored). Its runner sends ``TodoMessage/summaryRead(_:owner:)``.
public struct TodoSummarySubscription: Subscription, Codable {
  /// The user whose list is summed up.
  public let owner: UserID

  /// Creates the subscription.
  ///
  /// - Parameter owner: The user whose list is summed up.
  public init(owner: UserID) {
    self.owner = owner
  }
}
