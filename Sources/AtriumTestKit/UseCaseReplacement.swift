@_spi(AtriumHost) import AtriumSDK

/// A test's stand-in for a module's use case.
public struct UseCaseReplacement: Sendable {
    let type: ObjectIdentifier
    let factory: UseCaseFactory

    public init<UseCase: Sendable>(_ type: UseCase.Type, make: @escaping @Sendable (SceneContext) throws -> UseCase) {
        self.type = ObjectIdentifier(type)
        self.factory = UseCaseFactory(typeName: String(describing: type), lifetime: .perRequest, make: { try make($0) })
    }
}
