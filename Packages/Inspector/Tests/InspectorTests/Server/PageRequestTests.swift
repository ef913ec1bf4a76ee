import Core
import HummingbirdWebSocket
import Synchronization
import Testing

@testable import Inspector

@Suite("PageRequest")
struct PageRequestTests {
  /// The messages a dispatch was handed, in order.
  private final class Sent: Sendable {
    let messages = Mutex<[CounterMessage]>([])
    var dispatch: Dispatch {
      Dispatch { [self] message, _ in
        if let counter = message as? CounterMessage { messages.withLock { $0.append(counter) } }
      }
    }
  }

  private func requests(_ sent: Sent) -> PageRequest {
    PageRequest(
      inspectable: [InspectableMessage(CounterMessage.self)], dispatch: sent.dispatch, travel: { _ in })
  }

  // The server queues the answer, then sends the message: a page hears `sent` before the
  // message's line. When the request sent the message itself, before the server queued `sent`,
  // the line could come first, and a page (or test) waiting for `sent` skipped it.
  @Test("a send is answered with sent and the decoded message, and sends nothing itself")
  func sendLeavesTheMessageToTheServer() async {
    let sent = Sent()
    let answer = await requests(sent).answer(
      to: .text(
        #"{"request":"send","id":3,"type":"InspectorTests.CounterMessage","json":"{\"add\":{\"_0\":5}}"}"#))
    #expect(answer.reply == #"{"inspector":"sent","type":"InspectorTests.CounterMessage","id":3}"#)
    #expect(answer.message as? CounterMessage == .add(5))
    #expect(sent.messages.withLock { $0 }.isEmpty)
  }

  @Test("a ping is answered and sends nothing; a bad send is an error with no message")
  func otherRequestsSendNothing() async {
    let sent = Sent()
    let pong = await requests(sent).answer(to: .text(#"{"request":"ping","id":1}"#))
    #expect(pong.reply == #"{"inspector":"pong","id":1}"#)
    #expect(pong.message == nil)
    let bad = await requests(sent).answer(
      to: .text(#"{"request":"send","type":"InspectorTests.CounterMessage","json":"{nope"}"#))
    #expect(bad.reply?.hasPrefix(#"{"inspector":"error""#) == true)
    #expect(bad.message == nil)
    #expect(sent.messages.withLock { $0 }.isEmpty)
  }
}
