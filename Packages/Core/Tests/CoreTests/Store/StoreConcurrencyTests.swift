import Core
import Testing

@Suite("Store concurrency")
@MainActor
struct StoreConcurrencyTests {
  @Test("100 tasks sending 10,000 messages each: exactly 1,000,000 applied, each sender's in order")
  func millionMessages() async {
    let store = Store(model: OrderTally(), updater: OrderTallyUpdater())
    let dispatch = store.queue
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<100 {
        group.addTask {
          for sequence in 0..<10_000 { dispatch(Sequenced(sender: sender, sequence: sequence)) }
        }
      }
    }
    await store.settle()
    #expect(store.model.applied == 1_000_000)
    #expect(store.model.outOfOrder == 0)
    #expect(store.model.lastSequence.count == 100)
    #expect(store.model.lastSequence.values.allSatisfy { $0 == 9_999 })
  }

  @Test("messages awaited from other tasks and sent on the actor interleave without loss")
  func mixedSenders() async {
    let store = Store(model: OrderTally(), updater: OrderTallyUpdater())
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<10 {
        group.addTask {
          for sequence in 0..<1_000 { await store.send(Sequenced(sender: sender, sequence: sequence)) }
        }
      }
      for sequence in 0..<1_000 { store.send(Sequenced(sender: 99, sequence: sequence)) }
    }
    await store.settle()
    #expect(store.model.applied == 11_000)
    #expect(store.model.outOfOrder == 0)
  }

  @Test("a message from another task that arrived first is processed before a later send on the actor")
  func arrivalOrderAcrossTheMailbox() async {
    let store = Store(model: OrderTally(), updater: OrderTallyUpdater())
    let dispatch = store.queue
    // Posted from another task and fully enqueued (the task has returned) before the send below.
    _ = await Task.detached { dispatch(Sequenced(sender: 1, sequence: 0)) }.value
    store.send(Sequenced(sender: 1, sequence: 1))
    #expect(store.model.applied == 2)
    #expect(store.model.outOfOrder == 0)
  }
}
