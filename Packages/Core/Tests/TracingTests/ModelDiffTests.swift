import Testing
import Tracing

/// The diff of arrays and dictionaries of `Equatable` elements, which is compared without `Mirror`:
/// the same paths, renderings, order and counts as the `Mirror` walk.
@Suite("ModelDiff on large collections")
struct ModelDiffTests {
  struct Task: Equatable, Sendable {
    var title: String
    var done: Bool
  }

  struct Board: Equatable, Sendable {
    var tasks: [Task] = []
    var positions: [String: Int] = [:]
  }

  private func board(_ count: Int) -> Board {
    let tasks = (0..<count).map { Task(title: "t\($0)", done: false) }
    return Board(
      tasks: tasks, positions: Dictionary(uniqueKeysWithValues: tasks.enumerated().map { ($1.title, $0) }))
  }

  @Test("loading a list lists the first inserted elements and counts the rest, entries included")
  func load() {
    let changes = ModelDiff.changes(from: Board(), to: board(100_000), limit: 3)
    #expect(
      changes == [
        TraceChange(path: "tasks[0]", before: nil, after: #"Task(title: "t0", done: false)"#),
        TraceChange(path: "tasks[1]", before: nil, after: #"Task(title: "t1", done: false)"#),
        TraceChange(path: "tasks[2]", before: nil, after: #"Task(title: "t2", done: false)"#),
        TraceChange(path: "…", before: nil, after: "199997 more changes"),
      ])
  }

  @Test("one changed element of a long list is found by its path")
  func oneElement() {
    let before = board(100_000)
    var after = before
    after.tasks[77_777].done = true
    #expect(
      ModelDiff.changes(from: before, to: after) == [
        TraceChange(path: "tasks[77777].done", before: "false", after: "true")
      ])
  }

  @Test("removals and insertions between a common prefix and suffix, removals first")
  func replaceInTheMiddle() {
    let before = board(6)
    var after = before
    after.tasks.replaceSubrange(2..<4, with: [Task(title: "new", done: true)])
    #expect(
      ModelDiff.changes(from: before.tasks, to: after.tasks) == [
        TraceChange(path: "[2]", before: #"Task(title: "t2", done: false)"#, after: nil),
        TraceChange(path: "[3]", before: #"Task(title: "t3", done: false)"#, after: nil),
        TraceChange(path: "[2]", before: nil, after: #"Task(title: "new", done: true)"#),
      ])
  }

  @Test("dictionary entries changed, removed and added, in the order of their keys' renderings")
  func dictionaryEntries() {
    let before: [String: Int] = ["b": 1, "a": 2, "c": 3]
    let after: [String: Int] = ["a": 2, "b": 5, "d": 4]
    #expect(
      ModelDiff.changes(from: before, to: after) == [
        TraceChange(path: #"["b"]"#, before: "1", after: "5"),
        TraceChange(path: #"["c"]"#, before: "3", after: nil),
        TraceChange(path: #"["d"]"#, before: nil, after: "4"),
      ])
  }

  @Test("dictionary changes past the limit are counted, each changed field of a value once")
  func dictionaryPastTheLimit() {
    let before: [Int: Task] = [1: Task(title: "a", done: false), 2: Task(title: "b", done: false)]
    let after: [Int: Task] = [1: Task(title: "A", done: true), 3: Task(title: "c", done: false)]
    #expect(
      ModelDiff.changes(from: before, to: after, limit: 1) == [
        TraceChange(path: "[1].title", before: #""a""#, after: #""A""#),
        TraceChange(path: "…", before: nil, after: "3 more changes"),
      ])
  }
}
