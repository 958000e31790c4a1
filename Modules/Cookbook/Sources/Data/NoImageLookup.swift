/// No pictures: every image shows its placeholder.
struct NoImageLookup: ImageLookup {
    func images(for names: [String]) async -> Pictures { Pictures(byName: [:]) }
}
