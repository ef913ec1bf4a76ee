import Core
import CoreTesting
import Testing

@Suite("Updater and subscription assertions")
struct AssertionsTests {
  @Test("assertUpdate passes when model and commands match exactly")
  func passes() {
    assertUpdate(
      CounterUpdater(), given: Counter(value: 2), when: CounterMessage.save, then: Counter(value: 2),
      commands: [CounterCommand.persist(2)])
  }

  @Test("assertUpdate fails on a different model, printing a line diff")
  func modelDiff() {
    withKnownIssue {
      assertUpdate(
        CounterUpdater(), given: Counter(), when: CounterMessage.increment, then: Counter(value: 5))
    } matching: { issue in
      issue.description.contains("− ") && issue.description.contains("+ ")
        && issue.description.contains("value: 5") && issue.description.contains("value: 1")
    }
  }

  @Test("assertUpdate fails on different or missing commands")
  func commandDiff() {
    withKnownIssue {
      assertUpdate(
        CounterUpdater(), given: Counter(), when: CounterMessage.save, then: Counter(),
        commands: [CounterCommand.persist(9)])
    } matching: {
      $0.description.contains("The commands differ")
    }
    withKnownIssue {
      assertUpdate(CounterUpdater(), given: Counter(), when: CounterMessage.save, then: Counter())
    }
  }

  @Test("assertUpdate fails when the updater ignores the message")
  func ignored() {
    struct Other: Message {}
    withKnownIssue {
      assertUpdate(CounterUpdater(), given: Counter(), when: Other(), then: Counter())
    } matching: {
      $0.description.contains("ignored")
    }
    assertIgnored(CounterUpdater(), given: Counter(), when: Other())
  }

  @Test("assertSubscriptions compares sets and names what is missing and unexpected")
  func subscriptionSets() {
    assertSubscriptions(ticking, given: Counter(isTicking: true), then: [Tick(every: .seconds(1))])
    withKnownIssue {
      assertSubscriptions(ticking, given: Counter(isTicking: true), then: [Tick(every: .seconds(2))])
    } matching: {
      $0.description.contains("Missing") && $0.description.contains("Unexpected")
    }
  }

  @Test("commands carrying closures compare by type and rendering")
  func closureCommands() {
    struct Fetch: Command {
      let path: String
      let completion: @Sendable (Int) -> any Message
    }
    assertCommands(
      [Fetch(path: "/a") { CounterMessage.saved($0) }],
      equal: [Fetch(path: "/a") { _ in CounterMessage.increment }])
    withKnownIssue {
      assertCommands(
        [Fetch(path: "/a") { CounterMessage.saved($0) }],
        equal: [Fetch(path: "/b") { CounterMessage.saved($0) }])
    }
  }
}

/// A credential of the app's own type: never printed, wherever it sits.
private struct Token: Redacted, Equatable, Sendable {
  var raw: String
  var redactedDescription: String { "Token(••••)" }
}

@Suite("What a failure prints of a redacted value")
struct AssertionRedactionTests {
  // Found by a probe (0.8.2): `Presented` printed its child with `String(describing:)`, which the
  // failure's dump trusted, so a `Redacted` value of the app's own type showed in clear.
  @Test("a failing assertUpdate never prints a Redacted value inside a Presented child")
  func redactedInsidePresented() {
    struct Holder: Equatable, Sendable { var token: Token }
    struct Model: Equatable, Sendable {
      var sheet = Presented<Holder>()
      var count = 0
    }
    struct Open: Message {}
    let updater = FunctionUpdater<Model>(handling: Open.self) { model, _ in
      model.sheet.child = Holder(token: Token(raw: "s3cr3t"))
      model.count = 1
      return []
    }
    withKnownIssue {
      assertUpdate(updater, given: Model(), when: Open(), then: Model())
    } matching: { issue in
      !issue.description.contains("s3cr3t") && issue.description.contains("Token(••••)")
    }
  }
}
