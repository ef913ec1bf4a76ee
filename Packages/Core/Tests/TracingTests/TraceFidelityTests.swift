import Core
import Foundation
import Testing
import Tracing

// Found by an adversarial probe of Tracing (0.8.2): values a trace, the console or a replay got
// wrong. Each test failed on 0.8.2.

/// A credential of the app's own type: never printed, wherever it sits.
private struct Token: Redacted, Hashable, Sendable {
  var raw: String
  var redactedDescription: String { "Token(••••)" }
}

/// Records a session of `updater` on `model` that sends `messages`, and returns the trace read back
/// with the whole file's text.
@MainActor
private func record<Model: Equatable & Sendable>(
  _ model: Model, _ updater: some Updater<Model>, _ messages: [any Message],
  console: (@MainActor (String) -> Void)? = nil
) async throws -> (entries: [TraceEntry], text: String) {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).jsonl").path
  defer { try? FileManager.default.removeItem(atPath: path) }
  let store = Store(model: model, updater: updater)
  let recorder = try TraceRecorder<Model>(path: path, initialModel: store.model)
  store.addMonitor(recorder)
  if let console { store.addMonitor(ConsoleMonitor<Model>(showsModel: true, write: console)) }
  for message in messages { store.send(message) }
  await store.settle()
  await recorder.close()
  return (try TraceReader.read(path: path).entries, try String(contentsOfFile: path, encoding: .utf8))
}

@Suite("What a trace, the console and a replay make of hard values")
@MainActor
struct TraceFidelityTests {
  // docs/tracing.md: the renderer "prints every `Redacted` value — `Secret<T>` and any type of yours
  // that adopts `Redacted` — as its `redactedDescription` … wherever it sits in a message, command,
  // subscription or model". `Presented` printed its child with `String(describing:)`.
  @Test("a Redacted value of the app's own type inside a Presented child is never printed")
  func redactedInsidePresented() async throws {
    struct Sheet: Equatable, Sendable { var token: Token }
    struct Model: Equatable, Sendable { var sheet = Presented<Sheet>() }
    let updater = FunctionUpdater<Model>(handling: Show.self) { model, message in
      model.sheet.child = Sheet(token: message.token)
      return []
    }
    #expect(!ValueRenderer.render(Presented(Token(raw: "s3cr3t"))).contains("s3cr3t"))
    var console: [String] = []
    let trace = try await record(Model(), updater, [Show(token: Token(raw: "s3cr3t"))]) { console.append($0) }
    #expect(!trace.text.contains("s3cr3t"))
    #expect(trace.text.contains("Token(••••)"))
    #expect(!console.joined(separator: "\n").contains("s3cr3t"))
  }

  // The same promise: `BindingMessage` printed its value with `String(describing:)`.
  @Test("a Redacted value of the app's own type inside a BindingMessage's value is never printed")
  func redactedInsideBinding() async throws {
    struct Login: Equatable, Sendable { var token = Token(raw: "") }
    struct Model: Equatable, Sendable { var login = Login() }
    let message = BindingMessage(\Model.login, Login(token: Token(raw: "s3cr3t")))
    #expect(!ValueRenderer.render(message).contains("s3cr3t"))
    #expect(!ValueRenderer.render(AnyHashableMessage(Show(token: Token(raw: "s3cr3t")))).contains("s3cr3t"))
    var console: [String] = []
    let trace = try await record(Model(), CombinedUpdater<Model>(.full(BindingUpdater())), [message]) {
      console.append($0)
    }
    #expect(!trace.text.contains("s3cr3t"))
    #expect(!console.joined(separator: "\n").contains("s3cr3t"))
  }

  // docs/tracing.md: "A replayed `Secret` comes back redacted: replay never sees the password";
  // `TraceReplay` "checks that every recorded model change is reproduced". A second password was
  // recorded as the change `Secret(••••) → Secret(••••)`, which a replay cannot reproduce (and
  // which told that the secret changed).
  @Test("a Secret changed in the model replays, and the trace does not record that it changed")
  func secretChangeReplays() async throws {
    struct Model: Equatable, Sendable { var password: Secret<String>? = nil }
    struct SetPassword: Message, Codable { var password: Secret<String> }
    let updater = FunctionUpdater<Model>(handling: SetPassword.self) { model, message in
      model.password = message.password
      return []
    }
    let trace = try await record(
      Model(), updater, [SetPassword(password: Secret("first")), SetPassword(password: Secret("second"))])
    let messages = trace.entries.filter { $0.kind == .message }
    #expect(messages.count == 2)
    #expect(messages.last?.changes ?? [] == [])
    var replay = TraceReplay(model: Model(), updater: updater, messageTypes: [SetPassword.self])
    #expect(try replay.run(trace.entries).steps == 2)
  }

  // `PayloadEncoder`: "It writes what `JSONDecoder`'s default strategies read back to the same
  // value, as `JSONEncoder` with its default strategies does". A value that asked for a keyed
  // container twice got `{"a":1{"b":2}}`.
  @Test("a value that asks for its keyed container twice is recorded as JSON that decodes to it, and replays")
  func keyedContainerTwice() async throws {
    struct Model: Equatable, Sendable { var sum = 0 }
    let updater = FunctionUpdater<Model>(handling: TwoContainers.self) { model, message in
      model.sum = message.a + message.b
      return []
    }
    let trace = try await record(Model(), updater, [TwoContainers(a: 1, b: 2)])
    let payload = try #require(trace.entries.first { $0.kind == .message }?.payload)
    #expect(
      try JSONDecoder().decode(TwoContainers.self, from: Data(payload.utf8)) == TwoContainers(a: 1, b: 2))
    #expect(payload == #"{"a":1,"b":2}"#)
    var replay = TraceReplay(model: Model(), updater: updater, messageTypes: [TwoContainers.self])
    #expect(try replay.run(trace.entries).model.sum == 3)
  }

  // `TraceReplay`: "After each step the model diff is computed exactly as the recorder computes it
  // and compared with the recorded one." `Data` rendered its mirror, memory address included.
  @Test("Data renders its bytes, not its address, so a model holding Data replays")
  func dataReplays() async throws {
    #expect(ValueRenderer.render(Data([1, 2, 0xAB])) == "Data(count: 3, bytes: 0x0102ab)")
    #expect(ValueRenderer.render(Data(repeating: 7, count: 100)).hasSuffix("…)"))
    struct Model: Equatable, Sendable { var blob: Data? = nil }
    struct SetBlob: Message, Codable { var blob: Data }
    let updater = FunctionUpdater<Model>(handling: SetBlob.self) { model, message in
      model.blob = message.blob
      return []
    }
    let trace = try await record(
      Model(), updater, [SetBlob(blob: Data([1, 2, 3])), SetBlob(blob: Data([1, 2, 4]))])
    #expect(!trace.text.contains("pointer"))
    var replay = TraceReplay(model: Model(), updater: updater, messageTypes: [SetBlob.self])
    #expect(try replay.run(trace.entries).steps == 2)
  }

  // The same promise: sets and dictionaries rendered in their iteration order, which differs
  // between equal values of other capacities and between processes (the hash seed).
  @Test("equal dictionaries and sets render alike whatever their iteration order, so they replay")
  func unorderedCollectionsReplay() async throws {
    var roomy: [String: Int] = [:]
    roomy.reserveCapacity(1_000)
    var tight: [String: Int] = [:]
    for index in 0..<12 {
      roomy["p\(index)"] = index
      tight["p\(index)"] = index
    }
    #expect(ValueRenderer.render(roomy) == ValueRenderer.render(tight))
    #expect(ValueRenderer.render(["b": 2, "a": 1]) == #"["a": 1, "b": 2]"#)
    var roomySet = Set<String>(minimumCapacity: 1_000)
    roomySet.formUnion(tight.keys)
    #expect(ValueRenderer.render(roomySet) == ValueRenderer.render(Set(tight.keys)))

    struct Board: Equatable, Sendable, Codable { var scores: [String: Int] }
    struct Model: Equatable, Sendable {
      var board: Board? = nil
      var tags: Set<String>
    }
    struct Load: Message, Codable { var board: Board }
    let updater = FunctionUpdater<Model>(handling: Load.self) { model, message in
      model.board = message.board
      return []
    }
    let trace = try await record(Model(tags: roomySet), updater, [Load(board: Board(scores: roomy))])
    var replay = TraceReplay(model: Model(tags: Set(tight.keys)), updater: updater, messageTypes: [Load.self])
    #expect(try replay.run(trace.entries).steps == 1)
  }

  @Test("a set or dictionary too large to sort cheaply prints its count")
  func largeUnorderedCollections() {
    let large = Dictionary(uniqueKeysWithValues: (0..<1_000).map { ($0, $0) })
    #expect(ValueRenderer.render(large) == "[1000 entries]")
    #expect(ValueRenderer.render(Set(0..<1_000)) == "[1000 elements]")
  }
}

private struct Show: Message, Hashable { var token: Token }

/// Encodes its two fields through two keyed containers, as a hand-written `encode(to:)` may.
private struct TwoContainers: Message, Codable, Equatable {
  var a: Int
  var b: Int
  private enum First: CodingKey { case a }
  private enum Second: CodingKey { case b }

  init(a: Int, b: Int) { (self.a, self.b) = (a, b) }

  init(from decoder: any Decoder) throws {
    a = try decoder.container(keyedBy: First.self).decode(Int.self, forKey: .a)
    b = try decoder.container(keyedBy: Second.self).decode(Int.self, forKey: .b)
  }

  func encode(to encoder: any Encoder) throws {
    var first = encoder.container(keyedBy: First.self)
    try first.encode(a, forKey: .a)
    var second = encoder.container(keyedBy: Second.self)
    try second.encode(b, forKey: .b)
  }
}
