/// What Discover shows one visitor: the discovery for their ingredients, and whether the feature
/// flag `cookbook.missingOne` lets them see the recipes missing one ingredient. Both say which page
/// it is, so the host keeps one rendered page per discovery and flag value.
struct DiscoverPage: Sendable, Hashable {
    var discovery: DiscoverRecipes.Discovery
    var showsMissingOne: Bool
}
