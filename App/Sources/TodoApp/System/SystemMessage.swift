public import Core
public import Foundation

/// The App's System messages: what the App's clock tells the model.
///
/// The App owns the model's time (``AppModel/now``): it decides when "now" is (at launch, with
/// every line the user types, at each countdown tick), and the features that need the time read it
/// through a key path. No feature sends this message; a trace replays it like any other.
public enum SystemMessage: Message, Hashable, Codable {
  /// The current time, sent by the App at launch and before each line it reads, and every second by
  /// the countdown tick (``TickRunner``). It moves ``AppModel/now`` forward, never back.
  case clockTicked(Date)
}
