/// A log shared by listeners and interpreters in one test, on the main actor.
@MainActor
final class Journal {
  var entries: [String] = []
  func add(_ entry: String) { entries.append(entry) }
}
