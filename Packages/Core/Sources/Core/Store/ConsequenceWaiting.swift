/// A store that can wait for the consequences of a message it processed.
protocol ConsequenceWaiting: AnyObject, Sendable {
  func waitForConsequences(of id: MessageID) async
}
