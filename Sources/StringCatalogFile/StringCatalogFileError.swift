/// Why a String Catalog cannot be used: the file, the key and the language, and what is wrong.
package struct StringCatalogFileError: Error, CustomStringConvertible, Equatable {
    package let description: String

    package init(_ description: String) { self.description = description }
}
