/// A ``Reply`` seen without its payload type, so that tests can apply it to sample results.
public protocol InspectableReply: Sendable {
  /// The type of the value a successful result carries.
  var payloadType: Any.Type { get }

  /// The message the reply builds for `result`, or `nil` if `result`'s success value is not of
  /// ``payloadType``.
  ///
  /// - Parameter result: A sample result: a value of any type, or an error.
  /// - Returns: The message, or `nil` when the sample does not fit.
  func message(forSample result: Result<any Sendable, any Error>) -> (any Message)?
}
