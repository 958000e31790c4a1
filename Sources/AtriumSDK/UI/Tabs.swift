/// A tab bar; each tab leads to a route and one is selected.
public struct Tabs: Sendable, Equatable, Codable {
    /// One tab.
    public struct Tab: Sendable, Equatable, Codable {
        /// What the tab says.
        public var title: Wording
        /// Where it leads.
        public var target: LinkTarget
        /// Whether it is the tab of the screen shown.
        public var isSelected: Bool

        /// A tab saying `title`, leading to `target`.
        public init(title: Wording, target: LinkTarget, isSelected: Bool = false) {
            self.title = title
            self.target = target
            self.isSelected = isSelected
        }
    }

    /// The tabs, in order.
    public var items: [Tab]

    /// A tab bar of `items`.
    public init(_ items: [Tab]) { self.items = items }
}
