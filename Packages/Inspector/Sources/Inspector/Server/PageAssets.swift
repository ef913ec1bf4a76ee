import Foundation

/// The page, read once from the package's resources, its style and script inlined under a nonce
/// that the page's Content-Security-Policy names, so no other script or style can run in it.
struct PageAssets: Sendable {
  let html: String
  let nonce: String

  /// Reads the page.
  ///
  /// - Throws: ``InspectorError`` if the resources are missing (a build that did not copy them).
  init() throws {
    guard let folder = Bundle.module.url(forResource: "page", withExtension: nil) else {
      throw InspectorError("The inspector's page is missing from its resources.")
    }
    func read(_ name: String) throws -> String {
      do {
        return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      } catch {
        throw InspectorError("Cannot read the inspector's \(name): \(error)")
      }
    }
    nonce = String(AccessToken().value.prefix(32))
    html = try read("index.html")
      .replacingOccurrences(of: "{{nonce}}", with: nonce)
      .replacingOccurrences(of: "/*{{style}}*/", with: read("inspector.css"))
      .replacingOccurrences(of: "/*{{script}}*/", with: read("inspector.js"))
  }

  /// The page's Content-Security-Policy: its own inline script and style, WebSocket and downloads
  /// to its own origin, nothing else.
  var contentSecurityPolicy: String {
    "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; connect-src 'self'; "
      + "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
  }
}
