/// What the client shows after opening an address, following a link or sending a form.
public struct Visit: Sendable, Equatable {
    /// The path shown, after any redirect the host answered.
    public var address: String
    /// The HTTP status of the last answer (0 when the host could not be reached).
    public var status: Int
    /// What the answer means.
    public var outcome: Outcome
    /// The screen to show, when there is one.
    public var document: SceneDocument?
    /// False when the screen is a kept copy shown because the host could not answer: show it
    /// marked as not current, and revalidate (``AtriumClient/refresh()``) when you can.
    public var isCurrent: Bool

    /// The screen to show, when there is one.
    public var screen: SceneScreen? { document?.screen }
}
