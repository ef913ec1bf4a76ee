/// A to-do title that obeys the rules: surrounding whitespace removed, not empty, at most
/// ``maximumLength`` characters, newlines turned into spaces.
///
/// The only way to make one is to validate a raw title (``validate(_:)`` or
/// ``init(validating:)``), so a ``TodoCommand`` that carries one needs no second check: the
/// interpreter stores ``text`` as it is.
public struct TodoTitle: Hashable, Sendable, CustomStringConvertible {
  /// The longest allowed title, in characters (grapheme clusters).
  public static let maximumLength = 500

  /// The cleaned title.
  public let text: String

  private init(checked text: String) { self.text = text }

  /// Validates `raw` (see ``validate(_:)``).
  ///
  /// - Parameter raw: The title as typed or imported.
  /// - Throws: The ``TodoFailure`` to show the user: ``TodoFailure/emptyTitle`` or
  ///   ``TodoFailure/titleTooLong(length:limit:)``.
  public init(validating raw: String) throws(TodoFailure) {
    self = try Self.validate(raw).get()
  }

  /// Checks a title: surrounding whitespace removed, not empty, at most ``maximumLength``
  /// characters. Any Unicode is allowed; newlines inside a title become spaces.
  ///
  /// - Parameter raw: The title as typed or imported.
  /// - Returns: The validated title, or the failure to show the user.
  public static func validate(_ raw: String) -> Result<TodoTitle, TodoFailure> {
    let flattened = raw.contains(where: \.isNewline) ? String(raw.map { $0.isNewline ? " " : $0 }) : raw
    // Index arithmetic rather than reversing twice: an import validates a million titles.
    guard let first = flattened.firstIndex(where: { !$0.isWhitespace }),
      let last = flattened.lastIndex(where: { !$0.isWhitespace })
    else { return .failure(.emptyTitle) }
    let title = String(flattened[first...last])
    // A title of at most `maximumLength` UTF-8 bytes has at most as many characters: no need to count.
    if title.utf8.count > maximumLength, title.count > maximumLength {
      return .failure(.titleTooLong(length: title.count, limit: maximumLength))
    }
    return .success(TodoTitle(checked: title))
  }

  /// The cleaned title.
  public var description: String { text }
}
