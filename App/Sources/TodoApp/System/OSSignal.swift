/// The operating-system signals the app listens for while it runs.
public enum OSSignal: String, Hashable, Sendable, Codable, CaseIterable {
  /// SIGINT (Ctrl-C): shut down gracefully.
  case interrupt
  /// SIGTERM: shut down gracefully.
  case terminate
  /// SIGHUP: reload from the database.
  case hangUp

  /// The conventional name, e.g. `SIGHUP`.
  public var name: String {
    switch self {
    case .interrupt: "SIGINT"
    case .terminate: "SIGTERM"
    case .hangUp: "SIGHUP"
    }
  }
}
