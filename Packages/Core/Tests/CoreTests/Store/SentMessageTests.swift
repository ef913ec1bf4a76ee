import Core
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
