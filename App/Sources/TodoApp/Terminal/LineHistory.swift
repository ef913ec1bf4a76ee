import AuthenticationAPI
import Foundation
import Synchronization

/// The lines a user typed at the prompt, for Up and Down, kept per user in the data folder.
///
/// Each signed-in user has a file of their own, `history-ID` in the data folder (ID is the
/// account's number), mode 0600, one line per line typed, newest last; at most ``limit`` are kept.
/// While nobody is signed in, lines are kept for the session only. Lines starting with `login` or
/// `register` are never kept, in memory or on disk: their one-line forms hold a password, and the
/// password typed at the hidden prompt is never a line of the prompt at all.
final class LineHistory: Sendable {
  /// How many lines are kept.
  static let limit = 1_000

  private struct State {
    var lines: [String] = []
    var file: URL?
  }

  private let state = Mutex(State())

  /// Creates an empty history, kept in memory.
  init() {}

  /// The lines, oldest first.
  var lines: [String] { state.withLock { $0.lines } }

  /// The history file of `user` in the data folder `folder`.
  static func file(of user: UserID, in folder: URL) -> URL {
    folder.appendingPathComponent("history-\(user.rawValue)")
  }

  /// Whether `line` may be kept: not blank, and not a `login` or `register` line.
  ///
  /// - Parameter line: A line as typed.
  /// - Returns: `false` for lines that must not be kept.
  static func keeps(_ line: String) -> Bool {
    guard let first = line.split(whereSeparator: \.isWhitespace).first else { return false }
    return !["login", "register"].contains(first.lowercased())
  }

  /// Switches to the history in `file`, reading it (a missing file is an empty history), or to one
  /// kept in memory only when `file` is `nil`.
  ///
  /// - Parameter file: The user's history file.
  func use(file: URL?) {
    var lines: [String] = []
    if let file, let text = try? String(contentsOf: file, encoding: .utf8) {
      lines = text.split(separator: "\n").map(String.init).filter(Self.keeps)
      if lines.count > Self.limit {
        lines.removeFirst(lines.count - Self.limit)
        // Rewritten only when too long, so that the file does not grow without end.
        try? PrivateFile.create(atPath: file.path)
        try? Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
      }
    }
    state.withLock { $0 = State(lines: lines, file: file) }
  }

  /// Adds `line` if it may be kept (see ``keeps(_:)``) and is not the same as the newest; appends
  /// it to the file.
  ///
  /// - Parameter line: A line typed at the prompt.
  func add(_ line: String) {
    guard Self.keeps(line), !line.contains("\n") else { return }
    let file = state.withLock { state -> URL? in
      guard state.lines.last != line else { return nil }
      state.lines.append(line)
      if state.lines.count > Self.limit { state.lines.removeFirst() }
      return state.file
    }
    guard let file else { return }
    do {
      try PrivateFile.create(atPath: file.path)
      let handle = try FileHandle(forWritingTo: file)
      defer { try? handle.close() }
      try handle.seekToEnd()
      try handle.write(contentsOf: Data((line + "\n").utf8))
    } catch {
      // The history is a convenience: a file that cannot be written leaves the line in memory.
    }
  }
}
