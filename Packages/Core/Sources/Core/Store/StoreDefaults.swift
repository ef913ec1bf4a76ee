/// Defaults shared by both hosts of the loop.
enum StoreDefaults {
  static let maximumRunningCommands = 1_024
}
