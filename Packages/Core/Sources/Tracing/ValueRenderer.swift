import Core

/// Renders values on one line for traces, redacting every `Redacted` value wherever it sits.
///
/// Types that describe themselves (`CustomStringConvertible`) are rendered by their description
/// unless they are containers of other values; everything else is walked with `Mirror`, so a
/// `Secret` inside a struct inside an enum payload still prints as `Secret(••••)`. This is the
/// one-line layout of the renderer behind Core's problem reports and CoreTesting's failure messages,
/// so a value reads the same in a trace, a report and a failing test.
public enum ValueRenderer {
  /// The longest rendering kept; longer ones end in `…`.
  public static let defaultLimit = 300

  /// One-line rendering of `value`: `TodoMessage.added(TodoItem(title: "Buy milk", …))`.
  ///
  /// - Parameters:
  ///   - value: Any value.
  ///   - limit: The longest rendering kept, in UTF-8 bytes (renderings stop growing past it).
  /// - Returns: The rendering, secrets redacted.
  public static func render(_ value: Any, limit: Int = defaultLimit) -> String {
    ValueRendering.line(of: value, limit: limit)
  }

  /// The type of `value` with its module: `TodoAPI.TodoMessage`.
  ///
  /// - Parameter value: Any value.
  /// - Returns: The qualified type name.
  public static func typeName(of value: Any) -> String {
    ValueRendering.typeName(of: value)
  }

  /// The name ``typeName(of:)`` gives every value of `type`: `TodoAPI.TodoMessage`.
  ///
  /// - Parameter type: Any type.
  /// - Returns: The qualified type name, as traces name the type.
  public static func typeName(ofType type: Any.Type) -> String {
    TypeTraits.stableName(of: type)
  }
}
