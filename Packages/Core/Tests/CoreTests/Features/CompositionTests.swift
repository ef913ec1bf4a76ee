import Core
import CoreTesting
import Synchronization
import Testing

@Suite("Composition")
struct CompositionTests {
  @Test("updaters run feature by feature in list order, the app's own last, and commands follow that order")
  func updaterOrder() {
    let composition = Composition<AppModel, Archive>(
      features: [
        Feature(
          "First", updater: .full(LoggingUpdater<CounterMessage>("first", command: TaggedCommand(tag: "a")))),
        Feature("Counter", updater: .slice(\.counter, CounterUpdater())),
        Feature(
          "Second", updater: .full(LoggingUpdater<CounterMessage>("second", command: TaggedCommand(tag: "b")))
        ),
      ],
      app: Feature("App", updater: .full(CountReader())))
    var model = AppModel()
    var commands: [any Command] = []
    let handled = composition.updater.update(&model, message: CounterMessage.increment, commands: &commands)
    #expect(handled)
    // The app's updater ran last: it read the counter the Counter feature had already changed.
    #expect(model.log == ["first", "second", "app saw 1"])
    #expect(commands.map { ($0 as? TaggedCommand)?.tag } == ["a", "b"])
  }

  @Test("the message types of a trace are every feature's, in order, the app's last")
  func messageTypes() {
    let composition = Composition<AppModel, Archive>(
      features: [
        Feature("Notes", messageTypes: [NoteMessage.self]),
        Feature("Silent"),
        Feature("Pings", messageTypes: [PingMessage.self]),
      ],
      app: Feature("App", messageTypes: [AppEvent.self]))
    #expect(
      composition.messageTypes.map { "\($0)" } == ["NoteMessage", "PingMessage", "AppEvent"])
  }

  @Test("preparation runs feature by feature in order and stops at the first that throws")
  func preparationOrder() {
    let archive = Archive()
    let composition = Composition<AppModel, Archive>(features: [
      Feature("One", prepare: { $0.note("one") }),
      Feature("Broken", prepare: { _ in throw Broken() }),
      Feature("Three", prepare: { $0.note("three") }),
    ])
    #expect(throws: Broken.self) { try composition.prepare(archive) }
    #expect(archive.notes == ["one"])
  }

  @Test("a store made from a composition runs each feature's interpreters, built from the environment")
  @MainActor
  func interpretersFromTheEnvironment() async {
    let archive = Archive()
    let store = Store(
      model: AppModel(),
      composition: Composition(features: [.counter(\.counter)]),
      environment: archive)
    store.send(CounterMessage.increment)
    await store.send(CounterMessage.save).finish()
    #expect(archive.notes == ["persisted 1"])
    #expect(store.model.counter.saved == 1)
  }

  @Test("an always-alive event source is one feature: it starts with the store and sends into it")
  @MainActor
  func eventSource() async {
    let store = TestStore(
      model: AppModel(),
      composition: Composition<AppModel, Archive>(
        features: [
          .counter(\.counter),
          .eventSource("Doorbell", Doorbell()) { _, dispatch in dispatch(CounterMessage.increment) },
        ]),
      environment: Archive())
    store.start()
    store.expectSubscriptions(started: [Doorbell()])
    await store.receive(CounterMessage.increment) { $0.counter.value = 1 }
    await store.finish()
  }

  @Test("an actor store made from a composition runs each feature's interpreters and subscriptions")
  func actorStoreFromAComposition() async {
    let archive = Archive()
    let store = ActorStore(
      model: AppModel(), composition: Composition(features: [.counter(\.counter)]), environment: archive)
    await store.send(CounterMessage.increment)
    await store.send(CounterMessage.save).finish()
    #expect(archive.notes == ["persisted 1"])
    #expect(await store.model.counter.saved == 1)
  }

  @Test("a store made from a composition starts the subscriptions its features ask for, and stops them")
  @MainActor
  func subscriptionsOfFeatures() async {
    let started = Archive()
    let composition = Composition<Wanted, Archive>(features: [
      Feature(
        "Probes", updater: .full(WantUpdater()), subscriptions: .full(wantedProbes),
        interpreters: { archive, registrations in
          registrations.register(subscriptions: Probe.self) { probe, _ in archive.note("ran \(probe)") }
        })
    ])
    let store = Store(model: Wanted(), composition: composition, environment: started)
    store.start()
    store.send(Want(probes: [Probe(key: 1, parameter: 0)]))
    #expect(store.activeSubscriptions.map { "\($0)" } == ["Probe(1, 0)"])
    store.send(Want(probes: []))
    #expect(store.activeSubscriptions.isEmpty)
  }

  @Test("registrations list every feature's interpreters and runners, in order")
  func registrationsCount() {
    let composition = Composition<AppModel, Archive>(features: [
      .counter(\.counter),
      Feature("None"),
      Feature(
        "Probes",
        interpreters: { _, registrations in
          registrations.register(subscriptions: Probe.self) { _, _ in }
        }),
    ])
    #expect(composition.registrations(Archive()).count == 2)
  }
}

// MARK: - Fixtures

/// The environment of the tests' features: where the counter is persisted, and a log of notes.
private final class Archive: Sendable {
  private let log = Mutex<[String]>([])

  var notes: [String] { log.withLock { $0 } }

  func note(_ text: String) { log.withLock { $0.append(text) } }
}

private struct Broken: Error {}

private struct PersistingInterpreter: CommandInterpreter {
  let archive: Archive

  func interpret(_ command: CounterCommand, dispatch: Dispatch) async throws {
    guard case .persist(let value) = command else { return }
    archive.note("persisted \(value)")
    dispatch(CounterMessage.saved(value))
  }
}

extension Feature where Environment == Archive {
  /// The counter as a feature, the way an Impl package offers one.
  fileprivate static func counter(_ slice: any WritableKeyPath<Model, Counter> & Sendable) -> Self {
    Feature(
      "Counter", updater: .slice(slice, CounterUpdater()),
      interpreters: { archive, registrations in
        registrations.register(PersistingInterpreter(archive: archive))
      })
  }
}

/// The app's own updater: reads what the features did.
private struct CountReader: TypedUpdater {
  func update(_ model: inout AppModel, message: CounterMessage) -> [any Command] {
    model.log.append("app saw \(model.counter.value)")
    return []
  }
}

private enum NoteMessage: Message, Decodable { case added }
private enum PingMessage: Message, Decodable { case ping }
private enum AppEvent: Message, Decodable { case started }

/// An event source that is always alive: its value is its identity, and there is only one.
private struct Doorbell: Subscription {}
