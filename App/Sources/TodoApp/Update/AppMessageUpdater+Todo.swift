import AuthenticationAPI
import Core
import Foundation
import NotificationsImpl
import TodoAPI

// The list's intents: commands of the to-do feature.
extension AppMessageUpdater {
  /// The intents that act on the list: they need a signed-in user and, mostly, an item.
  ///
  /// An intent that names numbers the page shown has no row for waits for the database to say what
  /// they name (``TodoAPI/TodoCommand/lookUp(_:owner:)``); its answer performs it
  /// (``performWaiting(_:in:)``).
  func todoCommand(for intent: UserIntent, at now: Date, in model: inout AppModel) -> [any Command] {
    guard let owner = signedInUser(in: &model) else { return [] }
    let numbers = intent.itemNumbers
    let names = model.names(of: numbers)
    let unknown = numbers.filter { names[$0] == nil }
    guard unknown.isEmpty else {
      model.ui.waiting = WaitingIntent(intent, at: now)
      var asked = Set<Int>()
      return [TodoCommand.lookUp(unknown.filter { asked.insert($0).inserted }, owner: owner)]
    }
    return todoCommand(for: intent, at: now, owner: owner, names: names, in: &model)
  }

  /// Deletes `items`, with one command, so that one undo brings them all back.
  func remove(_ items: [TodoItem], owner: UserID, in model: inout AppModel) -> [any Command] {
    for item in items { model.ui.removing[item.id] = item.title.text }
    return [TodoCommand.removeItems(items.map(\.id), owner: owner)]
  }

  /// Asks `clear-done`'s question, which waited for `done`, the first page of the done items: or,
  /// with none, runs it at once, as there is nothing to ask about.
  ///
  /// - Parameters:
  ///   - done: The database's answer to the command's ``TodoAPI/TodoCommand/peekPage(_:at:owner:)``.
  ///   - model: The model; its waiting command is forgotten.
  /// - Returns: The command's commands.
  func askClearDone(_ done: TodoPage, in model: inout AppModel) -> [any Command] {
    guard let waiting = model.ui.waiting, case .clearDone = waiting.intent else { return [] }
    model.ui.waiting = nil
    guard let owner = signedInUser(in: &model) else { return [] }
    guard let question = Confirmation.clearDoneQuestion(done) else {
      return [TodoCommand.clearCompleted(owner: owner)]
    }
    model.ui.question = question
    return []
  }

  /// Asks `undo`'s question, which waited for `preview`, what the undo would take back, when it
  /// would delete or put back more than one item (more than `rm` deletes without asking); or
  /// undoes at once.
  ///
  /// - Parameters:
  ///   - preview: The database's answer to the command's ``TodoAPI/TodoCommand/previewUndo(owner:)``.
  ///   - model: The model; its waiting command is forgotten.
  /// - Returns: The command's commands.
  func askUndo(_ preview: TodoUndoPreview?, in model: inout AppModel) -> [any Command] {
    guard let waiting = model.ui.waiting, waiting.intent == .undoAskingFirst else { return [] }
    model.ui.waiting = nil
    guard let owner = signedInUser(in: &model) else { return [] }
    // With nothing to undo, the undo itself says so.
    guard let preview, let question = Confirmation.undoQuestion(preview) else {
      return [TodoCommand.undo(owner: owner)]
    }
    model.ui.question = question
    return []
  }

  /// Performs the command that waited for `answers`, what the database says its numbers name.
  ///
  /// - Parameters:
  ///   - answers: The database's answer to the command's look-up.
  ///   - model: The model; its waiting command is performed once, and then forgotten.
  /// - Returns: The command's commands.
  func performWaiting(_ answers: [TodoNumberLookup], in model: inout AppModel) -> [any Command] {
    // Only a command on numbers waits for a look-up.
    guard let waiting = model.ui.waiting, !waiting.intent.itemNumbers.isEmpty else { return [] }
    model.ui.waiting = nil
    guard let owner = signedInUser(in: &model) else { return [] }
    let names = model.names(of: waiting.intent.itemNumbers, answers: answers)
    return todoCommand(for: waiting.intent, at: waiting.time, owner: owner, names: names, in: &model)
  }

  private func todoCommand(
    for intent: UserIntent, at now: Date, owner: UserID, names: ItemNames,
    in model: inout AppModel
  ) -> [any Command] {
    let commands = commands(for: intent, at: now, owner: owner, names: names, in: &model)
    // The lines for the results print the numbers typed, kept until then: the page's rows may be
    // gone by the time a result comes (the page's watch reads it again after the change, and an
    // item that no longer matches leaves it).
    if intent.changesNamedItems, !commands.isEmpty {
      for case (let number, .item(let item)) in names.named { model.ui.numbered[item.id] = number }
    }
    return commands
  }

  private func commands(
    for intent: UserIntent, at now: Date, owner: UserID, names: ItemNames,
    in model: inout AppModel
  ) -> [any Command] {
    switch intent {
    case .add(let typed):
      // The tags leave the title first: `add +home` has an empty title.
      let checked = TodoTag.split(typed).flatMap { split in
        TodoTitle.validate(split.title).map { ($0, split.tags) }
      }
      switch checked {
      case .success(let (title, tags)):
        return [TodoCommand.add(title: title, dueDate: nil, tags: tags, owner: owner)]
      case .failure(let failure):
        model.ui.fail(failure.description)
        return []
      }
    case .setDone(let position, let done):
      guard let item = item(at: position, names, in: &model) else { return [] }
      // Nothing to store, so no step for undo to spend.
      guard item.isDone != done else {
        model.ui.say("\(position). \(item.title) is already \(done ? "done" : "open"); nothing was changed.")
        return []
      }
      return [TodoCommand.setDone(item.id, done, owner: owner)]
    case .setDoneItems(let positions, let done):
      // Every position is checked first: a line that names a missing item changes nothing.
      var items: [(position: Int, item: TodoItem)] = []
      for position in positions {
        guard let item = item(at: position, names, in: &model) else { return [] }
        items.append((position, item))
      }
      for (position, item) in items where item.isDone == done {
        model.ui.say("\(position). \(item.title) is already \(done ? "done" : "open"); nothing was changed.")
      }
      return items.filter { $0.item.isDone != done }.map {
        TodoCommand.setDone($0.item.id, done, owner: owner)
      }
    case .rename(let position, let title):
      guard let item = item(at: position, names, in: &model) else { return [] }
      // `add`'s rules: a word that is a tag is no word of a title, where it would pass for a tag
      // that `list +x` does not find.
      switch TodoTag.split(title) {
      case .success(let split) where !split.tags.isEmpty:
        let tags = split.tags.map(\.description).joined(separator: " ")
        model.ui.fail(
          "\(tags) \(split.tags.count == 1 ? "is a tag" : "are tags"), not a word of a title: rename changes the "
            + "title only (tag \(position) \(tags) gives item \(position) the tag\(split.tags.count == 1 ? "" : "s"))."
        )
        return []
      case .failure(let failure):
        model.ui.fail(failure.description)
        return []
      case .success:
        break
      }
      switch TodoTitle.validate(title) {
      case .success(let title): return [TodoCommand.rename(item.id, title: title, owner: owner)]
      case .failure(let failure):
        model.ui.fail(failure.description)
        return []
      }
    case .remove(let position):
      guard let item = item(at: position, names, in: &model) else { return [] }
      model.ui.removing[item.id] = item.title.text
      return [TodoCommand.remove(item.id, owner: owner)]
    case .removeItems(let positions, let confirmed):
      // Every position is checked first: a line that names a missing item deletes nothing.
      var items: [TodoItem] = []
      for position in positions {
        guard let item = item(at: position, names, in: &model) else { return [] }
        items.append(item)
      }
      let rows = zip(positions, items).map { TodoPage.Row(number: $0, item: $1) }
      if !confirmed, let question = Confirmation.removalQuestion(rows) {
        model.ui.question = question
        return []
      }
      return remove(items, owner: owner, in: &model)
    case .due(let position, let spec):
      guard let item = item(at: position, names, in: &model) else { return [] }
      // A relative due date counts from the App's time, which the notifications feature has judged
      // up to: `due 1 in 0m` is then due at once, and posted in this step (not by an alarm that
      // rings later, after a sign-out perhaps). The App's clock keeps it within a second of the line.
      let time = model.now ?? now
      let date: Date? =
        switch spec {
        case .after(let seconds): time.addingTimeInterval(TimeInterval(seconds))
        case .at(let date): date
        case .onDay(let days, let minute): Self.time(minute, daysAfter: days, of: time, in: model.ui.timeZone)
        case .nextTime(let minute):
          Self.time(minute, daysAfter: 0, of: time, in: model.ui.timeZone).flatMap { today in
            today > time ? today : Self.time(minute, daysAfter: 1, of: time, in: model.ui.timeZone)
          }
        case .none: nil
        }
      let latest = time.addingTimeInterval(TimeInterval(TodoItem.latestDueInDays) * 86_400)
      if let date, date > latest {
        model.ui.fail(
          "due: \(Listing.format(date, in: model.ui.timeZone)) is more than \(TodoItem.latestDueInDays) days "
            + "(about ten years) ahead; nothing was changed.")
        return []
      }
      // Within the grace period the notifications feature still shows the reminder, at once.
      let grace = TimeInterval(NotificationsUpdater<AppModel>.gracePeriod.components.seconds)
      if let date, date < time.addingTimeInterval(-grace) {
        model.ui.warn(
          "\(Listing.format(date, in: model.ui.timeZone)) is already past: no reminder will come for it.")
      }
      return [TodoCommand.setDueDate(item.id, date, owner: owner)]
    case .clearDone(let confirmed):
      guard confirmed else {
        // The question names the done items: the database's first page of them says which, and
        // how many; the command waits for it (``askClearDone(_:in:)``).
        model.ui.waiting = WaitingIntent(intent, at: now)
        return [TodoCommand.peekPage(Confirmation.doneItemsNamed, at: now, owner: owner)]
      }
      return [TodoCommand.clearCompleted(owner: owner)]
    case .importCSV(let path, let again, let asks):
      guard model.todos.runningImport == nil else {
        model.ui.fail("An import is already running (import cancel stops it).")
        return []
      }
      if again {
        Self.startImport(path, again: true, in: &model)
        return []
      }
      // Whether the file was imported before, unchanged, decides: the answer starts the import, or
      // asks (a terminal) or refuses (a script) first.
      model.ui.importAsks = asks
      return [TodoCommand.checkImport(path: path, owner: owner)]
    case .cancelImport:
      guard model.todos.runningImport != nil else {
        model.ui.fail("No import is running.")
        return []
      }
      model.ui.say("Stopping the import after its current batch…")
      return stopImport(of: owner, in: &model)
    case .exportCSV(let path, _):
      return [TodoCommand.exportCSV(path: path, owner: owner)]
    case .setPriority(let position, let priority):
      guard let item = item(at: position, names, in: &model) else { return [] }
      return [TodoCommand.setPriority(item.id, priority, owner: owner)]
    case .undo, .undoAskingFirst:
      // An import stores its batches as one step in the making: undoing meanwhile would revert
      // part of it and leave the rest to land.
      guard model.todos.runningImport == nil else {
        model.ui.fail(TodoFailure.undoDuringImport.description)
        return []
      }
      guard intent == .undo else {
        // Whether to ask depends on the step: the database says what it would take back, and the
        // command waits for it (``askUndo(_:in:)``).
        model.ui.waiting = WaitingIntent(intent, at: now)
        return [TodoCommand.previewUndo(owner: owner)]
      }
      return [TodoCommand.undo(owner: owner)]
    case .tag(let position, let tags):
      guard let item = item(at: position, names, in: &model) else { return [] }
      // Checked here too, so the message names the item; the interpreter checks what it stores.
      if case .failure(let failure) = TodoTag.normalized(item.tags + tags) {
        model.ui.fail("\(position). \(item.title): \(failure.description)")
        return []
      }
      guard tags.contains(where: { !item.tags.contains($0) }) else {
        let names = tags.map(\.description).joined(separator: " ")
        model.ui.say("\(position). \(item.title) is already tagged \(names); nothing was changed.")
        return []
      }
      return [TodoCommand.addTags(item.id, tags, owner: owner)]
    case .untag(let position, let tags):
      guard let item = item(at: position, names, in: &model) else { return [] }
      let missing = tags.filter { !item.tags.contains($0) }
      guard missing.isEmpty else {
        let names = missing.map(\.description).joined(separator: " ")
        let lacks = missing.count == 1 ? "has no tag \(names)" : "has none of the tags \(names)"
        let has = item.tags.isEmpty ? "none" : "\(Listing.tagSuffix(item.tags).dropFirst())"
        model.ui.fail("\(position). \(item.title) \(lacks) (its tags: \(has)); nothing was changed.")
        return []
      }
      return [TodoCommand.removeTags(item.id, tags, owner: owner)]
    case .info(let position):
      guard let item = item(at: position, names, in: &model) else { return [] }
      for line in Listing.info(item, number: position, now: model.now ?? now, timeZone: model.ui.timeZone) {
        model.ui.say(line)
      }
      return []
    case .find(let words, let page, let pageSize):
      let search = TodoSearch(
        text: words, offset: pageSize.map { (page - 1) * $0 } ?? 0, limit: pageSize)
      return [TodoCommand.search(search, owner: owner)]
    case .help, .importHelp, .tagHelp, .undoHelp, .commandHelp, .register, .login, .logout, .list, .listPage,
      .notifications, .quit, .retiredSpelling:
      // Handled by `perform(_:at:in:)` before it asks here. Named, not left to a `default`, so that a
      // new intent does not compile until it is given a place.
      return []
    }
  }

  /// Starts the import of `path`, if none runs, and says so.
  ///
  /// - Parameter again: Whether to import a file imported before, unchanged since.
  static func startImport(_ path: String, again: Bool, in model: inout AppModel) {
    guard model.todos.startImport(path: path, again: again) != nil else {
      model.ui.fail("An import is already running (import cancel stops it).")
      return
    }
    model.ui.say("Importing \(path)…")
  }

  /// Stops `owner`'s running import, if any, says how far its last report got, and reloads the
  /// list unless the app is about to exit.
  ///
  /// Clearing the import from the model makes the store stop it, and the store drops what it sends
  /// from then on, so its end is told here, from its last progress report: a lower bound, since the
  /// batch under way when it stops is stored whole. The reload, which the database runs after the
  /// last batch, shows exactly what was stored; at exit (SIGINT, SIGTERM) it would only delay the
  /// exit by the time a whole list takes to load, so there is none.
  ///
  /// - Parameter reloading: Whether to reload the list (`import cancel`), or not (a signal).
  func stopImport(of owner: UserID, reloading: Bool = true, in model: inout AppModel) -> [any Command] {
    let progress = model.todos.importProgress
    guard let stopped = model.todos.stopImport() else { return [] }
    if let progress {
      let percent = Int((progress.fraction * 100).rounded(.down))
      model.ui.say(
        "Import of \(stopped.path) stopped at \(percent)% of the file: at least "
          + "\(Listing.counted(progress.imported, "row")) \(progress.imported == 1 ? "was" : "were") stored.")
    } else {
      model.ui.say("Import of \(stopped.path) stopped before its first report.")
    }
    model.ui.say("Importing the file again resumes after the last row stored.")
    guard reloading else { return [] }
    model.ui.say("Import cancelled; reloading the list to show what was stored.")
    model.todos.isLoading = true
    return [TodoCommand.load(owner)]
  }

  /// `minute` of the day (0 is midnight) `days` after the day of `time`, in `timeZone`.
  static func time(_ minute: Int, daysAfter days: Int, of time: Date, in timeZone: String) -> Date? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")!
    let day = calendar.startOfDay(for: time)
    return calendar.date(byAdding: .day, value: days, to: day).flatMap { start in
      calendar.date(bySettingHour: minute / 60, minute: minute % 60, second: 0, of: start)
    }
  }

  /// The item number `position` names, from `names` (``AppModel/names(of:)``), or `nil` after
  /// saying why there is none.
  private func item(
    at position: Int, _ names: ItemNames, in model: inout AppModel
  ) -> TodoItem? {
    switch names[position] ?? .unknown {
    case .item(let item):
      return item
    case .gone:
      model.ui.fail(
        "Item \(position) was deleted after the list was shown; nothing was changed (list shows the numbers now)."
      )
    case .unknown:
      // The database's count, read with its answer; the summary's if the answer has none (a
      // trace recorded before answers counted).
      switch names.listLength ?? model.todos.summary?.counts.total {
      case 0: model.ui.fail("There is no item \(position): the list is empty.")
      case let total?:
        model.ui.fail("There is no item \(position); the list has \(Listing.grouped(total)) (see list).")
      case nil: model.ui.fail("There is no item \(position) (see list).")
      }
    }
    return nil
  }
}
