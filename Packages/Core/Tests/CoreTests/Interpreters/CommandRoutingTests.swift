import Core
import CoreTesting
import Testing

// MARK: - A reusable generic API command, as in the seed

private struct Todo: Equatable, Sendable, Decodable {
  let title: String
}

private struct User: Equatable, Sendable, Decodable {
  let name: String
}

/// What the one API interpreter needs from every `APICommand<Payload>`, whatever the payload.
private protocol APIRequest: Command {
  func perform(with client: FakeHTTPClient) async -> any Message
}

private struct APICommand<Payload: Sendable & Decodable>: APIRequest {
  let path: String
  let completion: @Sendable (Result<Payload, any Error>) -> any Message

  static func get(
    _ path: String, then completion: @escaping @Sendable (Result<Payload, any Error>) -> any Message
  )
    -> Self
  {
    Self(path: path, completion: completion)
  }

  func perform(with client: FakeHTTPClient) async -> any Message {
    completion(await client.get(path, as: Payload.self))
  }
}

/// Commands written as classes: an `UrgentJob` is a `Job`.
private class Job: Command, @unchecked Sendable {
  // Safe to share: immutable.
  let name: String
  init(name: String) { self.name = name }
}

private final class UrgentJob: Job, @unchecked Sendable {}

private enum JobMessage: Message {
  case start
  case ran(String)
}

/// Emits a `Job`, an `UrgentJob` wrapped as a `Job`, and an `UrgentJob`.
private struct JobUpdater: TypedUpdater {
  func update(_ model: inout [String], message: JobMessage) -> [any Command] {
    switch message {
    case .start:
      let wrapped: Job = UrgentJob(name: "b")
      return [Job(name: "a"), wrapped, UrgentJob(name: "c")]
    case .ran(let line):
      model.append(line)
      return []
    }
  }
}

/// A fake HTTP client that answers from a table of canned values.
private struct FakeHTTPClient: Sendable {
  struct NotFound: Error, Equatable { let path: String }
  let responses: [String: any Sendable]

  func get<Payload>(_ path: String, as: Payload.Type) async -> Result<Payload, any Error> {
    guard let payload = responses[path] as? Payload else { return .failure(NotFound(path: path)) }
    return .success(payload)
  }
}

/// One interpreter for every `APICommand<Payload>`: it is registered for the family `any APIRequest`.
private struct APIInterpreter: CommandInterpreter {
  let client: FakeHTTPClient

  func interpret(_ command: any APIRequest, dispatch: Dispatch) async throws {
    dispatch(await command.perform(with: client))
  }
}

private enum FeedMessage: Message {
  case load
  case todoLoaded(Result<Todo, any Error>)
  case userLoaded(Result<User, any Error>)
}

private struct Feed: Equatable, Sendable {
  var todo: Todo?
  var user: User?
  var errors: [String] = []
}

private struct FeedUpdater: TypedUpdater {
  func update(_ model: inout Feed, message: FeedMessage) -> [any Command] {
    switch message {
    case .load:
      return [
        APICommand<Todo>.get("/todo/1", then: FeedMessage.todoLoaded),
        APICommand<User>.get("/user/1", then: FeedMessage.userLoaded),
        APICommand<User>.get("/user/404", then: FeedMessage.userLoaded),
      ]
    case .todoLoaded(.success(let todo)): model.todo = todo
    case .userLoaded(.success(let user)): model.user = user
    case .todoLoaded(.failure(let error)), .userLoaded(.failure(let error)): model.errors.append("\(error)")
    }
    return []
  }
}

@Suite("Command routing")
@MainActor
struct CommandRoutingTests {
  @Test("a class command goes to the interpreter of its own class, even when wrapped as its superclass")
  func classCommandsByTheirOwnClass() async {
    let store = Store(model: [String](), updater: JobUpdater())
    store.register(
      FunctionInterpreter(for: Job.self) { job, dispatch in dispatch(JobMessage.ran("job \(job.name)")) })
    store.register(
      FunctionInterpreter(for: UrgentJob.self) { job, dispatch in
        dispatch(JobMessage.ran("urgent \(job.name)"))
      })
    await store.send(JobMessage.start).finish()
    #expect(store.model.sorted() == ["job a", "urgent b", "urgent c"])
  }

  @Test(
    "a subclass with no interpreter of its own goes to its superclass's, and a superclass's not to its subclass's"
  )
  func classCommandsBySuperclass() async {
    let onlyJob = Store(model: [String](), updater: JobUpdater())
    onlyJob.register(
      FunctionInterpreter(for: Job.self) { job, dispatch in dispatch(JobMessage.ran("job \(job.name)")) })
    await onlyJob.send(JobMessage.start).finish()
    #expect(onlyJob.model.sorted() == ["job a", "job b", "job c"])

    let onlyUrgent = Store(model: [String](), updater: JobUpdater())
    let monitor = RecordingMonitor<[String]>()
    onlyUrgent.addMonitor(monitor)
    onlyUrgent.register(
      FunctionInterpreter(for: UrgentJob.self) { job, dispatch in
        dispatch(JobMessage.ran("urgent \(job.name)"))
      })
    await onlyUrgent.send(JobMessage.start).finish()
    #expect(onlyUrgent.model.sorted() == ["urgent b", "urgent c"])
    let unserved = monitor.events.compactMap { event -> String? in
      guard case .noInterpreter(let record) = event else { return nil }
      return (record.command as? Job)?.name
    }
    #expect(unserved == ["a"])
  }

  @Test("one interpreter registered for a protocol serves every payload of a generic command")
  func genericCommandFamily() async {
    let store = Store(model: Feed(), updater: FeedUpdater())
    store.register(
      APIInterpreter(
        client: FakeHTTPClient(responses: ["/todo/1": Todo(title: "Ship"), "/user/1": User(name: "Ada")]))
    )
    store.send(FeedMessage.load)
    await store.settle()
    #expect(store.model.todo == Todo(title: "Ship"))
    #expect(store.model.user == User(name: "Ada"))
    #expect(store.model.errors == [#"NotFound(path: "/user/404")"#])
  }

  @Test("an interpreter registered for the exact type wins over a family interpreter")
  func exactBeatsFamily() async {
    let store = Store(model: Feed(), updater: FeedUpdater())
    store.register(APIInterpreter(client: FakeHTTPClient(responses: [:])))
    store.register(
      FunctionInterpreter(for: APICommand<Todo>.self) { command, dispatch in
        dispatch(FeedMessage.todoLoaded(.success(Todo(title: "exact \(command.path)"))))
      })
    store.send(FeedMessage.load)
    await store.settle()
    #expect(store.model.todo == Todo(title: "exact /todo/1"))
    #expect(store.model.errors.count == 2)
  }

  @Test("the generic command's interpreter can be tested on its own with a recording dispatch")
  func interpreterOnItsOwn() async throws {
    let recorder = MessageRecorder()
    let interpreter = APIInterpreter(client: FakeHTTPClient(responses: ["/user/1": User(name: "Grace")]))
    try await recorder.interpret(
      APICommand<User>.get("/user/1", then: FeedMessage.userLoaded), with: interpreter)
    let messages = recorder.messages(of: FeedMessage.self)
    #expect(messages.count == 1)
    guard case .userLoaded(.success(let user)) = messages.first else {
      Issue.record("unexpected \(messages)")
      return
    }
    #expect(user == User(name: "Grace"))
    #expect(recorder.causes == [.command(CommandID(rawValue: 1), emittedBy: MessageID(rawValue: 1))])
  }

  @Test("commands of one message are started in the order they were returned")
  func startOrder() async {
    let store = Store(model: Feed(), updater: FeedUpdater())
    let monitor = RecordingMonitor<Feed>()
    store.addMonitor(monitor)
    store.register(APIInterpreter(client: FakeHTTPClient(responses: [:])))
    store.send(FeedMessage.load)
    let started = monitor.events.compactMap { event -> String? in
      if case .commandStarted(let record) = event {
        (record.command as? any APIRequest).map { "\(type(of: $0))" }
      } else {
        nil
      }
    }
    #expect(started == ["APICommand<Todo>", "APICommand<User>", "APICommand<User>"])
    await store.settle()
  }
}
