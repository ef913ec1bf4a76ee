import Core
import CoreTesting
import Testing

// Compiled with `.defaultIsolation(MainActor.self)`: every declaration here is on the main actor
// unless marked otherwise. The model's types are the only ones marked: `nonisolated`, because the
// updater (pure, run on the store's actor, which an `ActorStore` makes a different one) uses their
// conformances and methods; that includes an enum that is the type of a field (`EditMode`), whose
// `Equatable` the model's own uses. Messages, commands, updaters, interpreters and the provider
// compile as written anywhere else.

nonisolated struct Todo: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
  var isDone = false
}

nonisolated enum EditMode: Equatable, Sendable {
  case inactive
  case active
}

nonisolated struct TodoList: Equatable, Sendable {
  var todos: IdentifiedArray<Todo> = []
  var nextID = 1
  var editMode = EditMode.inactive

  mutating func add(_ title: String) {
    todos.append(Todo(id: nextID, title: title))
    nextID += 1
  }
}

enum TodoMessage: Message, Equatable {
  case toggle
  case load
}

struct Load: Command, Equatable {
  let id: Int
}

struct TodoUpdater: TypedUpdater {
  func update(_ model: inout Todo, message: TodoMessage) -> [any Command] {
    switch message {
    case .toggle:
      model.isDone.toggle()
      return []
    case .load:
      return [Load(id: model.id)]
    }
  }
}

enum ListMessage: Message, Equatable {
  case add(String)
  case toggle(Int)
  case sort
  case edit(EditMode)
}

struct ListUpdater: TypedUpdater {
  func update(_ model: inout TodoList, message: ListMessage) -> [any Command] {
    switch message {
    case .add(let title):
      model.add(title)
    case .toggle(let id):
      model.todos[id: id]?.isDone.toggle()
      return [KeyedCommand("sort", DelayedMessage(ListMessage.sort, after: .seconds(1)))]
    case .sort:
      model.todos.sort { !$0.isDone && $1.isDone }
    case .edit(let mode):
      model.editMode = mode
    }
    return []
  }
}

struct LoadInterpreter: CommandInterpreter {
  func interpret(_ command: Load, dispatch: Dispatch) async throws {
    dispatch(TodoMessage.toggle)
  }
}

struct Poll: Subscription {
  let id: Int
}

struct ListSubscriptions: SubscriptionProvider {
  func subscriptions(for model: TodoList, message: (any Message)?) -> [any Subscription] {
    model.todos.filter { !$0.isDone }.map { Poll(id: $0.id) }
  }
}

let listUpdater = CombinedUpdater<TodoList>(.full(ListUpdater()), .forEach(\.todos, TodoUpdater()))

@Suite("A feature in a target isolated to the main actor by default")
struct ListFeatureTests {
  @Test("it compiles with its model types marked nonisolated, and runs under a TestStore")
  func runs() async {
    let clock = TestClock()
    let store = TestStore(model: TodoList(), updater: listUpdater)
    store.clock = clock
    store.register(LoadInterpreter())
    store.send(ListMessage.add("milk")) {
      $0.todos.append(Todo(id: 1, title: "milk"))
      $0.nextID = 2
    }
    store.send(ListMessage.add("bread")) {
      $0.todos.append(Todo(id: 2, title: "bread"))
      $0.nextID = 3
    }
    store.send(ElementMessage(1, TodoMessage.load))
    store.expectCommands([ChildCommand(id: 1, Load(id: 1))])
    await store.receive(ElementMessage(1, TodoMessage.toggle)) { $0.todos[id: 1]?.isDone = true }
    store.send(ListMessage.toggle(2)) { $0.todos[id: 2]?.isDone = true }
    store.expectCommands([KeyedCommand("sort", DelayedMessage(ListMessage.sort, after: .seconds(1)))])
    store.send(ListMessage.toggle(2)) { $0.todos[id: 2]?.isDone = false }
    store.skipCommands()
    await clock.advance(by: .seconds(1))
    await store.receive(ListMessage.sort) { $0.todos.reverse() }
    store.send(ListMessage.edit(.active)) { $0.editMode = .active }
  }

  @Test("a store with subscriptions and interpreters is put together as anywhere else")
  func composes() {
    let store = Store(model: TodoList(), updater: listUpdater, subscriptions: ListSubscriptions())
    store.register(LoadInterpreter())
    store.register(subscriptions: Poll.self) { _, _ in }
    store.send(ListMessage.add("milk"))
    #expect(store.activeSubscriptions.count == 1)
    store.shutDown()
  }
}
