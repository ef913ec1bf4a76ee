/// A line as the parser reads it: the command word, the words after it, and the rest of the line
/// as typed.
struct InputLine: Sendable {
  /// The command word, lowercased (never the rest of the line, which may hold a password).
  let command: String
  /// The words after the command.
  let arguments: [String]
  /// The text after the command word and the whitespace after it, as typed: a title.
  let rest: Substring

  /// The rest of the line without the whitespace that ends it: a path (none ends in a space typed
  /// by mistake, or put by Tab completion).
  var path: Substring { rest.droppingTrailingWhitespace() }

  /// `path` as a shell reads one word: `'…'` and `"…"` quote (in double quotes a backslash escapes
  /// `"`, `\`, `$` and `` ` ``), a backslash outside quotes escapes the next character; unlike a
  /// shell, spaces outside quotes stay in the path (`export my list.csv`, as typed before quoting
  /// was read).
  ///
  /// - Parameter path: The path as typed.
  /// - Returns: The path, or the failure to show for a quote left open.
  func unquoted(_ path: Substring) -> Result<String, InputParser.Failure> {
    var result = ""
    var quote: Character?
    var escaped = false
    for character in path {
      if escaped {
        if quote == "\"", !"\"\\$`".contains(character) { result.append("\\") }
        result.append(character)
        escaped = false
      } else if character == "\\" && quote != "'" {
        escaped = true
      } else if let open = quote {
        if character == open { quote = nil } else { result.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
      } else {
        result.append(character)
      }
    }
    if escaped { result.append("\\") }
    if let open = quote {
      return .failure(
        InputParser.Failure(
          command: command, reason: "the path's quote (\(open)) is not closed: \(command) \(path)\(open)"))
    }
    return .success(result)
  }

  /// The failure to show for this line.
  ///
  /// - Parameter reason: What is wrong and how to write it.
  /// - Returns: The failure, naming the command.
  func fail(_ reason: String) -> Result<UserIntent, InputParser.Failure> {
    .failure(InputParser.Failure(command: command, reason: reason))
  }
}

extension Substring {
  /// The text without the whitespace at its end.
  func droppingTrailingWhitespace() -> Substring {
    self[..<(lastIndex { !$0.isWhitespace }.map(index(after:)) ?? startIndex)]
  }

  /// The text after the first word and the whitespace that follows it.
  func droppingFirstWord() -> Substring {
    let start = drop { character in character.isWhitespace }
    let afterWord = start.drop { character in !character.isWhitespace }
    return afterWord.drop { character in character.isWhitespace }
  }
}
