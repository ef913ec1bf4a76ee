/// Cancels the command running under a key (``KeyedCommand``), if any; a command that performs
/// nothing else.
///
/// ```swift
/// case .cancelSearch:
///   return [CancelCommand("search")]
/// ```
///
/// The cancelled command ends at once and its later messages are dropped, as with a
/// ``KeyedCommand`` that replaces it. A child's keys are its element's (``KeyedCommand``).
public struct CancelCommand: Command {
  /// The key of the command to cancel.
  public let key: any Hashable & Sendable

  /// Cancels the command running under `key`.
  ///
  /// - Parameter key: The key it was started under.
  public init(_ key: some Hashable & Sendable) {
    self.key = key
  }
}

extension CancelCommand: Equatable {
  /// Whether both cancel equal keys.
  public static func == (left: Self, right: Self) -> Bool {
    areEqualValues(left.key, right.key)
  }
}

extension CancelCommand: CustomStringConvertible {
  /// `CancelCommand(key)`, as a failure message shows it.
  public var description: String { "CancelCommand(\(ValueRendering.line(of: key, limit: 4_096)))" }
}
