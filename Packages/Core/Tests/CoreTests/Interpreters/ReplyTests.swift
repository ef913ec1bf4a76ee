import Core
import Testing

private struct Offline: Error, Equatable {}

private enum LookupMessage: Message, Equatable {
  case found(Int)
  case failed
}

private let lookup = Reply<Int> { result in
  switch result {
  case .success(let value): LookupMessage.found(value)
  case .failure: LookupMessage.failed
  }
}

@Suite("Reply")
struct ReplyTests {
  @Test("a reply builds the message for a success and for a failure")
  func builds() {
    #expect(lookup.message(for: .success(7)) as? LookupMessage == .found(7))
    #expect(lookup.message(for: .failure(Offline())) as? LookupMessage == .failed)
  }

  @Test("message(after:) maps the work's value, or the error it throws")
  func after() async {
    #expect(await lookup.message { 3 } as? LookupMessage == .found(3))
    #expect(await lookup.message { throw Offline() } as? LookupMessage == .failed)
  }

  @Test("inspected without its payload type, it applies samples of its payload type and every failure")
  func inspected() {
    let reply: any InspectableReply = lookup
    #expect(ObjectIdentifier(reply.payloadType) == ObjectIdentifier(Int.self))
    #expect(reply.message(forSample: .success(5)) as? LookupMessage == .found(5))
    #expect(reply.message(forSample: .success("five")) == nil)
    #expect(reply.message(forSample: .failure(Offline())) as? LookupMessage == .failed)
  }

  @Test("a reply whose closure builds messages of several types")
  func anyMessage() {
    struct Other: Message {}
    let reply = Reply<Int>(any: { result -> any Message in
      if case .success = result { LookupMessage.found(1) } else { Other() }
    })
    #expect(reply.message(for: .failure(Offline())) is Other)
    #expect(reply.message(for: .success(0)) as? LookupMessage == .found(1))
  }
}
