import Foundation

/// An error the user can fix (a missing file, a bad line), printed without the usage text.
struct Failure: Error, CustomStringConvertible {
  let description: String
}

/// Writes `message` and a line break to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
