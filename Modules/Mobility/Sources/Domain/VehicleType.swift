import AtriumSDK

/// A kind of vehicle in a feed: bicycle, e-bike, scooter…
public struct VehicleType: Sendable, Hashable {
    public var id: String
    /// GBFS `form_factor`: bicycle, cargo_bicycle, car, moped, scooter_standing, scooter_seated, other.
    public var formFactor: String
    /// GBFS `propulsion_type`: human, electric_assist, electric, combustion…
    public var propulsion: String
    public var name: String?
    public var pricingPlanID: String?

    public init(id: String, formFactor: String, propulsion: String, name: String? = nil, pricingPlanID: String? = nil) {
        self.id = id
        self.formFactor = formFactor
        self.propulsion = propulsion
        self.name = name
        self.pricingPlanID = pricingPlanID
    }

    /// What people call it, as data: the feed's name, else the English words for its form factor
    /// and propulsion (for what leaves the module, such as a ride's vehicle).
    public var displayName: String { displayWording.text }

    /// What a page calls it: the feed's name as it comes (data), else words of the module's own
    /// for its form factor and propulsion, in the visitor's language.
    public var displayWording: Wording {
        if let name, !name.isEmpty { return .verbatim(name) }
        switch formFactor {
        case "bicycle": return propulsion == "human" ? "Bike" : "E-bike"
        case "cargo_bicycle": return propulsion == "human" ? "Cargo bike" : "Electric cargo bike"
        case "scooter", "scooter_standing": return "Scooter"
        case "scooter_seated": return "Seated scooter"
        case "moped": return "Moped"
        case "car": return "Car"
        default: return "Vehicle"
        }
    }
}
