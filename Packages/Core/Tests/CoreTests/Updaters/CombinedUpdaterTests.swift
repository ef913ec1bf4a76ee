import Core
import CoreTesting
import Testing

@Suite("CombinedUpdater")
struct CombinedUpdaterTests {
  @Test("runs every part that handles a message, in the order the parts are listed")
  func compositionOrder() {
    let updater = CombinedUpdater<AppModel>([
      .full(LoggingUpdater<CounterMessage>("first", command: TaggedCommand(tag: "a"))),
      .full(LoggingUpdater<TodoMessage>("other")),
      .full(LoggingUpdater<CounterMessage>("second", command: TaggedCommand(tag: "b"))),
      .slice(\.counter, CounterUpdater()),
    ])
    assertUpdate(
      updater, given: AppModel(), when: CounterMessage.increment,
      commands: [TaggedCommand(tag: "a"), TaggedCommand(tag: "b")]
    ) {
      $0.log = ["first", "second"]
      $0.counter.value = 1
    }
  }

  @Test("a slice updater sees and changes only its slice")
  func slicesSeeOnlyTheirSlice() {
    let updater = CombinedUpdater<AppModel>(
      .slice(\.profile, ProfileUpdater()),
      .slice(\.todos, TodoUpdater())
    )
    var model = AppModel(counter: Counter(value: 7), log: ["kept"])
    model = updater.result(of: ProfileMessage.rename("Ada"), on: model).model
    model = updater.result(of: TodoMessage.add("Write tests"), on: model).model
    #expect(
      model
        == AppModel(
          counter: Counter(value: 7), profile: Profile(name: "Ada"), todos: Todos(titles: ["Write tests"]),
          log: ["kept"]))
  }

  @Test("routes by type: a part that inspects every message runs alongside typed parts, in order")
  func wildcardsKeepOrder() {
    let spy = FunctionUpdater<AppModel> { model, message in
      model.log.append("spy:\(type(of: message))")
      return .handled()
    }
    let updater = CombinedUpdater<AppModel>([
      .full(LoggingUpdater<TodoMessage>("todo-before")),
      .full(spy),
      .full(LoggingUpdater<TodoMessage>("todo-after")),
    ])
    assertUpdate(updater, given: AppModel(), when: TodoMessage.add("x")) {
      $0.log = ["todo-before", "spy:TodoMessage", "todo-after"]
    }
    assertUpdate(updater, given: AppModel(), when: CounterMessage.increment) {
      $0.log = ["spy:CounterMessage"]
    }
  }

  @Test("declares the union of its parts' types, or nil when a part inspects everything")
  func declaredTypes() throws {
    let typed = CombinedUpdater<AppModel>(.slice(\.profile, ProfileUpdater()), .slice(\.todos, TodoUpdater()))
    let types = try #require(typed.messageTypes).map(ObjectIdentifier.init)
    #expect(types == [ObjectIdentifier(ProfileMessage.self), ObjectIdentifier(TodoMessage.self)])
    let open = CombinedUpdater<AppModel>(.full(FunctionUpdater<AppModel> { _, _ in .ignored }))
    #expect(open.messageTypes == nil)
  }

  @Test("reports a message that no part handles as not handled")
  func unhandled() {
    let updater = CombinedUpdater<AppModel>(.slice(\.profile, ProfileUpdater()))
    #expect(!updater.result(of: CounterMessage.increment, on: AppModel()).handled)
  }

  @Test("nests: a combined updater can be a slice of another")
  func nests() {
    struct Outer: Equatable, Sendable { var app = AppModel() }
    let inner = CombinedUpdater<AppModel>(.slice(\.todos, TodoUpdater()))
    let outer = CombinedUpdater<Outer>(.slice(\.app, inner))
    assertUpdate(outer, given: Outer(), when: TodoMessage.add("nested")) { $0.app.todos.titles = ["nested"] }
  }

  @Test("routes through a dictionary when there are many message types, with the same result")
  func manyTypes() {
    let parts: [UpdaterPart<AppModel>] =
      (0..<20).map { index in
        .full(
          FunctionUpdater(handling: Numbered.self) { model, message in
            if message.value == index { model.log.append("part \(index)") }
            return []
          })
      } + [.slice(\.todos, TodoUpdater())]
    let updater = CombinedUpdater<AppModel>(parts)
    assertUpdate(updater, given: AppModel(), when: Numbered(value: 13)) { $0.log = ["part 13"] }
    assertUpdate(updater, given: AppModel(), when: TodoMessage.add("x")) { $0.todos.titles = ["x"] }
  }
}

private struct Numbered: Message {
  let value: Int
}
