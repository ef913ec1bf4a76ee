/// What the page asked of the app's time travel, for the app to show (``Inspector/attach(to:configuration:inspectable:onTravel:)``).
///
/// The inspector pauses the store before it reports ``viewing(message:)`` and reports ``resumed``
/// before it resumes the store, so what the app prints for either comes before the output of the
/// messages that waited.
public enum TimeTravel: Sendable, Equatable {
  /// The store is paused: show the app as it was after the message numbered `message` (`m42` is
  /// 42). New input and interpreters' answers wait, in order, until ``resumed``.
  case viewing(message: UInt64)
  /// The store runs again, from the present: what waited is being processed.
  case resumed
  /// The last open page closed while the store was paused: the store runs again, from the present,
  /// as after ``resumed`` (a pause never outlives the pages that could end it).
  case lastPageClosed
}
