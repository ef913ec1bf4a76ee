import Synchronization

/// The name of a developer tool that sends messages, as ``Cause/tool(_:)`` carries it: `inspector`.
///
/// A cause travels with every message and is copied on the way, so it holds no reference that a
/// copy would retain: the text is interned once, when the tool's dispatch is made
/// (``Store/queue(from:)``), and the cause carries its number. Names are equal when their texts
/// are. Each distinct name is kept for the life of the process; tools use a handful.
public struct ToolName: Hashable, Sendable {
  private let number: UInt32

  /// The name `text`, interned.
  ///
  /// - Parameter text: The tool's name.
  public init(_ text: String) {
    number = Self.names.withLock { names in
      if let number = names.numbers[text] { return number }
      let number = UInt32(names.texts.count)
      names.texts.append(text)
      names.numbers[text] = number
      return number
    }
  }

  /// The tool's name as text.
  public var text: String { Self.names.withLock { $0.texts[Int(number)] } }

  private static let names = Mutex<(texts: [String], numbers: [String: UInt32])>(([], [:]))
}

extension ToolName: ExpressibleByStringLiteral {
  /// The name written as a literal: `.tool("inspector")`.
  ///
  /// - Parameter value: The tool's name.
  public init(stringLiteral value: String) {
    self.init(value)
  }
}

extension ToolName: CustomStringConvertible {
  /// The tool's name: `inspector`.
  public var description: String { text }
}

extension ToolName: Codable {
  /// Decodes the name from its text.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: The decoder's error when the value is not a string.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the name as its text.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's error.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}
