import Core
import CoreTesting
import Testing

@Suite("MessageRecorder")
struct MessageRecorderTests {
  @Test("records messages and causes from any thread, in order")
  func records() async {
    let recorder = MessageRecorder()
    let dispatch = recorder.dispatch(cause: .subscription(SubscriptionID(rawValue: 4)))
    await Task.detached {
      dispatch(CounterMessage.increment)
      dispatch(CounterMessage.saved(2))
    }.value
    #expect(recorder.messages(of: CounterMessage.self) == [.increment, .saved(2)])
    #expect(recorder.causes == Array(repeating: .subscription(SubscriptionID(rawValue: 4)), count: 2))
  }

  @Test("interpret runs an interpreter on its own and records what it sends")
  func interpret() async throws {
    let recorder = MessageRecorder()
    try await recorder.interpret(CounterCommand.persist(3), with: echoPersist)
    #expect(recorder.messages(of: CounterMessage.self) == [.saved(3)])
  }

  @Test("waitForMessages returns as soon as the messages arrive, and fails after its timeout")
  func waiting() async {
    let recorder = MessageRecorder()
    let dispatch = recorder.dispatch()
    Task.detached { dispatch(CounterMessage.increment) }
    #expect(await recorder.waitForMessages(count: 1))
    await withKnownIssue {
      #expect(await !recorder.waitForMessages(count: 2, timeout: .milliseconds(50)))
    }
  }
}
