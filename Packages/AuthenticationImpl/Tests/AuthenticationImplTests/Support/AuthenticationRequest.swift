import AuthenticationAPI
import Core

/// What the app's updater does with user input, for store tests: marks the slice pending and
/// emits the command.
struct AuthenticationRequest: Message, Equatable {
  let command: AuthenticationCommand

  /// Handles requests as the app's updater would.
  static let updater = FunctionUpdater<AuthenticationModel>(handling: AuthenticationRequest.self) {
    model, request in
    model.begin(request.command)
    return [request.command]
  }
}
