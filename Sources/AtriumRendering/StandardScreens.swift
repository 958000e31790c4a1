import AtriumSDK
import Foundation

/// The host's own screens: home, not found, forbidden, and the error page (which never shows
/// internals).
package enum StandardScreens {
    package static func home(entries: [HomeEntry]) -> Screen {
        guard !entries.isEmpty else {
            return Screen(
                title: "Atrium",
                content: [
                    .message(
                        Message("No modules are enabled. Add module ids to `modules` in the configuration file and restart the host.")
                    )
                ]
            )
        }
        return Screen(
            title: "Atrium",
            content: [
                .list(
                    ItemList(
                        title: "Modules",
                        content: entries.map { entry in
                            .card(
                                Card(
                                    target: .path(entry.path),
                                    content: [
                                        .heading(Heading(entry.sceneTitle, level: 3)),
                                        .text(Text(verbatim: entry.moduleTitle, style: .caption)),
                                    ]
                                )
                            )
                        }
                    )
                )
            ]
        )
    }

    package static var notFound: Screen {
        Screen(
            title: "Page not found",
            content: [
                .message(Message("There is no page at this address. Check the address, or start again from the home page.")),
                .link(Link("Go to the home page", to: .path("/"), style: .button)),
            ]
        )
    }

    package static var methodNotAllowed: Screen {
        Screen(
            title: "Not available this way",
            content: [
                .message(Message("This address exists, but not for this kind of request.")),
                .link(Link("Go to the home page", to: .path("/"), style: .button)),
            ]
        )
    }

    /// The form's token belongs to the session the visitor had before signing in or out elsewhere.
    package static var formFromReplacedSession: Screen {
        Screen(
            title: "Form expired",
            content: [
                .message(
                    Message(
                        "You signed in or out in another tab or window after this page was loaded, so this form was not sent. Reload the page and try again.",
                        kind: .error
                    )
                ),
                .link(Link("Go to the home page", to: .path("/"), style: .button)),
            ]
        )
    }

    /// An action sent with an `Idempotency-Key` that an earlier, other action of the visitor's used.
    package static var keyUsedForAnotherAction: Screen {
        Screen(
            title: "Not sent",
            content: [
                .message(
                    Message(
                        "This request reused the key of an earlier, different request, so it was not carried out. Reload the page and try again.",
                        kind: .error
                    )
                ),
                .link(Link("Go to the home page", to: .path("/"), style: .button)),
            ]
        )
    }

    /// A repeat of an action sent with an `Idempotency-Key` while the first is still being done.
    package static var actionInProgress: Screen {
        Screen(
            title: "Still working",
            content: [
                .message(Message("This request is still being carried out. Wait a moment, then reload the page.", kind: .error)),
                .link(Link("Go to the home page", to: .path("/"), style: .button)),
            ]
        )
    }

    /// A form body that cannot be read (a field sent twice, a broken escape).
    package static func badRequest(_ problem: String, back: String) -> Screen {
        Screen(
            title: "The form could not be read",
            content: [
                .message(Message("The form could not be read: \(problem). Go back, reload the page and try again.", kind: .error)),
                .link(Link("Back", to: .path(back))),
            ]
        )
    }

    package static var forbidden: Screen {
        Screen(
            title: "Form expired",
            content: [
                .message(
                    Message(
                        "This form could not be accepted: it has expired or was not sent from this site. Go back, reload the page and try again.",
                        kind: .error
                    )
                ),
                .link(Link("Go to the home page", to: .path("/"), style: .button)),
            ]
        )
    }

    package static var tooLarge: Screen {
        Screen(
            title: "Too much data",
            content: [.message(Message("The form sent more data than this site accepts (1 MiB). Shorten it and try again.", kind: .error))]
        )
    }

    /// What cannot be done just now (the storage is not answering), with a way to try again.
    package static func unavailable(_ message: Wording, retry: String) -> Screen {
        Screen(
            title: "Try again in a moment",
            content: [.message(Message(message, kind: .error)), .link(Link("Try again", to: .path(retry), style: .button))]
        )
    }

    package static var error: Screen {
        Screen(
            title: "Something went wrong",
            content: [
                .message(Message("Something went wrong on our side. Please try again in a moment.", kind: .error)),
                .link(Link("Go to the home page", to: .path("/"), style: .button)),
            ]
        )
    }

    /// The language page at `path`: each offered language in its own words (the same on every
    /// page, so a visitor who cannot read the current one still finds theirs), the current one chosen.
    package static func language(at path: String, offered: [String], current: String, back: String?, problem: Wording?) -> Screen {
        var action = path
        let unreserved = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~/"))
        if let back, let query = back.addingPercentEncoding(withAllowedCharacters: unreserved) { action += "?returnTo=" + query }
        return Screen(
            title: "Language",
            content: [
                .form(
                    Form(
                        action: .path(action),
                        content: [
                            .picker(
                                Picker(
                                    name: "language", label: "Show the pages in",
                                    options: offered.map { Picker.Option(value: $0, label: .verbatim(Self.autonym(of: $0))) },
                                    selected: current, error: problem, isRequired: true)),
                            .button(Button("Save")),
                        ])),
                .link(Link("Back", to: .path(back ?? "/"))),
            ])
    }

    /// A language's name in that language (data: shown the same on every page).
    package static func autonym(of tag: String) -> String {
        switch tag.lowercased() {
        case "en", "en-us": "English"
        case "en-gb": "English (UK)"
        case "es": "Español"
        case "fr": "Français"
        case "de": "Deutsch"
        case "it": "Italiano"
        case "pt": "Português"
        case "ca": "Català"
        case "pl": "Polski"
        case "ru": "Русский"
        case "uk": "Українська"
        case "ja": "日本語"
        case "en-xa": "[Ƥšéûðö-ļåñĝûåĝé] (en-XA)"
        default: tag
        }
    }
}
