import Hummingbird

/// Refuses every request that does not come from the inspector's own page: the `Host` must name
/// the server as the browser reached it (a DNS-rebinding page reaches it under its own name), an
/// `Origin`, when sent, must be the server's own, and the query must hold the run's token.
///
/// Refusals: 403 for a foreign `Host` or `Origin`, 401 without a token, 403 with a wrong one.
struct AccessGuard<Context: RequestContext>: RouterMiddleware {
  let token: AccessToken
  /// The names a browser may send in `Host`, without the port.
  let names: Set<String>
  /// The port the server is bound to, known once it listens.
  let port: @Sendable () -> Int

  init(token: AccessToken, host: String, port: @escaping @Sendable () -> Int) {
    self.token = token
    var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
    // The configured address itself, as the printed address names it; a rebinding page sends its
    // own name, never this one.
    names.insert(host.contains(":") ? "[\(host)]" : host.lowercased())
    self.names = names
    self.port = port
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let authorities = Set(names.map { "\($0):\(port())" })
    guard let authority = request.head.authority, authorities.contains(authority.lowercased()) else {
      return Self.refusal(.forbidden, "This server answers only to its own address (Host).")
    }
    if let origin = request.headers[.origin],
      !authorities.contains(where: { "http://\($0)" == origin.lowercased() })
    {
      return Self.refusal(.forbidden, "Requests from other sites are refused (Origin).")
    }
    guard let given = request.uri.queryParameters["token"] else {
      return Self.refusal(.unauthorized, "Open the address the app printed: it holds the token.")
    }
    guard token.matches(given) else {
      return Self.refusal(.forbidden, "Wrong token: open the address this run of the app printed.")
    }
    return try await next(request, context)
  }

  private static func refusal(_ status: HTTPResponse.Status, _ reason: String) -> Response {
    Response(
      status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: reason + "\n")))
  }
}
