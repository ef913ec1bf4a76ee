/// A result a test applies to the `Reply`s inside commands, to check which message each
/// reply builds without running an interpreter.
///
/// Commands are compared by their rendering when they are not `Equatable`, and a reply renders as
/// the messages it builds for the samples: one line per sample whose success value is of the
/// reply's payload type, plus ``failure`` (an error every reply accepts, always applied). Two
/// replies that map a sample to different messages make the commands differ:
///
/// ```swift
/// assertUpdate(
///   ProfileUpdater(), given: nil, when: ProfileMessage.refresh, then: nil,
///   commands: [APICommand(path: "/me", reply: Reply(ProfileMessage.loaded))],
///   sampleResults: [.success(Profile(name: "Ada"))])
/// ```
public struct ReplySample: Sendable {
  /// The result given to the reply.
  public let result: Result<any Sendable, any Error>

  /// A successful result; it applies to the replies whose payload type is `Value`'s.
  ///
  /// - Parameter value: The payload.
  /// - Returns: The sample.
  public static func success(_ value: some Sendable) -> ReplySample {
    ReplySample(result: .success(value))
  }

  /// A failed result; it applies to every reply.
  ///
  /// - Parameter error: The error.
  /// - Returns: The sample.
  public static func failure(_ error: any Error) -> ReplySample {
    ReplySample(result: .failure(error))
  }

  /// The sample every reply is inspected with: a failure with ``SampleFailure``.
  public static let failure = ReplySample.failure(SampleFailure())

  /// The line label of this sample in a rendering: `success(…)` or `failure(…)`.
  var label: String {
    switch result {
    case .success(let value):
      "success(\(Dump.compactLine(of: value)))"
    case .failure(let error): "failure(\(error))"
    }
  }
}
