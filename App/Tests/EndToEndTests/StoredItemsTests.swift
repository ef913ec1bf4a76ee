import Testing

@Suite("StoredItems: reading what the app printed")
struct StoredItemsTests {
  @Test("the count of a reloaded list is read with its thousands separators, one item, or none")
  func reloadedCount() {
    let line = "Import cancelled; reloading the list to show what was stored.\n"
    #expect(StoredItems.reloadedCount(in: line + "You have 5,000 items (3,333 open).") == 5_000)
    #expect(StoredItems.reloadedCount(in: line + "You have 1 item (1 open).") == 1)
    #expect(StoredItems.reloadedCount(in: line + "Your list is empty.") == 0)
    #expect(StoredItems.reloadedCount(in: "Your list is empty.") == nil)
  }
}
