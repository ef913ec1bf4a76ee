import Core
import CoreTesting
import Testing

private struct Profile: Equatable, Sendable {
  let name: String
}

private enum ProfileMessage: Message {
  case refresh
  case loaded(Result<Profile, any Error>)
  case cached(Result<Profile, any Error>)
}

/// The seed's reusable API command, carrying the message to send as a `Reply`.
private struct APICommand<Payload: Sendable>: Command {
  let path: String
  let reply: Reply<Payload>
}

/// Maps the answer to `reply`, as the updater under test chooses.
private struct ProfileUpdater: TypedUpdater {
  let reply: Reply<Profile>

  func update(_ model: inout Profile?, message: ProfileMessage) -> [any Command] {
    guard case .refresh = message else { return [] }
    return [APICommand(path: "/me", reply: reply)]
  }
}

/// Maps a success to `loaded` with the name upper-cased: wrong only on success.
private let shouting = Reply<Profile> { result in
  ProfileMessage.loaded(result.map { Profile(name: $0.name.uppercased()) })
}

@Suite("Commands carrying a Reply")
struct ReplyAssertionsTests {
  @Test("assertUpdate passes when the updater maps the answer to the expected message")
  func rightMessage() {
    assertUpdate(
      ProfileUpdater(reply: Reply(ProfileMessage.loaded)), given: nil, when: ProfileMessage.refresh,
      then: nil, commands: [APICommand(path: "/me", reply: Reply(ProfileMessage.loaded))],
      sampleResults: [.success(Profile(name: "Ada"))])
  }

  @Test("assertUpdate fails when the updater maps the answer to the wrong message, even with no samples")
  func wrongMessage() {
    withKnownIssue {
      assertUpdate(
        ProfileUpdater(reply: Reply(ProfileMessage.cached)), given: nil, when: ProfileMessage.refresh,
        then: nil, commands: [APICommand(path: "/me", reply: Reply(ProfileMessage.loaded))])
    } matching: { issue in
      issue.description.contains("The commands differ")
        && issue.description.contains("− ")
        && issue.description.contains("ProfileMessage.loaded")
        && issue.description.contains("+ ")
        && issue.description.contains("ProfileMessage.cached")
    }
  }

  @Test("a mapping wrong only on success is caught by a success sample, and names it")
  func wrongOnSuccess() {
    let expected: [any Command] = [APICommand(path: "/me", reply: Reply(ProfileMessage.loaded))]
    let updater = ProfileUpdater(reply: shouting)
    withKnownIssue {
      assertUpdate(
        updater, given: nil, when: ProfileMessage.refresh, then: nil, commands: expected,
        sampleResults: [.success(Profile(name: "Ada"))])
    } matching: { issue in
      issue.description.contains(#"success(Profile(name: "Ada"))"#)
        && issue.description.contains(#""ADA""#)
    }
  }

  @Test("a reply compared without a success sample of its payload type fails, asking for one")
  func missingSuccessSample() {
    // With the failure sample alone the two replies build the same message: the comparison
    // would pass although the updater builds the wrong message on success.
    withKnownIssue {
      assertUpdate(
        ProfileUpdater(reply: shouting), given: nil, when: ProfileMessage.refresh, then: nil,
        commands: [APICommand(path: "/me", reply: Reply(ProfileMessage.loaded))])
    } matching: {
      $0.description.contains("no sample result is a Profile")
        && $0.description.contains("sampleResults: [.success(")
    }
  }

  @Test("samples of another payload type do not apply to a reply, and do not count as its sample")
  func otherPayload() {
    withKnownIssue {
      assertUpdate(
        ProfileUpdater(reply: shouting), given: nil, when: ProfileMessage.refresh, then: nil,
        commands: [APICommand(path: "/me", reply: Reply(ProfileMessage.loaded))],
        sampleResults: [.success(42)])
    } matching: {
      $0.description.contains("no sample result is a Profile")
    }
  }

  @Test("a reply without a payload is sampled on success by itself")
  func voidPayload() {
    struct Saved: Message, Equatable {
      let succeeded: Bool
    }
    struct SaveUpdater: TypedUpdater {
      let reply: Reply<Void>
      func update(_ model: inout Profile?, message: ProfileMessage) -> [any Command] {
        [APICommand(path: "/save", reply: reply)]
      }
    }
    let right = Reply<Void> { Saved(succeeded: (try? $0.get()) != nil) }
    let wrong = Reply<Void> { _ in Saved(succeeded: false) }
    assertUpdate(
      SaveUpdater(reply: right), given: nil, when: ProfileMessage.refresh, then: nil,
      commands: [APICommand(path: "/save", reply: right)])
    withKnownIssue {
      assertUpdate(
        SaveUpdater(reply: wrong), given: nil, when: ProfileMessage.refresh, then: nil,
        commands: [APICommand(path: "/save", reply: right)])
    } matching: {
      $0.description.contains("The commands differ")
    }
  }

  @Test("a rendered reply shows the message for each sample")
  func rendering() {
    let lines = Dump.lines(
      of: APICommand(path: "/me", reply: Reply(ProfileMessage.loaded)),
      sampleResults: [.success(Profile(name: "Ada"))])
    let text = lines.map { String($0.drop { $0 == " " }) }
    #expect(text.contains("reply: Reply<Profile>("))
    #expect(text.contains("failure(sample failure): ProfileMessage.loaded("))
    #expect(text.contains(#"success(Profile(name: "Ada")): ProfileMessage.loaded("#))
  }

  @Test("TestStore.expectCommands fails when the updater maps the answer to the wrong message")
  @MainActor
  func testStore() async {
    let store = TestStore(model: Profile?.none, updater: ProfileUpdater(reply: shouting))
    store.register(FunctionInterpreter(for: APICommand<Profile>.self) { _, _ in })
    store.send(ProfileMessage.refresh)
    withKnownIssue {
      store.expectCommands(
        [APICommand(path: "/me", reply: Reply(ProfileMessage.loaded))],
        sampleResults: [.success(Profile(name: "Ada"))])
    } matching: {
      $0.description.contains("The commands differ")
    }
    await store.finish()
  }

  @Test("a reply with a typed failure builds an Equatable message, compared on both outcomes")
  func typedFailure() {
    let expected: [any Command] = [
      TodoAPICommand(path: "/todos/1", reply: TypedReply(TodoMessage.manageGetTodo))
    ]
    let samples: [ReplySample] = [.success(Todo(title: "tea")), .failure(APIError.offline)]
    assertUpdate(
      TodoUpdater(reply: TypedReply(TodoMessage.manageGetTodo)), given: nil, when: TodoMessage.get, then: nil,
      commands: expected, sampleResults: samples)
    withKnownIssue {
      assertUpdate(
        TodoUpdater(reply: TypedReply { _ in TodoMessage.manageGetTodo(.failure(.offline)) }), given: nil,
        when: TodoMessage.get, then: nil, commands: expected, sampleResults: samples)
    } matching: {
      $0.description.contains("The commands differ")
    }
  }

  @Test("a reply with a typed failure needs a failure sample of that type")
  func typedFailureNeedsFailureSample() {
    withKnownIssue {
      assertUpdate(
        TodoUpdater(reply: TypedReply(TodoMessage.manageGetTodo)), given: nil, when: TodoMessage.get,
        then: nil,
        commands: [TodoAPICommand(path: "/todos/1", reply: TypedReply(TodoMessage.manageGetTodo))],
        sampleResults: [.success(Todo(title: "tea"))])
    } matching: {
      $0.description.contains("TypedReply<Todo, APIError> was compared without a failure sample")
    }
  }

  @Test("the work of a typed reply throws its failure type, and the message says which")
  func typedFailureSent() async {
    let reply = TypedReply(TodoMessage.manageGetTodo)
    let message = await reply.message { () throws(APIError) -> Todo in throw APIError.offline }
    #expect(message as? TodoMessage == .manageGetTodo(.failure(.offline)))
  }
}

private struct Todo: Equatable, Sendable {
  let title: String
}

private enum APIError: Error, Equatable {
  case offline
}

/// The proposal's message: a result whose error type is known, so the message is `Equatable`.
private enum TodoMessage: Message, Equatable {
  case get
  case manageGetTodo(Result<Todo, APIError>)
}

/// The proposal's reusable command, with the error type of its API.
private struct TodoAPICommand<Payload: Sendable>: Command {
  let path: String
  let reply: TypedReply<Payload, APIError>
}

private struct TodoUpdater: TypedUpdater {
  let reply: TypedReply<Todo, APIError>

  func update(_ model: inout Todo?, message: TodoMessage) -> [any Command] {
    guard case .get = message else { return [] }
    return [TodoAPICommand(path: "/todos/1", reply: reply)]
  }
}
