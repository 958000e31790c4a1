/// What one committed write changed, as the change feed announces it (``ChangeFeed``): a record of
/// a module's collection for one owner, every record of some owners (sign-in moved them), a
/// session, a wake-up for whoever listens for a name (a layer above storage chooses it), or anything
/// at all (a migration, a purge, a listener that cannot vouch for what it missed).
package enum StorageChange: Sendable, Hashable {
    case record(module: String, collection: String, owner: String, id: String)
    case owners([String])
    case session(hash: String)
    /// Something a subscriber of the feed waits for happened (the name is the subscriber's own);
    /// no cache changes.
    case wake(String)
    case everything

    /// Longest text of one change in a notification; a record change with a longer id is announced
    /// as a change to every record of its owner, which is true and fits.
    static let longestLine = 1_000

    /// One line of a notification's payload: fields separated by tabs, each with `%`, tab, newline
    /// and NUL percent-escaped (PostgreSQL's payloads are text without NULs).
    package var line: String {
        switch self {
        case .record(let module, let collection, let owner, let id):
            let line = ["r", module, collection, owner, id].map(Self.escaped).joined(separator: "\t")
            return line.utf8.count <= Self.longestLine ? line : StorageChange.owners([owner]).line
        case .owners(let owners): return (["o"] + owners.map(Self.escaped)).joined(separator: "\t")
        case .session(let hash): return "s\t" + Self.escaped(hash)
        case .wake(let name): return "w\t" + Self.escaped(name)
        case .everything: return "*"
        }
    }

    /// The change a line names; nil for a line this host cannot read (a newer host's), which the
    /// reader treats as ``everything``.
    package init?(line: Substring) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(Self.unescaped)
        switch fields.first {
        case "r" where fields.count == 5: self = .record(module: fields[1], collection: fields[2], owner: fields[3], id: fields[4])
        case "o" where fields.count >= 2: self = .owners(Array(fields.dropFirst()))
        case "s" where fields.count == 2: self = .session(hash: fields[1])
        case "w" where fields.count == 2: self = .wake(fields[1])
        case "*" where fields.count == 1: self = .everything
        default: return nil
        }
    }

    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x25 || $0 == 0x09 || $0 == 0x0A || $0 == 0x00 }) else { return text }
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": result += "%25"
            case "\t": result += "%09"
            case "\n": result += "%0A"
            case "\0": result += "%00"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    static func unescaped(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        var result = ""
        var rest = text.unicodeScalars[...]
        while let first = rest.first {
            rest = rest.dropFirst()
            guard first == "%", rest.count >= 2 else {
                result.unicodeScalars.append(first)
                continue
            }
            switch String(String.UnicodeScalarView(rest.prefix(2))) {
            case "25": result += "%"
            case "09": result += "\t"
            case "0A": result += "\n"
            case "00": result += "\0"
            default:
                result.unicodeScalars.append(first)
                continue
            }
            rest = rest.dropFirst(2)
        }
        return result
    }
}

extension StorageChange {
    /// What replacing a session changes: the old session, and (signing in) the records of the
    /// visitor and the account, which the carry-over moved.
    static func replacing(hash: String?, carryOver: SignInCarryOver?) -> [StorageChange] {
        var changes: [StorageChange] = hash.map { [.session(hash: $0)] } ?? []
        if let carryOver { changes.append(.owners([carryOver.visitor, carryOver.user])) }
        return changes
    }
}

extension StorageChange {
    /// Whether this change may change what something that read `reads` shows (`owners`: the owners
    /// of those reads): a record it read or a collection it listed, an owner whose records moved, or
    /// anything at all. A session or a wake-up changes no record.
    package func touches(_ reads: Set<RecordRead>, owners: Set<String>) -> Bool {
        switch self {
        case .record(let module, let collection, let owner, let id):
            reads.contains(RecordRead(module: module, collection: collection, owner: owner, id: id))
                || reads.contains(RecordRead(module: module, collection: collection, owner: owner, id: nil))
        case .owners(let changed): changed.contains(where: owners.contains)
        case .everything: true
        case .session, .wake: false
        }
    }
}
