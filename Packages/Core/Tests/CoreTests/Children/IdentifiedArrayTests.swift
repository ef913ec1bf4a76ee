import Core
import Testing

@Suite("IdentifiedArray")
struct IdentifiedArrayTests {
  private struct Row: Identifiable, Equatable {
    let id: String
    var value: Int
  }

  @Test("lookup by id after appends, replacements, insertions and removals")
  func lookup() {
    var rows: IdentifiedArray<Row> = [Row(id: "a", value: 1), Row(id: "b", value: 2), Row(id: "c", value: 3)]
    rows.append(Row(id: "b", value: 20))  // replaces in place
    #expect(rows.map(\.value) == [1, 20, 3])
    rows.insert(Row(id: "z", value: 0), at: 0)
    rows.remove(id: "a")
    #expect(rows.ids == ["z", "b", "c"])
    #expect(rows[id: "c"]?.value == 3)
    #expect(rows.index(id: "c") == 2)
    rows[id: "c"]?.value = 30
    rows[id: "d"] = Row(id: "d", value: 4)
    rows[id: "z"] = nil
    #expect(rows.map(\.value) == [20, 30, 4])
    rows.removeAll { $0.value > 25 }
    #expect(rows.ids == ["b", "d"])
    #expect(rows[id: "c"] == nil)
    #expect(rows.index(id: "d") == 1)
  }
}
