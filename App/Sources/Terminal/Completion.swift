/// What Tab may put in place of the end of the line before the cursor: the completer's answer.
///
/// The terminal front end knows nothing of the words it completes; the App gives the line editor a
/// function from the text before the cursor to a `Completion` (the App's `CommandCompletion` for the
/// prompt's commands, help topics and file paths).
package struct Completion: Equatable, Sendable {
  /// How many characters before the cursor a candidate replaces: the word being completed (for a
  /// file path, the whole path typed so far, spaces included).
  package var length: Int
  /// The whole texts that may replace those characters, sorted. A candidate ending in `/` (a
  /// folder) is not followed by a space, so its contents can be completed next.
  package var candidates: [String]

  /// Creates a completion.
  ///
  /// - Parameters:
  ///   - length: How many characters before the cursor a candidate replaces.
  ///   - candidates: The whole texts that may replace them.
  package init(length: Int, candidates: [String]) {
    self.length = length
    self.candidates = candidates
  }

  /// No completion: Tab does nothing.
  package static let none = Completion(length: 0, candidates: [])

  /// The longest prefix every candidate shares, in whole characters.
  package var commonPrefix: String {
    guard var prefix = candidates.first.map(Array.init) else { return "" }
    for candidate in candidates.dropFirst() {
      let characters = Array(candidate)
      var count = 0
      while count < min(prefix.count, characters.count) && prefix[count] == characters[count] { count += 1 }
      prefix.removeSubrange(count...)
    }
    return String(prefix)
  }

  /// The candidates as a list of choices shows them: a path's last component only (a folder's with
  /// its `/`), as a shell lists them.
  package var choices: [String] {
    candidates.map { candidate in
      let isFolder = candidate.hasSuffix("/")
      let trimmed = isFolder ? candidate.dropLast() : Substring(candidate)
      let last = trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
      return last + (isFolder ? "/" : "")
    }
  }
}
