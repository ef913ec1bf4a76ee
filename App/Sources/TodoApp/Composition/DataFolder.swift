public import Foundation

/// Where the app keeps its data.
public enum DataFolder {
  /// The data folder: `override` if given, else `$XDG_DATA_HOME/todo`, else `~/.local/share/todo`.
  ///
  /// - Parameters:
  ///   - override: The `--data-dir` option.
  ///   - environment: The process's environment.
  /// - Returns: The folder (not created).
  public static func resolve(override: String?, environment: [String: String]) -> URL {
    if let override, !override.isEmpty {
      return URL(fileURLWithPath: override, isDirectory: true).standardizedFileURL
    }
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("todo", isDirectory: true)
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
      ".local/share/todo", isDirectory: true)
  }
}
