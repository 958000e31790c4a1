/// A scene asked for a use case no module registered a factory for.
struct UnregisteredUseCase: Error, CustomStringConvertible {
    var typeName: String
    var description: String { "no factory is registered for the use case \(typeName)" }
}
