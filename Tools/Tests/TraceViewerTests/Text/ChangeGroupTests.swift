import Testing
import TraceViewer
import Tracing

@Suite("ChangeGroup")
struct ChangeGroupTests {
  @Test("inserted and removed elements count towards their collection; other changes stand by path")
  func grouping() {
    let changes = [
      TraceChange(path: "todos.items[3]", before: nil, after: "a"),
      TraceChange(path: "session", before: "nil", after: "s"),
      TraceChange(path: "todos.items[4]", before: nil, after: "b"),
      TraceChange(path: "todos.items[0]", before: "c", after: nil),
      TraceChange(path: "todos.items[1].isDone", before: "false", after: "true"),
    ]
    #expect(
      ChangeGroup.groups(of: changes).map(\.description) == [
        "todos.items (+2 −1)", "session", "todos.items[1].isDone",
      ])
  }

  @Test("the first change of a recording reads as the initial model; the list is cut after the limit")
  func initialAndLimit() {
    #expect(TextFormat.changes([TraceChange(path: ".", before: nil, after: "Model()")]) == "(initial model)")
    let many = (0..<6).map { TraceChange(path: "field\($0)", before: "0", after: "1") }
    #expect(TextFormat.changes(many, limit: 2) == "field0, field1, 4 more")
  }
}
