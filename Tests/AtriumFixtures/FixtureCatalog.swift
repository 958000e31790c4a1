import AtriumSDK

/// The fixture modules, for the host tests and for the fixture host the browser tests drive.
public enum FixtureCatalog {
    public static let modules: [any AtriumModule.Type] = [
        NotesModule.self, AccountsModule.self, MapsModule.self, PlacesModule.self, ChickenModule.self, EggModule.self,
        ClashModule.self, VaultModule.self, EchoModule.self, TallyModule.self,
    ]
}
