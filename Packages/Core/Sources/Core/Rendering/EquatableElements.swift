/// A collection whose elements compare with `==`: Tracing's model diff walks such a collection with
/// its elements' `==` instead of `Mirror`. Declared in Core, so that ``TypeTraits`` remembers the
/// conformance with the other traits.
package protocol EquatableElements {}

extension Array: EquatableElements where Element: Equatable {}

extension Dictionary: EquatableElements where Value: Equatable {}
