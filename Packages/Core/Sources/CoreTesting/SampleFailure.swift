/// The error of ``ReplySample/failure``: a reply's failure branch, seen by every inspection.
public struct SampleFailure: Error, Hashable, CustomStringConvertible {
  /// Creates the error.
  public init() {}

  /// "sample failure".
  public var description: String { "sample failure" }
}
