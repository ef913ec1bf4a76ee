public import Core
public import Foundation

/// The App's System messages: what the App's clock tells the model.
///
/// The App owns the model's time (``AppModel/now``): its clock's subscription (``TickSubscription``)
/// moves it every second, and the features that need the time read it through a key path. No
/// feature sends this message; a trace replays it like any other.
public enum SystemMessage: Message, Hashable, Codable {
  /// The current time, sent every second by the App's clock (``TickRunner``). It moves
  /// ``AppModel/now`` forward, never back.
  case clockTicked(Date)
}
