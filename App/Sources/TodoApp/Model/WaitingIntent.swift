public import Foundation
import TodoAPI

/// A command that waits for the database: a command on numbered items, for what numbers the page
/// shown has no row for name (``TodoAPI/TodoCommand/lookUp(_:owner:)``, whose answer
/// ``TodoAPI/TodoMessage/lookedUp(_:owner:)`` performs it, at the time it was typed); or
/// `clear-done` at a terminal, for the done items its question names
/// (``TodoAPI/TodoCommand/peekPage(_:at:owner:)``, answered by
/// ``TodoAPI/TodoMessage/pagePeeked(_:at:owner:)``); or `undo` at a terminal, for what it would
/// take back (``TodoAPI/TodoCommand/previewUndo(owner:)``, answered by
/// ``TodoAPI/TodoMessage/undoPreviewed(_:owner:)``). The session sends its next line only once a
/// line's work has settled, so one command waits at a time.
public struct WaitingIntent: Hashable, Sendable, Codable {
  /// The command, as typed.
  public var intent: UserIntent
  /// When it was typed.
  public var time: Date

  /// Creates a command that waits.
  ///
  /// - Parameters:
  ///   - intent: The command, as typed.
  ///   - time: When it was typed.
  public init(_ intent: UserIntent, at time: Date) {
    self.intent = intent
    self.time = time
  }

  /// Hashes the time and the item numbers: a password in an intent is a `Secret`, which is not
  /// hashable, so the intent is not hashed whole. Equal values still hash alike.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(time)
    hasher.combine(intent.itemNumbers)
  }
}

extension UserIntent {
  /// Whether the command changes the items it names, each in a result printed with its number
  /// (`done 3`: `Done 3. …`); `rm` prints titles, `info` no result.
  var changesNamedItems: Bool {
    switch self {
    case .setDone, .setDoneItems, .rename, .due, .setPriority, .tag, .untag: true
    default: false
    }
  }

  /// The item numbers the command names, in the order typed: those `done 3` or `rm 2-4` act on.
  var itemNumbers: [Int] {
    switch self {
    case .setDone(let position, _), .rename(let position, _), .remove(let position), .due(let position, _),
      .setPriority(let position, _), .tag(let position, _), .untag(let position, _), .info(let position):
      [position]
    case .setDoneItems(let positions, _), .removeItems(let positions, _):
      positions
    default:
      []
    }
  }
}

/// What the numbers of a line name, as far as the app knows (``AppModel/names(of:answers:)``).
struct ItemNames {
  /// What each number names; a number missing here must be looked up in the database.
  var named: [Int: TodoNumberLookup.Named] = [:]
  /// How many items the list held when the database said a number names nothing: what the line's
  /// failure says the list has. `nil` when no answer said so.
  var listLength: Int?

  /// What `number` names, or `nil` if the app does not know.
  subscript(number: Int) -> TodoNumberLookup.Named? { named[number] }
}

extension AppModel {
  /// What each of `numbers` names, as far as the app knows: the page shown's rows, then `answers`,
  /// what the database said of the numbers the page has no row for. The database keeps what numbers
  /// mean (TodoImpl's `TodoNumbering`), before any listing too.
  ///
  /// - Parameters:
  ///   - numbers: Item numbers, as typed.
  ///   - answers: The database's answer to a look-up of some of them, if one came.
  /// - Returns: What each names; a number missing from it must be looked up in the database.
  func names(of numbers: [Int], answers: [TodoNumberLookup] = []) -> ItemNames {
    guard !numbers.isEmpty else { return ItemNames() }
    let shown = Dictionary((todos.page?.rows ?? []).map { ($0.number, $0.item) }) { first, _ in first }
    let answered = Dictionary(answers.map { ($0.number, $0.named) }) { first, _ in first }
    var names = ItemNames(listLength: answers.lazy.compactMap(\.listLength).first)
    for number in numbers {
      names.named[number] = shown[number].map(TodoNumberLookup.Named.item) ?? answered[number]
    }
    return names
  }
}
