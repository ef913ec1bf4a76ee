import Testing

/// Every end-to-end suite, run one test at a time. Tests that spawn processes concurrently leak pipe
/// descriptors into each other's children (a child inherits whatever the parent has open at the
/// moment it starts); a long-lived child such as the tmux server would then keep another test's
/// pipe open and that test would never read to its end.
@Suite("End to end", .serialized)
enum EndToEnd {}
