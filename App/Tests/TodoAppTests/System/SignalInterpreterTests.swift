import Core
import CoreTesting
import Foundation
import NotificationsAPI
import Testing
import TodoApp

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// These tests send real signals to the test process. Each one ignores the signal first (see
/// ``SignalDisposition/whileIgnoring(_:_:)``), so a missing handler fails a wait instead of ending
/// the process, and they run one at a time because dispositions belong to the whole process.
@Suite("SignalInterpreter", .serialized)
@MainActor
struct SignalInterpreterTests {
  private func interpreter(
    _ signal: OSSignal, _ recorder: MessageRecorder, cause: Cause = .external
  )
    -> SignalInterpreter
  {
    SignalInterpreter(
      subscription: SignalSubscription(signal: signal), dispatch: recorder.dispatch(cause: cause))
  }

  @Test("SIGHUP sent to the process arrives as signalReceived(.hangUp), caused by the subscription")
  func hangUp() async {
    await SignalDisposition.whileIgnoring(SIGHUP) {
      let recorder = MessageRecorder()
      let cause = Cause.subscription(SubscriptionID(rawValue: 3))
      let listener = interpreter(.hangUp, recorder, cause: cause)
      listener.start()
      kill(getpid(), SIGHUP)
      await recorder.waitForMessages(count: 1)
      listener.stop()
      #expect(recorder.messages(of: AppMessage.self) == [.signalReceived(.hangUp)])
      #expect(recorder.causes == [cause])
    }
  }

  @Test("each signal arrives as its own message", arguments: OSSignal.allCases)
  func eachSignal(signal: OSSignal) async {
    let number = [OSSignal.interrupt: SIGINT, .terminate: SIGTERM, .hangUp: SIGHUP][signal]!
    await SignalDisposition.whileIgnoring(number) {
      let recorder = MessageRecorder()
      let listener = interpreter(signal, recorder)
      listener.start()
      kill(getpid(), number)
      await recorder.waitForMessages(count: 1)
      listener.stop()
      #expect(recorder.messages(of: AppMessage.self) == [.signalReceived(signal)])
    }
  }

  @Test("stop restores the disposition that was in place before start: ignored")
  func stopRestores() async {
    await SignalDisposition.whileIgnoring(SIGHUP) {
      let listener = interpreter(.hangUp, MessageRecorder())
      listener.start()
      #expect(SignalDisposition.current(SIGHUP) != SignalDisposition.ignore)
      listener.stop()
      #expect(SignalDisposition.current(SIGHUP) == SignalDisposition.ignore)
    }
  }

  @Test("stop restores the disposition that was in place before start: the default action")
  func stopRestoresDefault() async {
    // No signal is sent here: with the default action, SIGHUP would end the test process.
    await SignalDisposition.with(nil, for: SIGHUP) {
      #expect(SignalDisposition.current(SIGHUP) == SignalDisposition.default)
      let listener = interpreter(.hangUp, MessageRecorder())
      listener.start()
      #expect(SignalDisposition.current(SIGHUP) != SignalDisposition.default)
      listener.stop()
      #expect(SignalDisposition.current(SIGHUP) == SignalDisposition.default)
    }
  }

  @Test("stop restores a handler installed before start, with its flags, and it hears the signal again")
  func stopRestoresCustomHandler() async {
    let handler = CustomHandler.shared
    await SignalDisposition.with(customHandler, for: SIGHUP, flags: SA_NODEFER) {
      let recorder = MessageRecorder()
      let listener = interpreter(.hangUp, recorder)
      listener.start()
      #expect(SignalDisposition.current(SIGHUP) != SignalDisposition.address(of: customHandler))
      #expect(SignalDisposition.flags(SIGHUP) & SA_NODEFER == 0)
      kill(getpid(), SIGHUP)
      await recorder.waitForMessages(count: 1)
      #expect(!handler.hasRun(waitingMilliseconds: 0), "the listener's handler took the signal")

      listener.stop()
      #expect(SignalDisposition.current(SIGHUP) == SignalDisposition.address(of: customHandler))
      #expect(SignalDisposition.flags(SIGHUP) & SA_NODEFER != 0)
      kill(getpid(), SIGHUP)
      #expect(handler.hasRun(waitingMilliseconds: 5000))
      #expect(recorder.messages.count == 1)
    }
  }

  @Test("two listeners for one signal, as two stores would have, both receive it")
  func twoListeners() async {
    await SignalDisposition.whileIgnoring(SIGHUP) {
      let first = MessageRecorder()
      let second = MessageRecorder()
      let listeners = [interpreter(.hangUp, first), interpreter(.hangUp, second)]
      for listener in listeners { listener.start() }
      kill(getpid(), SIGHUP)
      await first.waitForMessages(count: 1)
      await second.waitForMessages(count: 1)
      for listener in listeners { listener.stop() }
      #expect(first.messages(of: AppMessage.self) == [.signalReceived(.hangUp)])
      #expect(second.messages(of: AppMessage.self) == [.signalReceived(.hangUp)])
    }
  }

  @Test("a stopped listener hears nothing more; the handler stays until the last listener stops")
  func lastListenerRestores() async {
    await SignalDisposition.whileIgnoring(SIGHUP) {
      let stopped = MessageRecorder()
      let remaining = MessageRecorder()
      let early = interpreter(.hangUp, stopped)
      let late = interpreter(.hangUp, remaining)
      early.start()
      late.start()
      early.stop()
      #expect(SignalDisposition.current(SIGHUP) != SignalDisposition.ignore)
      kill(getpid(), SIGHUP)
      // Listeners hear a signal in the order they started, so `early` would have heard it first.
      await remaining.waitForMessages(count: 1)
      #expect(stopped.messages.isEmpty)
      late.stop()
      #expect(SignalDisposition.current(SIGHUP) == SignalDisposition.ignore)
    }
  }

  @Test("a listener started again after the disposition was restored still receives the signal")
  func restartAfterRestore() async {
    await SignalDisposition.whileIgnoring(SIGHUP) {
      for round in 1...3 {
        let recorder = MessageRecorder()
        let listener = interpreter(.hangUp, recorder)
        listener.start()
        kill(getpid(), SIGHUP)
        let arrived = await recorder.waitForMessages(count: 1)
        listener.stop()
        #expect(arrived, "round \(round)")
      }
    }
  }

  @Test("through a store: SIGHUP while the app listens reaches the App's updater, which says so")
  func throughAStore() async {
    await SignalDisposition.whileIgnoring(SIGHUP) {
      var model = AppModel()
      model.now = Date(timeIntervalSince1970: 1_795_348_800)
      let store = Store(
        model: model, updater: AppComposition.composition.updater, subscriptions: SystemSubscriptions())
      store.register(subscriptions: SignalSubscription.self, interpreter: SignalInterpreter.init)
      store.start()
      kill(getpid(), SIGHUP)
      let said = "SIGHUP: nobody is signed in; there is nothing to reload."
      await store.waitForModel { $0.ui.outbox.contains { $0.text == said } }
      store.shutDown()
      #expect(store.model.notifications.inbox.isEmpty)
    }
  }
}

// MARK: - A handler installed by someone else

/// The handler some other code installed before the app listened: it writes a byte into a pipe
/// (`write` is async-signal-safe), which the test reads to know that it ran.
private struct CustomHandler {
  /// Created before the handler is installed (the test reads it first), so the handler only ever
  /// reads an initialised global.
  static let shared = CustomHandler()

  let readEnd: Int32
  let writeEnd: Int32

  private init() {
    var ends: [Int32] = [-1, -1]
    _ = pipe(&ends)
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  /// Whether the handler ran (once more) within `milliseconds`; the wait ends as soon as it has.
  func hasRun(waitingMilliseconds milliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, milliseconds) == 1 else { return false }
    var byte: UInt8 = 0
    return read(readEnd, &byte, 1) == 1
  }
}

private func customHandler(_: Int32) {
  var byte: UInt8 = 1
  _ = write(CustomHandler.shared.writeEnd, &byte, 1)
}
