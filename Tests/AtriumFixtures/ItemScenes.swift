import AtriumSDK
import Foundation
import Synchronization

struct ItemNumber: RouteParameters {
    var id: Int
}

struct TagName: RouteParameters {
    var tag: String
}

/// A page with a typed parameter.
struct ItemScene: Scene {
    static let id = "item"
    static let title: Wording = "Item"
    static let page = Route.page("/notes/items/{id:int}", parameters: ItemNumber.self, name: "notes.item")
    static var routes: [SceneRoute<Self>] { [.page(page)] }
    var view: TextView { TextView(title: "Item") }

    /// How many times each item's page was loaded.
    private static let loads = Mutex<[Int: Int]>([:])

    static func loads(of id: Int) -> Int { loads.withLock { $0[id, default: 0] } }

    func load(_ context: SceneContext) async throws -> SceneState<String> {
        let id = try context.parameters(ItemNumber.self).id
        Self.loads.withLock { $0[id, default: 0] += 1 }
        return .loaded("Item \(id)")
    }
}

/// A page with a text parameter.
struct TagScene: Scene {
    static let id = "tag"
    static let title: Wording = "Tag"
    static let page = Route.page("/notes/tags/{tag}", parameters: TagName.self)
    static var routes: [SceneRoute<Self>] { [.page(page)] }
    var view: TextView { TextView(title: "Tag") }

    func load(_ context: SceneContext) async throws -> SceneState<String> { .loaded("Tag \(try context.parameters(TagName.self).tag)") }
}

/// A page for signed-in people only.
struct PrivateScene: Scene {
    static let id = "private"
    static let title: Wording = "Private"
    static let page = Route.page("/notes/private", guard: .signedIn)
    static var routes: [SceneRoute<Self>] { [.page(page)] }
    var view: TextView { TextView(title: "Private") }

    func load(_ context: SceneContext) async throws -> SceneState<String> { .loaded("Private page") }
}

/// A page whose scene always fails.
struct BrokenScene: Scene {
    struct Failure: Error {}

    static let id = "broken"
    static let title: Wording = "Broken"
    static let page = Route.page("/notes/broken")
    static var routes: [SceneRoute<Self>] { [.page(page)] }
    var view: TextView { TextView(title: "Broken") }

    func load(_ context: SceneContext) async throws -> SceneState<String> { throw Failure() }
}
