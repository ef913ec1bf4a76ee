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

  private func rows(_ ids: String...) -> IdentifiedArray<Row> {
    IdentifiedArray(ids.enumerated().map { Row(id: $1, value: $0) })
  }

  @Test("move(fromOffsets:toOffset:) moves as SwiftUI's onMove reports, and lookup follows")
  func move() {
    var list = rows("a", "b", "c", "d", "e")
    list.move(fromOffsets: [3], toOffset: 0)
    #expect(list.ids == ["d", "a", "b", "c", "e"])
    list.move(fromOffsets: [0, 2], toOffset: 5)
    #expect(list.ids == ["a", "c", "e", "d", "b"])
    list.move(fromOffsets: [1, 4], toOffset: 1)
    #expect(list.ids == ["a", "c", "b", "e", "d"])
    #expect(list.ids.map { list.index(id: $0) } == [0, 1, 2, 3, 4])
  }

  @Test("sort(by:) is stable, reverse() and swapAt keep lookup right")
  func sortReverseSwap() {
    var list = IdentifiedArray([
      Row(id: "a", value: 2), Row(id: "b", value: 1), Row(id: "c", value: 2), Row(id: "d", value: 1),
    ])
    list.sort { $0.value < $1.value }
    #expect(list.ids == ["b", "d", "a", "c"])
    list.reverse()
    #expect(list.ids == ["c", "a", "d", "b"])
    list.swapAt(0, 3)
    #expect(list.ids == ["b", "a", "d", "c"])
    #expect(list.ids.map { list.index(id: $0) } == [0, 1, 2, 3])
    #expect(list[id: "d"]?.value == 1)
  }

  @Test("remove(atOffsets:) and filter keep the rest, in order, findable")
  func removeAtOffsetsAndFilter() {
    var list = rows("a", "b", "c", "d")
    list.remove(atOffsets: [0, 2])
    #expect(list.ids == ["b", "d"])
    #expect(list[id: "a"] == nil && list.index(id: "d") == 1)
    let odd = rows("a", "b", "c", "d").filter { $0.value % 2 == 1 }
    #expect(odd.ids == ["b", "d"])
    #expect(odd.index(id: "d") == 1)
    var grown = odd
    grown.append(Row(id: "z", value: 9))
    #expect(grown.ids == ["b", "d", "z"])
  }
}
