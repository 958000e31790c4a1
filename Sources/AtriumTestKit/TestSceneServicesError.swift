/// A view-model test asked for a use case it did not provide.
public enum TestSceneServicesError: Error, CustomStringConvertible {
    case noFactory(String)

    public var description: String {
        switch self {
        case .noFactory(let type): "the test gave no factory for \(type); pass one to TestSceneServices"
        }
    }
}
