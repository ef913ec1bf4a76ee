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

  @Test("a list the recorder cut shows how many changes it left out, and its last group as a lower bound")
  func cutList() {
    let listed = (0..<64).map { TraceChange(path: "todos.items[\($0)]", before: nil, after: "item \($0)") }
    let changes = listed + [TraceChange(path: "…", before: nil, after: "39940 more changes")]
    #expect(
      ChangeGroup.groups(of: changes) == [
        ChangeGroup(path: "todos.items", inserted: 64, isCut: true),
        ChangeGroup(path: "…", omitted: 39_940),
      ])
    #expect(TextFormat.changes(changes) == "todos.items (+64 or more), 39940 more changes")
    let fields = (0..<6).map { TraceChange(path: "field\($0)", before: "0", after: "1") }
    #expect(
      TextFormat.changes(fields + [TraceChange(path: "…", before: nil, after: "1 more changes")], limit: 2)
        == "field0, field1, 4 more, 1 more change")
  }
}
