/// Finds the cycles among local packages: one per strongly connected component, as the shortest
/// cycle through the component's alphabetically first package.
struct CycleFinder {
  let graph: PackageGraph

  /// The cycles, each from a package back to itself (`[A, B, A]`), ordered by their first package.
  func cycles() -> [[String]] {
    components().compactMap(shortestCycle).sorted { $0.lexicographicallyPrecedes($1) }
  }

  private func successors(of name: String) -> [String] {
    graph.dependencies(of: name).sorted()
  }

  /// Tarjan's strongly connected components, as sets of package names.
  private func components() -> [Set<String>] {
    var index: [String: Int] = [:]
    var lowLink: [String: Int] = [:]
    var stack: [String] = []
    var onStack: Set<String> = []
    var components: [Set<String>] = []

    func visit(_ name: String) {
      index[name] = index.count
      lowLink[name] = index[name]
      stack.append(name)
      onStack.insert(name)
      for next in successors(of: name) {
        if index[next] == nil {
          visit(next)
          lowLink[name] = min(lowLink[name]!, lowLink[next]!)
        } else if onStack.contains(next) {
          lowLink[name] = min(lowLink[name]!, index[next]!)
        }
      }
      guard lowLink[name] == index[name] else { return }
      var component: Set<String> = []
      while let top = stack.popLast() {
        onStack.remove(top)
        component.insert(top)
        if top == name { break }
      }
      components.append(component)
    }

    for package in graph.packages.map(\.name).sorted() where index[package] == nil {
      visit(package)
    }
    return components
  }

  /// The shortest cycle within `component` through its first package, or `nil` if it has none
  /// (a single package that does not depend on itself).
  private func shortestCycle(in component: Set<String>) -> [String]? {
    guard let start = component.min() else { return nil }
    var previous: [String: String] = [:]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let name = queue[head]
      head += 1
      for next in successors(of: name) where component.contains(next) {
        if next == start {
          var path = [name]
          while let before = previous[path[0]] { path.insert(before, at: 0) }
          return path + [start]
        }
        if previous[next] == nil, next != start {
          previous[next] = name
          queue.append(next)
        }
      }
    }
    return nil
  }
}
