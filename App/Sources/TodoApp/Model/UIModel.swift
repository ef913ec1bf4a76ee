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

  /// The most lines kept in the outbox; older ones have been printed long ago.
  public static let outboxLimit = 500

  /// Lines waiting to be printed (and some already printed), oldest first.
  public private(set) var outbox: [OutputLine]
  /// The sequence number of `outbox[0]`: line `n` of the session is `outbox[n - outboxStart]`.
  public private(set) var outboxStart: Int
  /// Where the app's life stands.
  public var lifecycle: Lifecycle
  /// How many commands failed or could not be understood (the script mode's exit code).
  public var failures: Int
  /// Titles of items being removed, so the confirmation can name them.
  public var removing: [TodoID: String]
  /// The time zone dates are shown in, as told at launch (time and place enter as messages, so a
  /// replay elsewhere renders the same).
  public var timeZone: String

  /// Creates the slice of a fresh session.
  public init() {
    outbox = []
    outboxStart = 0
    lifecycle = .running
    failures = 0
    removing = [:]
    timeZone = "UTC"
  }

  /// The sequence number the next line will get.
  public var outboxEnd: Int { outboxStart + outbox.count }

  /// Appends a line; error lines count as failures.
  ///
  /// - Parameter line: The line.
  public mutating func print(_ line: OutputLine) {
    outbox.append(line)
    if line.style == .error { failures += 1 }
    if outbox.count > Self.outboxLimit {
      let excess = outbox.count - Self.outboxLimit
      outbox.removeFirst(excess)
      outboxStart += excess
    }
  }

  /// Appends an info line.
  ///
  /// - Parameter text: The text.
  public mutating func say(_ text: String) { print(OutputLine(.info, text)) }

  /// Appends an error line.
  ///
  /// - Parameter text: The text.
  public mutating func fail(_ text: String) { print(OutputLine(.error, text)) }

  /// The lines with sequence numbers from `start` on.
  ///
  /// - Parameter start: The first sequence number wanted.
  /// - Returns: The lines still kept from there.
  public func lines(from start: Int) -> ArraySlice<OutputLine> {
    outbox[max(0, start - outboxStart)...]
  }
}
