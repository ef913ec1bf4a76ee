struct Boom: Error, CustomStringConvertible {
  var description: String { "boom" }
}
