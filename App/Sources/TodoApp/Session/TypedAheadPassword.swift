/// Tells the lines read at the prompt right after a `login` or `register` line that may be a
/// password typed ahead: no command, where the user expected a password prompt that did not come
/// (the name was taken, say).
///
/// Such a line is neither kept in the history nor repeated in the error, and only its command's
/// name is recorded. A line that names a command, or an answer to a question, ends the watch.
///
/// ```swift
/// var watch = TypedAheadPassword()
/// watch.check("register ann")  // nil
/// watch.check("s3cret")        // "register": the line may be its password
/// ```
struct TypedAheadPassword {
  /// The command word of the last `login` or `register` line, while only unknown words followed it.
  private var accountCommand: String?

  /// Whether `line`, read at the prompt, may be a password typed ahead.
  ///
  /// - Parameter line: The line as typed.
  /// - Returns: `login` or `register`, the line it may belong to, or `nil` for a line to treat as
  ///   any other.
  mutating func check(_ line: String) -> String? {
    guard let word = line.split(whereSeparator: \.isWhitespace).first?.lowercased() else { return nil }
    if ["login", "register"].contains(word) {
      accountCommand = word
      return nil
    }
    guard CommandTable.entry(for: word) == nil else {
      accountCommand = nil
      return nil
    }
    return accountCommand
  }

  /// Ends the watch: the line read was an answer to a question (a password asked for, say).
  mutating func answered() {
    accountCommand = nil
  }
}
