public import NotificationsAPI
public import TodoAPI

/// The terminal's slice of the model: what to print, and where the session stands.
public struct UIModel: Hashable, Sendable, Codable {
  /// Where the app's life stands.
  public enum Lifecycle: Hashable, Sendable, Codable {
    /// Reading commands.
    case running
    /// The user typed `quit`.
    case quitRequested
    /// SIGINT or SIGTERM arrived: finish in-flight work, close the database, exit 0.
    case shutdownRequested(signal: String)
  }

  /// The lines of the last message the app's updater applied, oldest first.
  public private(set) var outbox: [OutputLine]
  /// The sequence number of `outbox[0]`: line `n` of the session is `outbox[n - outboxStart]`.
  public private(set) var outboxStart: Int
  /// Where the app's life stands.
  public var lifecycle: Lifecycle
  /// What the terminal asks before the next line: the held command waits for the answer.
  public var question: Question?
  /// How far the export under way has got, once it reports (a long one): the terminal shows it.
  public var exportProgress: Double?
  /// How many commands failed or could not be understood (the script mode's exit code).
  public var failures: Int
  /// Titles of items being removed, so the confirmation can name them.
  public var removing: [TodoID: String]
  /// The time zone dates are shown in, as told at launch (time and place enter as messages, so a
  /// replay elsewhere renders the same).
  public var timeZone: String
  /// The newest notification announced with a banner: those the notifications slice posts after it
  /// get theirs when the message that posted them has been applied.
  public var announcedNotification: NotificationID?
  /// Whether the app listens for OS signals (``SystemSubscriptions``); `true` while it runs.
  public var listensForSignals: Bool
  /// The numbers the user named items by in commands sent since the last listing, by identity:
  /// what the lines for their results print (`Done 3. …`), even when the page's watch has dropped
  /// the item's row by then. The database keeps what numbers mean
  /// (``AppModel/names(of:answers:)``); this holds only the items a line named.
  public var numbered: [TodoID: Int]
  /// The command waiting for an answer of the database (``WaitingIntent``), if any.
  public var waiting: WaitingIntent?
  /// Whether the import asked for last may ask before importing a file imported before (at a
  /// terminal), rather than refuse (in a script).
  public var importAsks: Bool

  /// Creates the slice of a fresh session.
  public init() {
    outbox = []
    outboxStart = 0
    lifecycle = .running
    question = nil
    exportProgress = nil
    failures = 0
    removing = [:]
    timeZone = "UTC"
    announcedNotification = nil
    listensForSignals = false
    numbered = [:]
    waiting = nil
    importAsks = false
  }

  /// The sequence number the next line will get.
  public var outboxEnd: Int { outboxStart + outbox.count }

  /// Appends a line; error lines count as failures. No line is dropped before it is printed.
  ///
  /// - Parameter line: The line.
  public mutating func print(_ line: OutputLine) {
    outbox.append(line)
    if line.style == .error { failures += 1 }
  }

  /// Appends an info line.
  ///
  /// - Parameter text: The text.
  public mutating func say(_ text: String) { print(OutputLine(.info, text)) }

  /// Appends a row of a listing (``OutputLine/Style/row``).
  ///
  /// - Parameter text: The text.
  public mutating func row(_ text: String) { print(OutputLine(.row, text)) }

  /// Appends an error line.
  ///
  /// - Parameter text: The text.
  public mutating func fail(_ text: String) { print(OutputLine(.error, text)) }

  /// Appends a warning: shown, but not counted as a failure.
  ///
  /// - Parameter text: The text.
  public mutating func warn(_ text: String) { print(OutputLine(.warning, text)) }

  /// Drops the lines of the messages before: the terminal has printed them.
  ///
  /// The store tells its listeners after every message (docs/the-loop.md), and the terminal's
  /// printer listens from before the first, so when the next message reaches the app's updater the
  /// lines in the outbox are on screen.
  public mutating func dropPrinted() {
    guard !outbox.isEmpty else { return }
    outboxStart = outboxEnd
    outbox = []
  }

  /// The lines with sequence numbers from `start` on.
  ///
  /// - Parameter start: The first sequence number wanted.
  /// - Returns: The lines still kept from there: all of them if `start` has not been dropped.
  public func lines(from start: Int) -> ArraySlice<OutputLine> {
    outbox[min(outbox.count, max(0, start - outboxStart))...]
  }
}
