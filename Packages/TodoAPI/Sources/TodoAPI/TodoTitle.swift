/// A to-do title that obeys the rules: surrounding whitespace removed, not empty, at most
/// ``maximumLength`` characters, newlines turned into spaces.
///
/// The only way to make one is to validate a raw title (``validate(_:)`` or
/// ``init(validating:)``; decoding and a string literal validate too), so a ``TodoCommand`` that
/// carries one needs no second check, and a ``TodoItem`` holds one: the interpreter stores ``text``
/// as it is, and a title read back is one.
///
/// It is encoded as its text, a plain string, so JSON and recorded traces read `"title": "buy
/// milk"` as they always have.
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

  /// Checks a title: surrounding whitespace removed, not empty (nor only invisible characters such
  /// as zero-width spaces), at most ``maximumLength`` characters. Any Unicode is allowed; newlines
  /// inside a title become spaces.
  ///
  /// - Parameter raw: The title as typed or imported.
  /// - Returns: The validated title, or the failure to show the user.
  public static func validate(_ raw: String) -> Result<TodoTitle, TodoFailure> {
    // A newline is one of a few scalars (`\n` to `\r`, U+0085, U+2028, U+2029), which never join
    // another into a character: their bytes are looked for first, so a title without one (nearly
    // every title, and every one read back from the database) is not walked by characters.
    let mayBreak = raw.utf8.contains { (0x0A...0x0D).contains($0) || $0 == 0xC2 || $0 == 0xE2 }
    // A title that starts and ends with a visible ASCII character (nearly every one) is neither
    // padded nor empty: no character walk. A character ending in such a byte starts with a scalar
    // that is not whitespace, since no whitespace joins a following scalar into one character.
    if !mayBreak, let first = raw.utf8.first, let last = raw.utf8.last, (0x21...0x7E).contains(first),
      (0x21...0x7E).contains(last), raw.utf8.count <= maximumLength
    {
      return .success(TodoTitle(checked: raw))
    }
    let flattened =
      mayBreak && raw.contains(where: \.isNewline) ? String(raw.map { $0.isNewline ? " " : $0 }) : raw
    // Index arithmetic rather than reversing twice: an import validates a million titles.
    guard let first = flattened.firstIndex(where: { !$0.isWhitespace }),
      let last = flattened.lastIndex(where: { !$0.isWhitespace })
    else { return .failure(.emptyTitle) }
    // A clean title is kept as it is, not copied.
    let title =
      first == flattened.startIndex && flattened.index(after: last) == flattened.endIndex
      ? flattened : String(flattened[first...last])
    // Nothing visible (a zero-width space, a joiner) is empty too; the first visible scalar ends
    // the look, so a title costs one or two scalars here.
    if title.unicodeScalars.allSatisfy({
      $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint
    }) {
      return .failure(.emptyTitle)
    }
    // A title of at most `maximumLength` UTF-8 bytes has at most as many characters: no need to count.
    if title.utf8.count > maximumLength, title.count > maximumLength {
      return .failure(.titleTooLong(length: title.count, limit: maximumLength))
    }
    return .success(TodoTitle(checked: title))
  }

  /// The cleaned title.
  public var description: String { text }
}

extension TodoTitle: Codable {
  /// Decodes a title from a plain string, validated.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` for a string that is not a valid title (empty, too
  ///   long), or the decoder's error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let raw = try container.decode(String.self)
    switch Self.validate(raw) {
    case .success(let title): self = title
    case .failure(let failure):
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a to-do title: \(failure)")
    }
  }

  /// Encodes the title as its text, a plain string.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's error.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}

extension TodoTitle: ExpressibleByStringLiteral {
  /// A title written in the code (a fixture, a test), validated like any other.
  ///
  /// ```swift
  /// let item = TodoItem(id: TodoID(rawValue: "1"), title: "buy milk", createdAt: .now)
  /// ```
  ///
  /// A literal that breaks the rules (empty, longer than ``maximumLength``) is a mistake in the
  /// code, not in input: it stops the program. Titles from users and files go through
  /// ``validate(_:)``.
  ///
  /// - Parameter literal: The title.
  public init(stringLiteral literal: String) {
    switch Self.validate(literal) {
    case .success(let title): self = title
    case .failure(let failure): preconditionFailure("\"\(literal)\" is not a to-do title: \(failure)")
    }
  }
}
