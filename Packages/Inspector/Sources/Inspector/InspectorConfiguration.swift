/// Where the inspector listens and how much it may hold for a page.
///
/// The defaults suit a developer's machine: loopback only, a port the system picks, the session's
/// trace in a private temporary folder.
///
/// ```swift
/// var configuration = InspectorConfiguration()
/// configuration.port = 9_000
/// let inspector = try await Inspector.attach(to: store, configuration: configuration)
/// ```
public struct InspectorConfiguration: Sendable, Equatable {
  /// The address to listen on: `127.0.0.1` unless ``allowsNonLoopbackHost`` is set.
  public var host: String
  /// The port to listen on; 0 lets the system pick a free one (``Inspector/url`` names it).
  public var port: Int
  /// Whether ``host`` may be an address other than `127.0.0.1`, `::1` or `localhost`. Anyone who
  /// can reach that address and learns the token sees the session: opt in knowingly.
  public var allowsNonLoopbackHost: Bool
  /// The trace file the session is recorded to (and a late page reads back), replaced at attach;
  /// `nil` records to a private temporary folder removed by ``Inspector/close()``.
  public var traceFile: String?
  /// How many bytes of trace lines may wait for one page; beyond it the page misses lines and is
  /// told how many.
  public var queueLimit: Int
  /// The largest WebSocket frame or message the page may send, in bytes; a larger one closes the
  /// connection with code 1009 (message too big).
  public var maxFrameSize: Int

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - host: The address to listen on.
  ///   - port: The port; 0 for any free one.
  ///   - allowsNonLoopbackHost: Whether `host` may be other than the loopback interface.
  ///   - traceFile: Where to record the session; `nil` for a private temporary file.
  ///   - queueLimit: Bytes of trace lines that may wait for one page (16 MiB by default).
  ///   - maxFrameSize: The largest frame a page may send (16 KiB by default).
  public init(
    host: String = "127.0.0.1", port: Int = 0, allowsNonLoopbackHost: Bool = false, traceFile: String? = nil,
    queueLimit: Int = 16 << 20, maxFrameSize: Int = 16 << 10
  ) {
    self.host = host
    self.port = port
    self.allowsNonLoopbackHost = allowsNonLoopbackHost
    self.traceFile = traceFile
    self.queueLimit = queueLimit
    self.maxFrameSize = maxFrameSize
  }

  /// Whether ``host`` names the loopback interface.
  var isLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(host) }
}
