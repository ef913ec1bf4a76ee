/// A tag of an item, such as `+home`: a word that groups items across the list (`list +home`).
///
/// A tag is written with a `+` before its name. The name starts with a letter and holds letters,
/// digits, `-` and `_`, at most ``maximumLength`` characters; it is folded to lowercase, so `+Home`
/// and `+home` are one tag. An item has at most ``maximumCount`` tags, kept sorted by name, each
/// once (see ``normalized(_:)``).
///
/// A word that does not have that shape is not a tag and stays in a title: `+1 for Bob`, `C++`,
/// `a + b`, `+home!` (see ``split(_:)``).
///
/// ```swift
/// let (title, tags) = try TodoTag.split("buy milk +Home +errand").get()
/// // title == "buy milk", tags == [+errand, +home]
/// ```
public struct TodoTag: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The longest name, in characters (the `+` not counted).
  public static let maximumLength = 32
  /// The most tags one item may have.
  public static let maximumCount = 16

  /// The name: lowercase, without the `+`.
  public let name: String

  private init(checked name: String) { self.name = name }

  /// A tag named `name`, with or without its `+`, folded to lowercase.
  ///
  /// - Parameter name: The name as typed or stored: `home`, `+Home`.
  /// - Returns: The tag, or `nil` if `name` is not one (see ``TodoTag``).
  public init?(_ name: some StringProtocol) {
    guard case .tag(let tag) = Self.read(name, plusRequired: false) else { return nil }
    self = tag
  }

  /// What a word is, read as a tag.
  public enum Reading: Hashable, Sendable {
    /// A tag.
    case tag(TodoTag)
    /// A word of a tag's shape whose name is longer than ``TodoTag/maximumLength``.
    case tooLong(String)
    /// A word that is not a tag.
    case notATag
  }

  /// Reads `word` as a tag.
  ///
  /// - Parameters:
  ///   - word: One word, as typed.
  ///   - plusRequired: Whether only a word starting with `+` may be a tag (a title's words); a
  ///     stored or exported name has none.
  /// - Returns: The tag, or why it is none.
  public static func read(_ word: some StringProtocol, plusRequired: Bool = true) -> Reading {
    let hasPlus = word.first == "+"
    let name = hasPlus ? word.dropFirst() : word[...]
    // A name may not start with a combining mark (a letter to Unicode): written after a space, as
    // the table's field writes it, the mark would join the space, and the field would not read back.
    guard hasPlus || !plusRequired, let first = name.first, first.isLetter, !startsWithMark(first),
      name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    else { return .notATag }
    if name.count > maximumLength { return .tooLong(String(word)) }
    return .tag(TodoTag(checked: name.lowercased()))
  }

  private static func startsWithMark(_ character: Character) -> Bool {
    switch character.unicodeScalars.first?.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }

  /// Takes the tags out of a title as typed: each word that is a tag (``read(_:plusRequired:)``)
  /// leaves the title; the other words stay, joined by single spaces if any word was taken.
  ///
  /// - Parameter text: The title as typed, tags and all: `buy milk +home +errand`.
  /// - Returns: The title (not yet validated, see ``TodoTitle``) and the tags, sorted, each once;
  ///   or ``TodoFailure/tagTooLong(_:limit:)`` or ``TodoFailure/tooManyTags(count:limit:)``.
  public static func split(_ text: String) -> Result<(title: String, tags: [TodoTag]), TodoFailure> {
    // Most titles have no `+`: they are returned as typed, without splitting.
    guard text.contains("+") else { return .success((text, [])) }
    var words: [Substring] = []
    var tags: [TodoTag] = []
    for word in text.split(whereSeparator: \.isWhitespace) {
      switch read(word) {
      case .tag(let tag): tags.append(tag)
      case .tooLong(let word): return .failure(.tagTooLong(word, limit: maximumLength))
      case .notATag: words.append(word)
      }
    }
    guard !tags.isEmpty else { return .success((text, [])) }
    return normalized(tags).map { (words.joined(separator: " "), $0) }
  }

  /// `tags` sorted by name, each once, if there are at most ``maximumCount`` of them.
  ///
  /// - Parameter tags: Tags in any order, perhaps repeated.
  /// - Returns: The tags, or ``TodoFailure/tooManyTags(count:limit:)``.
  public static func normalized(_ tags: some Sequence<TodoTag>) -> Result<[TodoTag], TodoFailure> {
    let sorted = Set(tags).sorted()
    guard sorted.count <= maximumCount else {
      return .failure(.tooManyTags(count: sorted.count, limit: maximumCount))
    }
    return .success(sorted)
  }

  /// The tags of a stored or exported field: names separated by spaces, with or without `+`.
  ///
  /// - Parameter field: The field, such as `errand home`.
  /// - Returns: The tags, sorted, each once; or the failure to report, naming the first word that is
  ///   not a tag.
  public static func tags(in field: some StringProtocol) -> Result<[TodoTag], TodoFailure> {
    // A list of a million items mostly has none: no array, no split.
    guard !field.isEmpty else { return .success([]) }
    var tags: [TodoTag] = []
    for word in field.split(whereSeparator: \.isWhitespace) {
      switch read(word, plusRequired: false) {
      case .tag(let tag): tags.append(tag)
      case .tooLong(let word): return .failure(.tagTooLong(word, limit: maximumLength))
      case .notATag: return .failure(.notATag(String(word)))
      }
    }
    return normalized(tags)
  }

  /// The names of `tags` separated by spaces, without `+`: how the database and the CSV format
  /// store them.
  ///
  /// - Parameter tags: The tags.
  /// - Returns: The field, empty for no tags.
  public static func field(_ tags: [TodoTag]) -> String {
    tags.isEmpty ? "" : tags.map(\.name).joined(separator: " ")
  }

  /// Orders tags by name.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.name < rhs.name }

  /// The tag as written: `+home`.
  public var description: String { "+" + name }
}

extension TodoTag: Codable {
  /// Decodes a tag from its name.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` if the name is not a tag's.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard let tag = TodoTag(name) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(name)\" is not a tag")
    }
    self = tag
  }

  /// Encodes the tag as its name.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's error.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}
