/// What one host can deliver to one subscriber: an event by name, of the versions the subscriber's
/// handler reads, its own and the one before and after (a field added is defaulted, one it does not
/// know is ignored). A delivery no host reads waits, untouched and not counted as a try, for a host
/// that does: it holds back nothing of its aggregate that the host can read.
package struct EventReader: Sendable, Hashable {
    package var subscriber: String
    package var name: String
    /// The subscriber's version of the event.
    package var version: Int

    package init(subscriber: String, name: String, version: Int) {
        self.subscriber = subscriber
        self.name = name
        self.version = version
    }

    /// The versions it reads.
    package var versions: ClosedRange<Int> { (version - 1)...(version + 1) }

    package func reads(_ delivery: PendingDelivery) -> Bool {
        reads(subscriber: delivery.subscriber, name: delivery.name, version: delivery.version)
    }

    package func reads(subscriber: String, name: String, version: Int) -> Bool {
        subscriber == self.subscriber && name == self.name && versions.contains(version)
    }

    /// As the fleet list keeps it: `subscriber/name@version`.
    package var text: String { "\(subscriber)/\(name)@\(version)" }

    /// A reader from its ``text``; nil when it is not one.
    package init?(text: String) {
        guard let at = text.lastIndex(of: "@"), let slash = text[..<at].firstIndex(of: "/"), let version = Int(text[text.index(after: at)...])
        else { return nil }
        self.init(subscriber: String(text[..<slash]), name: String(text[text.index(after: slash)..<at]), version: version)
    }
}
