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

    /// What people call it: the feed's name, else one made from its form factor and propulsion.
    public var displayName: String {
        if let name, !name.isEmpty { return name }
        let form: String
        switch formFactor {
        case "bicycle": form = propulsion == "human" ? "Bike" : "E-bike"
        case "cargo_bicycle": form = propulsion == "human" ? "Cargo bike" : "Electric cargo bike"
        case "scooter", "scooter_standing": form = "Scooter"
        case "scooter_seated": form = "Seated scooter"
        case "moped": form = "Moped"
        case "car": form = "Car"
        default: form = "Vehicle"
        }
        return form
    }
}
