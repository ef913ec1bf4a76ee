import Core
import Foundation
import Testing
import Tracing

private struct Account: Equatable, Sendable, Codable {
  var name: String
  var logins = 0
}

private struct Session: Equatable, Sendable {
  var account: Account?
  var attempts: [String] = []
}

private enum SessionMessage: Message, Codable {
  case login(name: String, password: Secret<String>)
  case loggedIn(Account)
}

private enum SessionCommand: Command {
  case check(name: String, password: Secret<String>)
}

private struct SessionUpdater: TypedUpdater {
  func update(_ model: inout Session, message: SessionMessage) -> [any Command] {
    switch message {
    case .login(let name, let password):
      model.attempts.append(name)
      return [SessionCommand.check(name: name, password: password)]
    case .loggedIn(let account):
      model.account = account
      return []
    }
  }
}

private func temporaryPath(_ name: String) -> String {
  FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
}

@Suite("TraceRecorder")
@MainActor
struct TraceRecorderTests {
  private func recordSession(at path: String) async throws {
    let store = Store(model: Session(), updater: SessionUpdater())
    let recorder = try TraceRecorder<Session>(path: path)
    store.addMonitor(recorder)
    store.register(
      FunctionInterpreter(for: SessionCommand.self) { command, dispatch in
        guard case .check(let name, _) = command else { return }
        dispatch(SessionMessage.loggedIn(Account(name: name, logins: 1)))
      })
    store.send(SessionMessage.login(name: "ada", password: Secret("correct horse battery")))
    await store.settle()
    await recorder.close()
  }

  @Test("records each message with its cause, commands, model changes and payload")
  func recordsTheCausalChain() async throws {
    let path = temporaryPath("trace.jsonl")
    try await recordSession(at: path)
    let entries = try TraceReader.read(path: path).entries

    #expect(entries.map(\.kind) == [.start, .message, .commandStarted, .message, .commandFinished])
    #expect(entries[0].type?.hasSuffix("Session") == true)
    let login = entries[1]
    #expect(login.id == 1)
    #expect(login.cause == TraceCause(kind: "external"))
    #expect(login.shortType == "SessionMessage")
    #expect(login.value == #"SessionMessage.login(name: "ada", password: Secret(••••))"#)
    #expect(login.handled == true)
    #expect(login.commands?.map(\.id) == [1])
    #expect(login.commands?.first?.value == #"SessionCommand.check(name: "ada", password: Secret(••••))"#)
    #expect(login.changes?.map(\.path) == ["."])
    let loggedIn = entries[3]
    #expect(loggedIn.cause == TraceCause(kind: "command", command: 1, message: 1))
    #expect(
      loggedIn.changes == [
        TraceChange(path: "account", before: "nil", after: #"Account(name: "ada", logins: 1)"#)
      ])
    #expect(loggedIn.payload?.contains(#""name":"ada""#) == true)
    #expect(entries[2].message == 1)
  }

  @Test("the password never reaches the file, in any form")
  func secretsAreRedacted() async throws {
    let path = temporaryPath("secret.jsonl")
    try await recordSession(at: path)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains("correct horse battery"))
    #expect(!text.contains(Data("correct horse battery".utf8).base64EncodedString()))
    #expect(text.contains("Secret(••••)"))
    #expect(text.contains("<redacted>"))
  }

  @Test("with a capacity of one event, the store waits for the writer and nothing is lost")
  func boundedAndLossless() async throws {
    struct Tally: Sendable { var count = 0 }
    struct Bump: Message {}
    let path = temporaryPath("bounded.jsonl")
    let store = Store(
      model: Tally(),
      updater: FunctionUpdater(handling: Bump.self) { model, _ in
        model.count += 1
        return []
      })
    let recorder = try TraceRecorder<Tally>(path: path, capacity: 1)
    store.addMonitor(recorder)
    for _ in 0..<2_000 { store.send(Bump()) }
    await recorder.close()
    let entries = try TraceReader.read(path: path).entries
    #expect(entries.count { $0.kind == .message } == 2_000)
    #expect(entries.last?.changes == [TraceChange(path: "count", before: "1999", after: "2000")])
  }

  @Test("closeBlocking writes everything queued before it returns, and ignores later events")
  func closeBlockingWritesEverything() throws {
    struct Tally: Sendable { var count = 0 }
    struct Bump: Message {}
    let path = temporaryPath("blocking.jsonl")
    let store = Store(
      model: Tally(),
      updater: FunctionUpdater(handling: Bump.self) { model, _ in
        model.count += 1
        return []
      })
    let recorder = try TraceRecorder<Tally>(path: path, capacity: 8)
    store.addMonitor(recorder)
    for _ in 0..<500 { store.send(Bump()) }
    recorder.closeBlocking()
    store.send(Bump())
    recorder.closeBlocking()
    let entries = try TraceReader.read(path: path).entries
    #expect(entries.count { $0.kind == .message } == 500)
    #expect(entries.last?.changes == [TraceChange(path: "count", before: "499", after: "500")])
  }

  @Test("recurring messages keep their own renderings and payloads, even when == ignores a field")
  func recurringMessages() async throws {
    enum Chat: Message, Hashable, Codable {
      case ping
      case pong
      case said(text: String, at: Int)

      // Ignores `at`, as a hand-written equality might: payloads must not be shared because of it.
      static func == (left: Chat, right: Chat) -> Bool {
        switch (left, right) {
        case (.ping, .ping), (.pong, .pong): true
        case (.said(let left, _), .said(let right, _)): left == right
        default: false
        }
      }

      func hash(into hasher: inout Hasher) {
        switch self {
        case .ping: hasher.combine(0)
        case .pong: hasher.combine(1)
        case .said(let text, _): hasher.combine(text)
        }
      }
    }
    struct Log: Sendable { var count = 0 }
    let path = temporaryPath("recurring.jsonl")
    let store = Store(
      model: Log(),
      updater: FunctionUpdater(handling: Chat.self) { model, _ in
        model.count += 1
        return []
      })
    let recorder = try TraceRecorder<Log>(path: path)
    store.addMonitor(recorder)
    let sent: [Chat] = [.ping, .ping, .pong, .ping, .said(text: "hi", at: 1), .said(text: "hi", at: 2)]
    for message in sent { store.send(message) }
    await recorder.close()
    let messages = try TraceReader.read(path: path).entries.filter { $0.kind == .message }
    #expect(
      messages.map(\.value) == [
        "Chat.ping", "Chat.ping", "Chat.pong", "Chat.ping", #"Chat.said(text: "hi", at: 1)"#,
        #"Chat.said(text: "hi", at: 2)"#,
      ])
    let decoded = try messages.map {
      try JSONDecoder().decode(Chat.self, from: Data(($0.payload ?? "").utf8))
    }
    #expect(decoded.map { if case .said(_, let at) = $0 { at } else { 0 } } == [0, 0, 0, 0, 1, 2])
    #expect(decoded.prefix(4).map { "\($0)" } == ["ping", "ping", "pong", "ping"])
  }

  @Test("a recurring message is written in full once; later lines refer to it and read back whole")
  func recurringMessageWrittenOnce() async throws {
    enum Beat: Message, Codable { case tick }
    struct Beats: Sendable { var count = 0 }
    let path = temporaryPath("beats.jsonl")
    let store = Store(
      model: Beats(),
      updater: FunctionUpdater(handling: Beat.self) { model, _ in
        model.count += 1
        return []
      })
    let recorder = try TraceRecorder<Beats>(path: path)
    store.addMonitor(recorder)
    for _ in 0..<100 { store.send(Beat.tick) }
    await recorder.close()
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.components(separatedBy: #""value":"Beat.tick""#).count == 2)
    let contents = try TraceReader.read(path: path)
    #expect(contents.entries.first?.format == TraceEntry.currentFormat)
    let messages = contents.entries.filter { $0.kind == .message }
    #expect(messages.count == 100)
    #expect(messages.allSatisfy { $0.value == "Beat.tick" && $0.type == messages[0].type })
    #expect(messages.allSatisfy { $0.payload != nil && $0.payload == messages[0].payload })
    #expect(messages.allSatisfy { $0.commands == [] })
    #expect(messages.last?.changes == [TraceChange(path: "count", before: "99", after: "100")])
  }

  @Test("small plain messages are rendered by value, whatever their == says")
  func plainMessages() async throws {
    struct Move: Message, Codable, Equatable {
      var x: Int
      var y: Int
      // Ignores `y`: the trace must still show each message as it was.
      static func == (left: Move, right: Move) -> Bool { left.x == right.x }
    }
    struct Position: Sendable { var x = 0, y = 0 }
    let path = temporaryPath("plain.jsonl")
    let store = Store(
      model: Position(),
      updater: FunctionUpdater(handling: Move.self) { model, move in
        (model.x, model.y) = (move.x, move.y)
        return []
      })
    let recorder = try TraceRecorder<Position>(path: path)
    store.addMonitor(recorder)
    for move in [Move(x: 1, y: 2), Move(x: 1, y: 3), Move(x: 1, y: 2)] { store.send(move) }
    await recorder.close()
    let messages = try TraceReader.read(path: path).entries.filter { $0.kind == .message }
    #expect(messages.map(\.value) == ["Move(x: 1, y: 2)", "Move(x: 1, y: 3)", "Move(x: 1, y: 2)"])
    #expect(messages.map(\.payload) == [#"{"x":1,"y":2}"#, #"{"x":1,"y":3}"#, #"{"x":1,"y":2}"#])
  }

  @Test("problems are recorded: unhandled messages, commands without interpreters")
  func problems() async throws {
    struct Stray: Message {}
    let path = temporaryPath("problems.jsonl")
    let store = Store(model: Session(), updater: SessionUpdater())
    let recorder = try TraceRecorder<Session>(path: path)
    store.addMonitor(recorder)
    store.send(Stray())
    store.send(SessionMessage.login(name: "bob", password: Secret("pw")))
    await recorder.close()
    let entries = try TraceReader.read(path: path).entries
    #expect(entries[1].kind == .message)
    #expect(entries[1].handled == false)
    #expect(entries.contains { $0.kind == .noInterpreter && $0.id == 1 })
  }

  @Test("an unwritable path is a clear error")
  func unwritable() {
    #expect(throws: TraceRecorderError.self) {
      try TraceRecorder<Session>(path: "/nonexistent-folder/trace.jsonl")
    }
  }

  @Test("a cancelled command's line says so: commandFinished with cancelled, read back by the reader")
  func cancelledCommand() async throws {
    struct Wait: Command, Equatable {}
    enum Keyed: Message, Equatable { case start, stop }
    struct KeyedUpdater: TypedUpdater {
      func update(_ model: inout Int, message: Keyed) -> [any Command] {
        message == .start ? [KeyedCommand("wait", Wait())] : [CancelCommand("wait")]
      }
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).jsonl").path
    let store = Store(model: 0, updater: KeyedUpdater())
    let recorder = try TraceRecorder<Int>(path: path, initialModel: 0)
    store.addMonitor(recorder)
    let (started, starting) = AsyncStream.makeStream(of: Void.self)
    store.register(
      FunctionInterpreter(for: Wait.self) { _, _ in
        starting.yield()
        try await Task.sleep(for: .seconds(60))
      })
    store.send(Keyed.start)
    for await _ in started { break }
    await store.send(Keyed.stop).finish()
    await recorder.close()
    let ends = try TraceReader.read(path: path).entries.filter { $0.kind == .commandFinished }
    // c1, the wait, was cancelled; c2, the CancelCommand, was performed by the store and returned.
    #expect(ends.map(\.id) == [1, 2])
    #expect(ends.map(\.cancelled) == [true, nil])
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""kind":"commandFinished","time""#))
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#","cancelled":true}"#))
  }
}
