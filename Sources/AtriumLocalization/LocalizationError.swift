/// A catalog or a language setting the host cannot use, with what is wrong in words an operator or
/// a module author can act on.
package struct LocalizationError: Error, CustomStringConvertible, Equatable {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
