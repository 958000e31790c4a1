/// A tab bar; each tab leads to a route and one is selected.
public struct Tabs: Sendable, Equatable, Codable {
    public struct Tab: Sendable, Equatable, Codable {
        public var title: String
        public var target: LinkTarget
        public var isSelected: Bool

        public init(title: String, target: LinkTarget, isSelected: Bool = false) {
            self.title = title
            self.target = target
            self.isSelected = isSelected
        }
    }

    public var items: [Tab]

    public init(_ items: [Tab]) { self.items = items }
}
