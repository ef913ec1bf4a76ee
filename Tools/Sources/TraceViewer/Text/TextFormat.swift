import Foundation
public import Tracing

/// How the text views print times, durations, values and model changes.
public enum TextFormat {
  /// A time since recording started: `+0.013s`.
  ///
  /// - Parameter seconds: Seconds since recording started.
  /// - Returns: The time with millisecond precision and a sign.
  public static func time(_ seconds: Double) -> String {
    String(format: "+%.3fs", seconds)
  }

  /// A duration in the unit that reads best: `850 ns`, `12.5 µs`, `12.3 ms`, `1.25 s`.
  ///
  /// - Parameter nanoseconds: The duration.
  /// - Returns: The duration with its unit.
  public static func duration(_ nanoseconds: Int64) -> String {
    switch nanoseconds {
    case ..<1_000: "\(nanoseconds) ns"
    case ..<1_000_000: String(format: "%.1f µs", Double(nanoseconds) / 1e3)
    case ..<1_000_000_000: String(format: "%.1f ms", Double(nanoseconds) / 1e6)
    default: String(format: "%.2f s", Double(nanoseconds) / 1e9)
    }
  }

  /// A value cut to `width` characters, the cut marked with `…`.
  ///
  /// - Parameters:
  ///   - value: A rendering.
  ///   - width: The most characters kept, or `nil` to keep them all.
  /// - Returns: The value, whole or cut.
  public static func truncated(_ value: String, to width: Int?) -> String {
    guard let width, value.count > width else { return value }
    return String(value.prefix(max(width - 1, 0))) + "…"
  }

  /// Where a message's update changed the model, grouped (see ``ChangeGroup``): `items (+3)`,
  /// `session`; a list the recorder cut ends with how many changes it left out.
  ///
  /// - Parameters:
  ///   - changes: The message's changes.
  ///   - limit: The most groups listed; the rest are counted.
  /// - Returns: The groups, separated by commas; empty if nothing changed.
  public static func changes(_ changes: [TraceChange], limit: Int = 4) -> String {
    var groups = ChangeGroup.groups(of: changes)
    // The count of changes the recorder left out is shown whatever the limit.
    let leftOut = groups.last?.path == "…" ? groups.removeLast() : nil
    var parts = groups.prefix(limit).map(\.description)
    if groups.count > limit { parts.append("\(groups.count - limit) more") }
    if let leftOut { parts.append(leftOut.description) }
    return parts.joined(separator: ", ")
  }
}
