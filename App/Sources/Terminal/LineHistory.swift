package import Foundation
import Synchronization

/// The lines typed at the prompt, for Up and Down, kept in memory or in a file.
///
/// A history kept in a file reads it when it is used (a missing file is an empty history) and
/// appends each line as it is added, one line per line typed, newest last; the file has mode 0600,
/// and at most ``limit`` lines are kept. The file is rewritten with the newest ``limit`` lines when
/// it is read holding more, and when appending takes it past ``limit`` plus ``slack``: a paste of
/// ten thousand lines rewrites it a hundred times, not ten thousand, and it never holds more than
/// 1,100 lines. Blank lines and lines the history's filter refuses are
/// never kept, in memory or on disk: the App refuses the lines that may hold a password.
///
/// ```swift
/// let history = LineHistory(keeping: { !$0.hasPrefix("login") })
/// history.use(file: URL(filePath: "/tmp/history"))
/// history.add("list")
/// ```
package final class LineHistory: Sendable {
  /// How many lines are kept.
  package static let limit = 1_000
  /// How many lines past ``limit`` the file may hold before it is rewritten.
  package static let slack = 100

  private struct State {
    var lines: [String] = []
    var file: URL?
    /// How many lines the file holds, as far as this history wrote it.
    var fileLines = 0
  }

  private let state = Mutex(State())
  private let accepts: @Sendable (String) -> Bool

  /// Creates an empty history, kept in memory.
  ///
  /// - Parameter keeping: Whether a line that is not blank may be kept; every line by default.
  package init(keeping accepts: @escaping @Sendable (String) -> Bool = { _ in true }) {
    self.accepts = accepts
  }

  /// The lines, oldest first.
  package var lines: [String] { state.withLock { $0.lines } }

  /// Whether `line` may be kept: not blank, on one line, and accepted by the history's filter.
  ///
  /// - Parameter line: A line as typed.
  /// - Returns: `false` for lines that must not be kept.
  package func keeps(_ line: String) -> Bool {
    !line.allSatisfy(\.isWhitespace) && !line.contains("\n") && accepts(line)
  }

  /// Switches to the history in `file`, reading it (a missing file is an empty history), or to one
  /// kept in memory only when `file` is `nil`.
  ///
  /// - Parameter file: The history's file.
  package func use(file: URL?) {
    var lines: [String] = []
    if let file, let text = try? String(contentsOf: file, encoding: .utf8) {
      lines = text.split(separator: "\n").map(String.init).filter(keeps)
      if lines.count > Self.limit {
        lines.removeFirst(lines.count - Self.limit)
        // Rewritten only when too long, so that the file does not grow without end.
        try? Self.write(lines.joined(separator: "\n") + "\n", to: file, appending: false)
      }
    }
    state.withLock { $0 = State(lines: lines, file: file, fileLines: lines.count) }
  }

  /// Adds `line` if it may be kept (see ``keeps(_:)``) and is not the same as the newest; appends
  /// it to the file.
  ///
  /// - Parameter line: A line typed at the prompt.
  package func add(_ line: String) {
    guard keeps(line) else { return }
    // The file and its new text: the line, or every line kept when the file has grown too long.
    let write = state.withLock { state -> (file: URL, text: String, appending: Bool)? in
      guard state.lines.last != line else { return nil }
      state.lines.append(line)
      if state.lines.count > Self.limit { state.lines.removeFirst() }
      guard let file = state.file else { return nil }
      state.fileLines += 1
      guard state.fileLines > Self.limit + Self.slack else { return (file, line + "\n", true) }
      state.fileLines = state.lines.count
      return (file, state.lines.joined(separator: "\n") + "\n", false)
    }
    guard let write else { return }
    // The history is a convenience: a file that cannot be written leaves the line in memory.
    try? Self.write(write.text, to: write.file, appending: write.appending)
  }

  /// Writes `text` to `file`, which only its owner may read: created with mode 0600, and made so
  /// if it exists with another mode.
  private static func write(_ text: String, to file: URL, appending: Bool) throws {
    let descriptor = open(file.path, O_WRONLY | O_CREAT | O_CLOEXEC | (appending ? O_APPEND : O_TRUNC), 0o600)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    guard fchmod(descriptor, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    try handle.write(contentsOf: Data(text.utf8))
  }
}
