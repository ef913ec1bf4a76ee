import Core
import Testing

private struct Form: Equatable, Sendable {
  var name = ""
  var age = 0
  var address = FormAddress()
}

private struct FormAddress: Equatable, Sendable {
  var city = ""
}

@Suite("BindingMessage")
@MainActor
struct BindingMessageTests {
  @Test("a binding sets the field it names, nested fields included, and nothing else")
  func setsTheField() {
    let store = Store(model: Form(), updater: CombinedUpdater<Form>(.full(BindingUpdater())))
    store.send(BindingMessage(\Form.name, "Ann"))
    store.send(BindingMessage(\Form.age, 42))
    store.send(BindingMessage(\Form.address.city, "Lyon"))
    #expect(store.model == Form(name: "Ann", age: 42, address: FormAddress(city: "Lyon")))
  }

  @Test("two bindings are equal when they set the same field to equal values")
  func equality() {
    #expect(BindingMessage(\Form.name, "Ann") == BindingMessage(\Form.name, "Ann"))
    #expect(BindingMessage(\Form.name, "Ann") != BindingMessage(\Form.name, "Ben"))
    #expect(BindingMessage(\Form.age, 1) != BindingMessage(\Form.address.city, "1"))
  }

  @Test("a binding prints its key path and value")
  func description() {
    let text = "\(BindingMessage(\Form.name, "Ann"))"
    #expect(text.hasPrefix("BindingMessage(\\Form.name"), "\(text)")
    #expect(text.hasSuffix(", \"Ann\")"), "\(text)")
  }

  @Test("a binding of another model type is not handled, and is reported")
  func otherModel() {
    var unhandled: [String] = []
    let store = Store(model: FormAddress(), updater: CombinedUpdater<FormAddress>(.full(BindingUpdater())))
    store.addMonitor(
      FunctionMonitor<FormAddress> { event in
        if case .unhandledMessage(let record) = event { unhandled.append("\(record.message)") }
      })
    store.send(BindingMessage(\Form.age, 3))
    #expect(unhandled.count == 1)
    #expect(store.model == FormAddress())
  }
}
