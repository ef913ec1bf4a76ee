import Testing

@testable import TodoApp

@Suite("AppSession")
struct AppSessionTests {
  @Test("a page of list fits the window: the typed line, the counts, the rows, the footer and the prompt")
  func pageFitsTheWindow() {
    for rows in [8, 12, 24, 40] {
      // The footer wraps to two lines under 80 columns.
      #expect(AppSession.pageSize(rows: rows, columns: 40) + 5 <= rows, "\(rows) rows")
      #expect(AppSession.pageSize(rows: rows, columns: 120) + 4 <= rows, "\(rows) rows")
    }
    #expect(AppSession.pageSize(rows: 40, columns: 120) == 36)
    #expect(AppSession.pageSize(rows: 8, columns: 40) == 3)
    #expect(AppSession.pageSize(rows: 2, columns: 120) == 1)
  }
}
