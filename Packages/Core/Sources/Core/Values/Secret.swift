/// A value that must never be shown: a password, a token, a key.
///
/// `description`, `debugDescription`, `dump` and mirrors print `Secret(••••)`, so a secret inside
/// a message or command stays hidden in the console monitor, the causal trace, test failure diffs,
/// and logs. The value is reachable only through ``revealed``, which makes every use searchable.
///
/// Encoding writes the redaction marker, never the value; decoding yields ``isRedacted`` secrets,
/// so a recorded trace can be decoded and replayed without ever having held the secret.
///
/// ```swift
/// enum AuthenticationCommand: Command {
///   case signIn(username: String, password: Secret<String>)
/// }
/// ```
public struct Secret<Value: Sendable & Equatable>: Sendable, Equatable {
  private let value: Value?

  /// Wraps `value`.
  ///
  /// - Parameter value: The secret value.
  public init(_ value: Value) {
    self.value = value
  }

  private init(redacted: Void) {
    self.value = nil
  }

  /// A secret whose value was removed (decoded from a trace, for example).
  public static var redacted: Secret { Secret(redacted: ()) }

  /// Whether the value was removed; ``revealed`` then traps.
  public var isRedacted: Bool { value == nil }

  /// The secret value. Use it only where the value is consumed (hashing a password).
  ///
  /// - Precondition: The secret is not ``isRedacted``.
  public var revealed: Value {
    guard let value else { preconditionFailure("A redacted Secret has no value to reveal.") }
    return value
  }
}

extension Secret: Redacted {
  /// `Secret(••••)`.
  public var redactedDescription: String { "Secret(••••)" }
}

extension Secret: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// `Secret(••••)`: never the value.
  public var description: String { redactedDescription }

  /// `Secret(••••)`: never the value.
  public var debugDescription: String { redactedDescription }

  /// A mirror with no children, so `dump` and reflection-based renderers see nothing inside.
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

extension Secret: Codable {
  private static var marker: String { "<redacted>" }

  /// Writes the redaction marker, never the value.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(Self.marker)
  }

  /// Reads a redacted secret, whatever was written.
  ///
  /// - Parameter decoder: The decoder.
  public init(from decoder: any Decoder) throws {
    self.init(redacted: ())
  }
}
