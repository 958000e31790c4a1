import AtriumSDK

/// Records when fixture modules register and stop, for the boot order tests.
actor BootRecorder {
    static let shared = BootRecorder()
    private(set) var order: [String] = []
    func record(_ id: String) { order.append(id) }
    func reset() { order = [] }
}
