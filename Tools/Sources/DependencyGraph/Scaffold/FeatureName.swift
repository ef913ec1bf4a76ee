/// A validated feature name, such as `Payments`, and the names derived from it.
///
/// A feature name is UpperCamelCase ASCII: a letter first, then letters and digits. It names the
/// feature, not a package, so it does not end in `API` or `Impl`; `Core` and `App` are taken.
public struct FeatureName: Equatable, Sendable, CustomStringConvertible {
  /// The name as given: `Payments`.
  public let name: String

  /// Validates `name`.
  ///
  /// - Parameter name: The proposed feature name.
  /// - Throws: ``ToolError/invalidFeatureName(_:reason:)`` saying what is wrong with it.
  public init(_ name: String) throws {
    func refuse(_ reason: String) -> ToolError { .invalidFeatureName(name, reason: reason) }
    guard let first = name.unicodeScalars.first else { throw refuse("it is empty") }
    guard
      name.unicodeScalars.allSatisfy({
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
      })
    else { throw refuse("use only ASCII letters and digits, in UpperCamelCase (e.g. Payments)") }
    guard ("A"..."Z").contains(first) else {
      throw refuse("start with an upper-case letter, in UpperCamelCase (e.g. Payments)")
    }
    for suffix in ["API", "Impl"] where name.hasSuffix(suffix) {
      let example = name == suffix ? "Payments" : String(name.dropLast(suffix.count))
      throw refuse(
        "it ends in \(suffix): give the feature's name, such as \(example), to get \(example)API and \(example)Impl"
      )
    }
    guard !["Core", "App", "Tools"].contains(name) else {
      throw refuse("\(name) is the name of a monorepo package")
    }
    guard !Self.reservedProperties.contains(Self.lowerCamelCase(name)) else {
      throw refuse("its property name, \(Self.lowerCamelCase(name)), is a Swift keyword")
    }
    self.name = name
  }

  /// The API package and module: `PaymentsAPI`.
  public var api: String { name + "API" }
  /// The Impl package and module: `PaymentsImpl`.
  public var impl: String { name + "Impl" }
  /// The feature's property in the App's model: `payments` (`HTTPClient` gives `httpClient`).
  public var property: String { Self.lowerCamelCase(name) }

  /// The name.
  public var description: String { name }

  /// Lower-cases the leading capitals, keeping the last one of a run that starts a word:
  /// `Payments` → `payments`, `URLSession` → `urlSession`, `URL` → `url`.
  static func lowerCamelCase(_ name: String) -> String {
    let characters = Array(name)
    let capitals = characters.prefix { $0.isUppercase }.count
    let lowered: Int
    if capitals <= 1 || capitals == characters.count || !characters[capitals].isLowercase {
      lowered = capitals
    } else {
      lowered = capitals - 1
    }
    return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
  }

  /// Identifiers that a property cannot be called without backquotes.
  private static let reservedProperties: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init", "inout", "let",
    "operator", "protocol", "static", "struct", "subscript", "typealias", "var", "break", "case", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch",
    "where", "while", "as", "any", "catch", "false", "is", "nil", "rethrows", "self", "super", "throw",
    "throws", "true", "try", "await", "async", "some", "package", "internal", "public", "private", "open",
    "fileprivate", "consume", "copy", "borrowing", "consuming",
  ]
}
