import AtriumLocalization
import AtriumSDK

/// The navigation every HTML page carries: one link per entry scene of the enabled modules (a
/// bottom tab bar on a phone, a top bar on a wide screen; plain links, no script), made once per
/// boot from the registry's entries.
package struct AppShell: Sendable {
    /// One link of the navigation.
    struct Section: Sendable, Equatable {
        let moduleID: String
        var label: Wording
        let path: String
        /// `path` and a slash: what the paths of the pages below this one start with.
        let below: String

        init(moduleID: String, label: Wording, path: String) {
            self.moduleID = moduleID
            self.label = label
            self.path = path
            below = path + "/"
        }
    }

    /// Which link a page belongs to: `isPage` when the page is that link's own page
    /// (`aria-current="page"`), otherwise a page inside its section (`aria-current="true"`).
    package struct Mark: Hashable, Sendable {
        let index: Int
        let isPage: Bool
    }

    private(set) var sections: [Section]

    /// A module with one entry scene is labelled by its title; a module with several by each
    /// scene's title.
    package init(entries: [HomeEntry]) {
        let counts = Dictionary(entries.map { ($0.moduleID, 1) }, uniquingKeysWith: +)
        sections = entries.map { entry in
            Section(moduleID: entry.moduleID, label: counts[entry.moduleID] == 1 ? .verbatim(entry.moduleTitle) : entry.sceneTitle, path: entry.path)
        }
    }

    /// The navigation with its labels in `translator`'s language (a module's name stays as it is).
    package func translated(by translator: Translator) -> AppShell {
        var shell = self
        for index in shell.sections.indices { shell.sections[index].label = translator.translated(shell.sections[index].label) }
        return shell
    }

    static let empty = AppShell(entries: [])

    /// The link for a page of `moduleID` at `path`: the module's link whose path is `path` itself,
    /// else the one whose path is the longest leading part of `path`, else the module's first.
    package func mark(moduleID: String?, path: String) -> Mark? {
        guard let moduleID else { return nil }
        var best: (index: Int, length: Int)?
        for (index, section) in sections.enumerated() where section.moduleID == moduleID {
            if section.path == path { return Mark(index: index, isPage: true) }
            let length = path.hasPrefix(section.below) ? section.path.utf8.count : -1
            if length > best?.length ?? -2 { best = (index, length) }
        }
        return best.map { Mark(index: $0.index, isPage: false) }
    }
}
