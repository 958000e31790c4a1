/// No pictures: every image shows its placeholder.
struct NoImageLookup: ImageLookup {
    func image(for name: String) async -> String? { nil }
}
