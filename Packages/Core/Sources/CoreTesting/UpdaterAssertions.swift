public import Core
public import Testing

/// Asserts that `updater`, given `model`, when `message` arrives, produces exactly `expected` and
/// exactly `commands`: given / when / then.
///
/// ```swift
/// assertUpdate(
///   CounterUpdater(),
///   given: Counter(value: 1),
///   when: CounterMessage.save,
///   then: Counter(value: 1, isSaving: true),
///   commands: [CounterCommand.persist(1)])
/// ```
///
/// A failure prints a line diff of the model and of the command list.
///
/// A command that carries a `Reply` (the message to send once its work has a result) is compared
/// by the messages its reply builds: for ``ReplySample/failure`` always, and for each of
/// `sampleResults` whose value fits the reply's payload type. An updater that maps the answer to
/// the wrong message fails here, without running an interpreter. Each reply needs a success sample
/// of its payload type (a `Reply<Void>` is sampled with `()` by itself): without one, only the
/// failure branch could be compared, and the assertion fails saying so.
///
/// - Parameters:
///   - updater: The updater under test.
///   - model: The model before the message.
///   - message: The message.
///   - expected: The exact model after the update.
///   - commands: The exact commands, in order; compared with `==` where they are `Equatable`.
///   - sampleResults: Results to apply to the replies inside the commands.
///   - sourceLocation: Where to report failures.
public func assertUpdate<U: Updater, M: Message>(
  _ updater: U,
  given model: U.Model,
  when message: M,
  then expected: U.Model,
  commands: [any Command] = [],
  sampleResults: [ReplySample] = [],
  sourceLocation: SourceLocation = #_sourceLocation
) where U.Model: Equatable {
  let result = updater.result(of: message, on: model)
  if !result.handled {
    Issue.record(
      "The updater ignored \(typeName(M.self)): it did not declare or handle this message type.",
      sourceLocation: sourceLocation)
  }
  if result.model != expected, let diff = Diff.lines(expected: expected, actual: result.model) {
    Issue.record("The model differs (− expected, + actual):\n\(diff)", sourceLocation: sourceLocation)
  }
  assertCommands(
    result.commands, equal: commands, sampleResults: sampleResults, sourceLocation: sourceLocation)
}

/// Asserts an update, describing the expected model as a change to the given one.
///
/// ```swift
/// assertUpdate(CounterUpdater(), given: counter, when: .increment) { $0.value = 2 }
/// ```
///
/// - Parameters:
///   - updater: The updater under test.
///   - model: The model before the message.
///   - message: The message.
///   - commands: The exact commands, in order.
///   - sampleResults: Results to apply to the replies inside the commands.
///   - sourceLocation: Where to report failures.
///   - change: Changes a copy of `model` into the expected model.
public func assertUpdate<U: Updater, M: Message>(
  _ updater: U,
  given model: U.Model,
  when message: M,
  commands: [any Command] = [],
  sampleResults: [ReplySample] = [],
  sourceLocation: SourceLocation = #_sourceLocation,
  then change: (inout U.Model) -> Void
) where U.Model: Equatable {
  var expected = model
  change(&expected)
  assertUpdate(
    updater, given: model, when: message, then: expected, commands: commands, sampleResults: sampleResults,
    sourceLocation: sourceLocation)
}

/// Asserts that `updater` ignores `message`: not handled, model unchanged, no commands.
///
/// - Parameters:
///   - updater: The updater under test.
///   - model: The model before the message.
///   - message: A message the updater must not react to.
///   - sourceLocation: Where to report failures.
public func assertIgnored<U: Updater, M: Message>(
  _ updater: U,
  given model: U.Model,
  when message: M,
  sourceLocation: SourceLocation = #_sourceLocation
) where U.Model: Equatable {
  let result = updater.result(of: message, on: model)
  if result.handled {
    Issue.record(
      "The updater handled \(typeName(M.self)), expected it to ignore it.", sourceLocation: sourceLocation)
  }
  if result.model != model, let diff = Diff.lines(expected: model, actual: result.model) {
    Issue.record("The model changed (− before, + after):\n\(diff)", sourceLocation: sourceLocation)
  }
  assertCommands(result.commands, equal: [], sourceLocation: sourceLocation)
}

/// Asserts that two command lists are equal, element by element, printing a diff if not.
///
/// - Parameters:
///   - actual: The commands that were emitted.
///   - expected: The commands the test expects.
///   - sampleResults: Results to apply to the replies inside the commands (see
///     ``assertUpdate(_:given:when:then:commands:sampleResults:sourceLocation:)``).
///   - sourceLocation: Where to report failures.
public func assertCommands(
  _ actual: [any Command], equal expected: [any Command], sampleResults: [ReplySample] = [],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let replies = expected.flatMap { inspectableReplies(in: $0) }
  // A reply without a payload has one success to sample: `()`.
  let samples = sampleResults + (replies.contains { $0.payloadType == Void.self } ? [.success(())] : [])
  let equal =
    actual.count == expected.count
    && zip(actual, expected).allSatisfy { areEqual($0, $1, sampleResults: samples) }
  guard !equal else {
    requireSamples(for: replies, in: samples, sourceLocation: sourceLocation)
    return
  }
  let diff =
    Diff.lines(expected: expected, actual: actual, sampleResults: samples)
    ?? "(the commands render alike but differ)"
  Issue.record("The commands differ (− expected, + actual):\n\(diff)", sourceLocation: sourceLocation)
}

/// Fails for each reply no success sample fits, or no failure sample (a typed failure refuses
/// ``ReplySample/failure``): an updater that builds the wrong message there would pass.
private func requireSamples(
  for replies: [any InspectableReply], in samples: [ReplySample], sourceLocation: SourceLocation
) {
  var named: Set<String> = []
  for reply in replies {
    let sampled = samples.contains { sample in
      guard case .success = sample.result else { return false }
      return reply.message(forSample: sample.result) != nil
    }
    let payload = typeName(reply.payloadType)
    if !sampled, named.insert(payload).inserted {
      Issue.record(
        """
        A Reply<\(payload)> was compared on failure only: no sample result is a \(payload), so a wrong \
        message on success would pass. Add sampleResults: [.success(<a \(payload)>)].
        """, sourceLocation: sourceLocation)
    }
    // A typed failure refuses `ReplySample.failure`: it needs an error of its own type.
    let failureSampled = ([.failure] + samples).contains { sample in
      guard case .failure = sample.result else { return false }
      return reply.message(forSample: sample.result) != nil
    }
    let name = String(describing: type(of: reply))
    if !failureSampled, named.insert(name).inserted {
      Issue.record(
        """
        A \(name) was compared without a failure sample it accepts, so a wrong message on failure \
        would pass. Add sampleResults: [.failure(<an error of its failure type>)].
        """, sourceLocation: sourceLocation)
    }
  }
}

/// The replies inside `value`, found through its stored properties and enum payloads.
private func inspectableReplies(in value: Any, depth: Int = 0) -> [any InspectableReply] {
  if let reply = value as? any InspectableReply { return [reply] }
  guard depth < 8 else { return [] }
  return Mirror(reflecting: value).children.flatMap { inspectableReplies(in: $0.value, depth: depth + 1) }
}

func typeName(_ type: Any.Type) -> String {
  String(describing: type)
}
