import Core
import CoreTesting
import Synchronization
import Testing

private struct Chain: Equatable, Sendable {
  var log: [String] = []
}

private enum Step: Message, Equatable {
  case start, middle, end, after
  case blockForever
}

private enum Job: Command, Equatable {
  case first, second, waitsForMiddle, blocks
}

private struct ChainUpdater: TypedUpdater {
  func update(_ model: inout Chain, message: Step) -> [any Command] {
    model.log.append("\(message)")
    switch message {
    case .start: return [Job.first]
    case .middle: return [Job.second]
    case .blockForever: return [Job.blocks]
    case .end, .after: return []
    }
  }
}

@Suite("Awaiting a message's consequences")
@MainActor
struct SentMessageTests {
  @Test("finish() returns after the message's commands and their messages' commands have finished")
  func transitive() async {
    let store = Store(model: Chain(), updater: ChainUpdater())
    store.register(
      FunctionInterpreter(for: Job.self) { job, dispatch in
        for _ in 0..<3 { await Task.yield() }
        switch job {
        case .first: dispatch(Step.middle)
        case .second: dispatch(Step.end)
        default: break
        }
      })
    await store.send(Step.start).finish()
    #expect(store.model.log == ["start", "middle", "end"])
  }

  @Test("a message without commands is finished when send returns")
  func noCommands() async {
    let store = Store(model: Chain(), updater: ChainUpdater())
    await store.send(Step.end).finish()
    #expect(store.model.log == ["end"])
  }

  @Test("an interpreter can await a message it dispatched: that tree does not contain its command")
  func fromInsideAnInterpreter() async {
    let updater = FunctionUpdater<Chain>(handling: Step.self) { model, message in
      model.log.append("\(message)")
      switch message {
      case .start: return [Job.waitsForMiddle]
      case .middle: return [Job.second]
      default: return []
      }
    }
    let store = Store(model: Chain(), updater: updater)
    store.register(
      FunctionInterpreter(for: Job.self) { job, dispatch in
        switch job {
        case .waitsForMiddle:
          await dispatch(Step.middle).finish()
          dispatch(Step.after)
        case .second:
          for _ in 0..<5 { await Task.yield() }
          dispatch(Step.end)
        default: break
        }
      })
    await store.send(Step.start).finish()
    #expect(store.model.log == ["start", "middle", "end", "after"])
  }

  @Test("cancelling the waiting task stops the wait, not the command")
  func cancellation() async {
    let store = Store(model: Chain(), updater: ChainUpdater())
    let (entered, enter) = AsyncStream.makeStream(of: Void.self)
    let cancelled = Mutex(false)
    store.register(
      FunctionInterpreter(for: Job.self) { _, _ in
        enter.yield()
        await withTaskCancellationHandler {
          for await _ in AsyncStream<Void>.makeStream().stream {}
        } onCancel: {
          cancelled.withLock { $0 = true }
        }
      })
    let handle = store.send(Step.blockForever)
    var iterator = entered.makeAsyncIterator()
    _ = await iterator.next()
    let waiter = Task { await handle.finish() }
    waiter.cancel()
    await waiter.value
    #expect(!cancelled.withLock { $0 })
    store.shutDown()
  }

  @Test("after shutDown, finish() returns at once")
  func shutdownCompletes() async {
    let store = Store(model: Chain(), updater: ChainUpdater())
    store.register(
      FunctionInterpreter(for: Job.self) { _, _ in
        for await _ in AsyncStream<Void>.makeStream().stream {}
      })
    let handle = store.send(Step.blockForever)
    store.shutDown()
    await handle.finish()
  }

  @Test("after shutDown, finish() returns though the command ignores cancellation")
  func shutdownCompletesWhileTheCommandRuns() async {
    let store = Store(model: Chain(), updater: ChainUpdater())
    let parked = Mutex<CheckedContinuation<Void, Never>?>(nil)
    let (entered, enter) = AsyncStream.makeStream(of: Void.self)
    store.register(
      FunctionInterpreter(for: Job.self) { _, _ in
        // Never resumed until the test ends, cancelled or not.
        await withCheckedContinuation { continuation in
          parked.withLock { $0 = continuation }
          enter.yield()
        }
      })
    let handle = store.send(Step.blockForever)
    var iterator = entered.makeAsyncIterator()
    _ = await iterator.next()
    store.shutDown()
    let returned = await waitWithTimeout(.seconds(10)) { resume in
      Task {
        await handle.finish()
        resume(true)
      }
    }
    #expect(returned)
    parked.withLock { $0?.resume() }
  }

  @Test("settle() from inside an interpreter stops with a message instead of hanging")
  func settleInsideAnInterpreter() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let store = Store(model: Chain(), updater: ChainUpdater())
        store.register(
          FunctionInterpreter(for: Job.self) { [store] _, _ in
            await store.settle()
          })
        store.send(Step.start)
      }
      // The interpreter traps; nothing else ends this process.
      for await _ in AsyncStream<Void>.makeStream().stream {}
    }
  }
}

@Suite("Awaiting a message's consequences, started late")
@MainActor
struct SentMessageLateWaitTests {
  /// Waits until `store` keeps a record of an awaited tree. `finish()` is nonisolated: a waiter
  /// started on the main actor hops off it and back before its wait is registered, so one turn of
  /// the main actor is not enough (a test that checked after one failed under load). The deadline
  /// only turns a wait that is never registered into a failure; the loop ends the moment it is.
  private func untilAwaited(_ store: Store<Chain>) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while store.loop.consequenceRecordCount == 0 {
      guard ContinuousClock.now < deadline else { return false }
      await Task.yield()
    }
    return true
  }

  /// A store whose `.first` command waits for `gate` before it continues the chain.
  private func gatedStore() -> (Store<Chain>, entered: AsyncStream<Void>, gate: Gate) {
    let store = Store(model: Chain(), updater: ChainUpdater())
    let (entered, enter) = AsyncStream.makeStream(of: Void.self)
    let gate = Gate()
    store.register(
      FunctionInterpreter(for: Job.self) { job, dispatch in
        switch job {
        case .first:
          enter.yield()
          await gate.wait()
          dispatch(Step.middle)
        case .second: dispatch(Step.end)
        default: break
        }
      })
    return (store, entered, gate)
  }

  @Test("a handle from another task, awaited after its message was processed, waits for its commands")
  func queuedThenProcessedThenAwaited() async {
    let (store, entered, gate) = gatedStore()
    let handle = await Task.detached { store.queue(Step.start) }.value
    var iterator = entered.makeAsyncIterator()
    _ = await iterator.next()
    #expect(store.model.log == ["start"])
    let waiter = Task { @MainActor in
      await handle.finish()
      return store.model.log
    }
    // The waiter waits before the gate opens, so it is its wait that is tested.
    #expect(await untilAwaited(store))
    await gate.open()
    #expect(await waiter.value == ["start", "middle", "end"])
  }

  @Test("a handle from send, awaited after its commands started, waits for the whole tree")
  func sentThenAwaited() async {
    let (store, entered, gate) = gatedStore()
    let handle = store.send(Step.start)
    var iterator = entered.makeAsyncIterator()
    _ = await iterator.next()
    let waiter = Task { @MainActor in
      await handle.finish()
      return store.model.log
    }
    #expect(await untilAwaited(store))
    await gate.open()
    #expect(await waiter.value == ["start", "middle", "end"])
  }

  @Test("handles nobody awaits leave no record in the store")
  func noRecordWithoutWaiters() async {
    let (store, entered, gate) = gatedStore()
    for _ in 0..<1_000 { store.send(Step.start) }
    for _ in 0..<1_000 { _ = await Task.detached { store.queue(Step.start) }.value }
    var iterator = entered.makeAsyncIterator()
    _ = await iterator.next()
    #expect(store.loop.consequenceRecordCount == 0)
    let handle = store.send(Step.start)
    let waiter = Task { @MainActor in await handle.finish() }
    #expect(await untilAwaited(store))
    #expect(store.loop.consequenceRecordCount == 1)
    await gate.open()
    await waiter.value
    await store.settle()
    #expect(store.loop.consequenceRecordCount == 0)
  }
}
