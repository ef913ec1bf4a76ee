/// What Tab may put in place of the end of the line before the cursor: the completer's answer.
///
/// The terminal front end knows nothing of the words it completes; the App gives the line editor a
/// function from the text before the cursor to a `Completion` (``CommandCompletion`` for the
/// prompt's commands, help topics and file paths).
struct Completion: Equatable, Sendable {
  /// How many characters before the cursor a candidate replaces: the word being completed (for a
  /// file path, the whole path typed so far, spaces included).
  var length: Int
  /// The whole texts that may replace those characters, sorted. A candidate ending in `/` (a
  /// folder) is not followed by a space, so its contents can be completed next.
  var candidates: [String]

  /// No completion: Tab does nothing.
  static let none = Completion(length: 0, candidates: [])

  /// The longest prefix every candidate shares, in whole characters.
  var commonPrefix: String {
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
  var choices: [String] {
    candidates.map { candidate in
      let isFolder = candidate.hasSuffix("/")
      let trimmed = isFolder ? candidate.dropLast() : Substring(candidate)
      let last = trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
      return last + (isFolder ? "/" : "")
    }
  }
}
