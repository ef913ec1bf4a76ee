import Testing
import TodoApp

@Suite("UIModel")
struct UIModelTests {
  @Test("no line is dropped before it is printed, however many are added at once")
  func keepsUnprintedLines() {
    var ui = UIModel()
    let count = 2_002
    for number in 0..<count { ui.say("line \(number)") }
    #expect(ui.lines(from: 0).count == count)
    #expect(ui.lines(from: 0).first == OutputLine(.info, "line 0"))
  }

  @Test("dropping the printed lines keeps the numbering of the lines after them")
  func dropPrinted() {
    var ui = UIModel()
    for number in 0..<3 { ui.say("line \(number)") }
    ui.dropPrinted()
    #expect(ui.outbox.isEmpty)
    #expect(ui.outboxStart == 3)
    for number in 3..<5 { ui.say("line \(number)") }
    #expect(ui.outboxEnd == 5)
    #expect(Array(ui.lines(from: 3)) == [OutputLine(.info, "line 3"), OutputLine(.info, "line 4")])
    #expect(Array(ui.lines(from: 4)) == [OutputLine(.info, "line 4")])
    #expect(Array(ui.lines(from: 0)) == Array(ui.lines(from: 3)))
    #expect(ui.lines(from: 5).isEmpty)
  }

  @Test("warnings are shown but, unlike errors, are not failures")
  func warnings() {
    var ui = UIModel()
    ui.warn("careful")
    ui.fail("broken")
    #expect(ui.failures == 1)
    #expect(ui.outbox == [OutputLine(.warning, "careful"), OutputLine(.error, "broken")])
  }
}
