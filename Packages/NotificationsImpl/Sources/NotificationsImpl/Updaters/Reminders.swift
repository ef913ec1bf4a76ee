/// The limits that keep reminders honest and cheap.
enum Reminders {
  /// How long after its due date an item can still be posted as "due now". A due date the loop
  /// learns of later than this (the model's time was stale, the process was suspended, the item
  /// arrived already overdue) passes silently.
  static let gracePeriod: Duration = .seconds(60)
  /// How much of the signed-in user's time may pass before their seen-until time is stored again
  /// (a shown reminder stores it at once): a session that ends without a sign-out, the app quit
  /// or killed, has stored what was seen up to within this of its end.
  static let seenStoreInterval: Duration = .seconds(60)
}
