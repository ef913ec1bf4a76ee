public import Core
import Foundation

/// Keeps a ``SignalSubscription`` alive: while started, the process's signal sends
/// ``AppMessage/signalReceived(_:)``.
///
/// ```swift
/// store.register(subscriptions: SignalSubscription.self, interpreter: SignalInterpreter.init)
/// ```
///
/// ``start()`` installs a handler for the signal, replacing its default action (for SIGINT and
/// SIGTERM, ending the process) so the app can shut down gracefully; ``stop()`` restores the
/// disposition that was in place before. What the message leads to (a shutdown, a reload) is the
/// app's decision, in its updater.
///
/// Signals belong to the process, not to a store: every started interpreter for a signal receives
/// it, whatever store it belongs to, and the previous disposition comes back when the last of them
/// stops. The handler is installed synchronously, so a signal sent after ``start()`` returns is
/// delivered.
@MainActor
public final class SignalInterpreter: SubscriptionInterpreter {
  private let signal: OSSignal
  private let dispatch: Dispatch
  private var token: SignalHubToken?

  /// Creates the interpreter for one subscription; nothing is installed until ``start()``.
  ///
  /// - Parameters:
  ///   - subscription: The signal to listen for.
  ///   - dispatch: Sends the messages, caused by the subscription.
  public init(subscription: SignalSubscription, dispatch: Dispatch) {
    self.signal = subscription.signal
    self.dispatch = dispatch
  }

  isolated deinit {
    stop()
  }

  /// Installs the handler. If the process cannot (it has no file descriptor left), says so on
  /// standard error and listens for nothing.
  public func start() {
    guard token == nil else { return }
    token = SignalHub.shared.add(signal, dispatch: dispatch)
    if token == nil {
      FileHandle.standardError.write(Data("NotificationsImpl: cannot listen for \(signal.name).\n".utf8))
    }
  }

  /// Stops delivering and, if no other interpreter listens for the signal, restores the previous
  /// disposition.
  public func stop() {
    guard let token else { return }
    SignalHub.shared.remove(token)
    self.token = nil
  }
}
