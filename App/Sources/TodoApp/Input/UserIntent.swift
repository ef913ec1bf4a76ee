public import AuthenticationAPI
public import Foundation
public import TodoAPI

/// What the user asked for, parsed from one line of input.
///
/// Passwords are `Secret`s: an intent can be traced and replayed without the password ever
/// appearing. An intent says what it still needs before it runs: a password the terminal asks for
/// (`register` and `login` with none), or the answer yes to a question (`clear-done` and `rm` of
/// several items, not `confirmed`); the app's updater holds it as the model's
/// ``UIModel/question`` until the ``Answer`` comes.
public enum UserIntent: Equatable, Sendable, Codable {
  /// Show the commands.
  case help
  /// Show the CSV format that `import` reads (`help import`).
  case importHelp
  /// Show how tags are written (`help tag`, `help add`).
  case tagHelp
  /// Show what `undo` reverts and what it cannot (`help undo`).
  case undoHelp
  /// Show one command's lines of `help` (`help done`): the command's name, as ``CommandTable``
  /// lists it.
  case commandHelp(String)
  /// Create an account. Without a password (`register NAME` at a terminal) the app checks that the
  /// name is free, then asks for the password twice without showing it. `shown` when the password
  /// was typed on the line at a terminal, where it shows on screen: the app warns.
  case register(username: String, password: Password?, shown: Bool = false)
  /// Sign in. Without a password (`login NAME` at a terminal) the app asks for it without showing
  /// it; `shown` as for ``register(username:password:shown:)``.
  case login(username: String, password: Password?, shown: Bool = false)
  /// Sign out.
  case logout
  /// Add an item; the words of `title` that are tags (`+home`) become its tags (``TodoTag/split(_:)``).
  case add(title: String)
  /// Show every item that passes the filter and the tags (`list` in a script, `list --all`
  /// anywhere).
  case list(ListFilter, tags: TagFilter = TagFilter())
  /// Show the counts of the items, then one page of those that pass the filter and the tags (`list`
  /// at a terminal, `list --page N` anywhere); pages are numbered from 1.
  case listPage(ListFilter, tags: TagFilter = TagFilter(), page: Int, pageSize: Int)
  /// Mark the item at a 1-based position done (`true`) or open (`false`).
  case setDone(position: Int, Bool)
  /// Mark the items at several positions (`done 1 3-5`) done or open, as numbered in the list;
  /// each changed item is a step of its own for `undo`.
  case setDoneItems(positions: [Int], Bool)
  /// Rename the item at a position.
  case rename(position: Int, title: String)
  /// Delete the item at a position.
  case remove(position: Int)
  /// Delete the items at several positions (`rm 1 3 5-9`), as numbered in the list before any of
  /// them is deleted; unless `confirmed` (in a script, or `--yes`), only once the user answers yes.
  case removeItems(positions: [Int], confirmed: Bool = true)
  /// Set or clear the due date of the item at a position.
  case due(position: Int, DueSpec)
  /// Delete the done items; unless `confirmed` (in a script, or `--yes`), only once the user
  /// answers yes.
  case clearDone(confirmed: Bool = true)
  /// Import a CSV file (absolute path). A file imported to its end before, unchanged since, is
  /// imported again only with `again` (`import --again FILE`); without it the app asks first when
  /// it `asks` (at a terminal), and refuses otherwise (in a script).
  case importCSV(path: String, again: Bool = false, asks: Bool = false)
  /// Cancel the running import.
  case cancelImport
  /// Export to a CSV file (absolute path); `replacing` when the user allowed an existing file to be
  /// replaced (`export --force`). The session refuses the export before it reaches the updater if
  /// the file exists without it, or lies in the data folder.
  case exportCSV(path: String, replacing: Bool)
  /// Show or manage the notifications inbox.
  case notifications(InboxAction)
  /// Leave the app.
  case quit
  /// Find the items whose titles hold every word, best match first: page `page` (from 1) of
  /// `pageSize` matches (`find milk` at a terminal, `find milk --page 2` anywhere), or every match
  /// when `pageSize` is `nil` (`find milk` in a script, `find milk --all` anywhere).
  case find(words: String, page: Int, pageSize: Int?)
  /// Show every field of the item at a 1-based position (`info 3`).
  case info(position: Int)
  /// Set the priority of the item at a 1-based position (`pri 3 high`).
  case setPriority(position: Int, TodoPriority)
  /// Give the item at a 1-based position these tags, beside its own (`tag 3 +work`).
  case tag(position: Int, [TodoTag])
  /// Take these tags from the item at a 1-based position (`untag 3 +work`); each must be one of its
  /// tags.
  case untag(position: Int, [TodoTag])
  /// Revert the signed-in user's last change (`undo` in a script, `undo --yes` at a terminal) at
  /// once; each `undo` goes one change further back.
  case undo
  /// `undo` at a terminal: as ``undo``, but an undo that would delete or put back more than one
  /// item asks first, naming the change. (A case of its own, so that a trace recorded before the
  /// question, whose `undo` ran at once, reads the same.)
  case undoAskingFirst
  /// A command typed in a spelling that is being retired (`undo N`, now `reopen N`): the app shows
  /// `notice`, then does `intent`.
  indirect case retiredSpelling(UserIntent, notice: String)
}

/// A due date as typed: relative to the moment the line was read, absolute, or none.
public enum DueSpec: Hashable, Sendable, Codable {
  /// This long after the line was read.
  case after(seconds: Int)
  /// At this time.
  case at(Date)
  /// At `minute` of the day (0 is midnight) `days` after the line's day, in the app's time zone:
  /// `today 18:00`, `tomorrow` (9:00).
  case onDay(days: Int, minute: Int)
  /// At `minute` of the day (0 is midnight), the next time it comes: `10:00` is today's if it has
  /// not passed when the line is read, else tomorrow's.
  case nextTime(minute: Int)
  /// Remove the due date.
  case none
}

/// What to do with the notifications inbox.
public enum InboxAction: Hashable, Sendable, Codable {
  /// Show the inbox.
  case show
  /// Mark the notification at a 1-based position read.
  case read(position: Int)
  /// Remove the notification at a position.
  case dismiss(position: Int)
  /// Empty the inbox.
  case clear
}
