import Core

/// A subscription with an identity (`key`) and a parameter: a different `parameter` is a different
/// subscription.
struct Probe: Subscription, CustomStringConvertible {
  let key: Int
  let parameter: Int

  var description: String { "Probe(\(key), \(parameter))" }
}

/// The model says which probes should run.
struct Wanted: Sendable {
  var probes: [Probe] = []
}

struct Want: Message {
  let probes: [Probe]
}

struct WantUpdater: TypedUpdater {
  func update(_ model: inout Wanted, message: Want) -> [any Command] {
    model.probes = message.probes
    return []
  }
}

let wantedProbes = FunctionSubscriptionProvider<Wanted> { model, _ in model.probes }

/// Records every start and stop of every interpreter instance, to check lifetimes.
@MainActor
final class Lifetimes {
  struct Event: Equatable {
    let instance: Int
    let probe: Probe
    let kind: Kind
    enum Kind { case start, stop }
  }

  var events: [Event] = []
  var instances: [WeakInterpreter] = []

  func make(_ probe: Probe) -> ProbeInterpreter {
    let interpreter = ProbeInterpreter(instance: instances.count, probe: probe, lifetimes: self)
    instances.append(WeakInterpreter(interpreter))
    return interpreter
  }

  var startCount: Int { events.count { $0.kind == .start } }
  var stopCount: Int { events.count { $0.kind == .stop } }
}

@MainActor
final class WeakInterpreter {
  weak var interpreter: ProbeInterpreter?
  init(_ interpreter: ProbeInterpreter) { self.interpreter = interpreter }
}

@MainActor
final class ProbeInterpreter: SubscriptionInterpreter {
  let instance: Int
  let probe: Probe
  unowned let lifetimes: Lifetimes

  init(instance: Int, probe: Probe, lifetimes: Lifetimes) {
    self.instance = instance
    self.probe = probe
    self.lifetimes = lifetimes
  }

  func start() { lifetimes.events.append(.init(instance: instance, probe: probe, kind: .start)) }
  func stop() { lifetimes.events.append(.init(instance: instance, probe: probe, kind: .stop)) }
}
