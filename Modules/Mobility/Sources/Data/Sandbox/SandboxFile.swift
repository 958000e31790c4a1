import AtriumSDK

/// A file of the sandbox feed: `/mobility/gbfs/{file}`.
struct SandboxFile: RouteParameters {
    var file: String
}
