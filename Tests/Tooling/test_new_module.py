"""`atrium new-module <Name>` and `atrium new-scene <Module> <Name>`: names they refuse, and a module
and a scene they write that the next `swift build` links and whose tests pass at once, with no other
step (no cache to purge, no file to edit: the tools keep Package.swift's module list)."""

import shutil
import subprocess
from pathlib import Path

import test_module_shape
from test_cli import ATRIUM, ROOT, atrium

MODULES = ROOT / "Modules"


def folders() -> set:
    return {path.name for path in MODULES.iterdir()}


def test_names_that_are_not_swift_type_names_or_clash_are_refused_and_nothing_is_written():
    before = folders()
    for name, message in [
        ("greeter", "not a module name: use a Swift type name in UpperCamelCase"),
        ("9Lives", "not a module name"),
        ("Foo-Bar", "not a module name"),
        ("Café", "not a module name"),
        ("Pilot", "Modules/Pilot exists already"),
        ("pilot", "not a module name"),
        ("PilotTests", "clashes with PilotTests"),
        ("AtriumSDK", "clashes with AtriumSDK"),
        # The package's targets, as its build plugin reads them (a hand-kept list missed these).
        ("AtriumPages", "clashes with AtriumPages"),
        ("AtriumLive", "clashes with AtriumLive"),
        ("StringCatalogPlugin", "clashes with StringCatalogPlugin"),
        ("Map", "the route name 'map' is bound by the module 'mobility'"),
        ("Health", "'health' is a path or a configuration key of the host"),
        # Found beside Hardening 2: each of these wrote a module that does not build.
        ("Self", "'Self' is a name Swift itself gives a meaning"),
        ("Any", "'Any' is a name Swift itself gives a meaning"),
        ("Protocol", "'Protocol' is a name Swift itself gives a meaning"),
        ("Type", "'Type' is a name Swift itself gives a meaning"),
        ("Tests", "clashes with Tests"),
        ("Openapi", "'openapi' is a path or a configuration key of the host"),
        ("Foundation", "clashes with Foundation"),
        ("Metrics", "clashes with Metrics"),
        ("Hummingbird", "clashes with Hummingbird"),
        ("X" * 41, "longer than 40 characters"),
    ]:
        result = atrium("new-module", name)
        assert result.returncode != 0, name
        assert message in result.stderr, f"{name}: {result.stderr}"
    assert folders() == before


def test_scene_names_that_cannot_build_or_clash_are_refused_and_nothing_is_written():
    pilot = MODULES / "Pilot"
    before = sorted(str(path) for path in pilot.rglob("*"))
    module_file = (pilot / "Sources" / "PilotModule.swift").read_text()
    for module, name, message in [
        ("Pilot", "logBook", "'logBook' is not a scene name: use a Swift type name in UpperCamelCase"),
        ("Pilot", "Log-Book", "is not a scene name"),
        ("Pilot", "Self", "'Self' is a name Swift itself gives a meaning"),
        ("Pilot", "Registration", "Modules/Pilot/Sources/Scenes/Registration/ exists already"),
        # SceneView, SceneState and SceneTest are the SDK's and the test kit's: a module's own would hide them.
        ("Pilot", "Scene", "would hide the SDK's Scene"),
        ("Nowhere", "LogBook", "Modules/Nowhere is not a module"),
        ("../Sources", "LogBook", "is not a module"),
        ("Pilot", "X" * 41, "longer than 40 characters"),
    ]:
        result = atrium("new-scene", module, name)
        assert result.returncode != 0, (module, name)
        assert message in result.stderr, f"{module} {name}: {result.stderr}"
    assert sorted(str(path) for path in pilot.rglob("*")) == before
    assert (pilot / "Sources" / "PilotModule.swift").read_text() == module_file


def test_new_scene_adds_its_line_after_the_last_scene_even_past_braces_in_strings(tmp_path):
    """The module file is read as Swift: a brace in a string or a comment does not end a call."""
    (tmp_path / "Package.swift").write_text("// an Atrium checkout's manifest\n")
    sources = tmp_path / "Modules" / "Shelf" / "Sources"
    sources.mkdir(parents=True)
    (sources / "ShelfModule.swift").write_text('''import AtriumSDK

public struct ShelfModule: AtriumModule {
    public static let manifest = ModuleManifest(id: "shelf", title: "Shelf", version: "1")
    public init() {}

    public func register(in registrar: any ModuleRegistrar, configuration: EmptyConfiguration) async throws {
        let note = "a } in a string, and \\(\"one\") interpolated"  // and } in a comment
        registrar.scene(BookScene.self) { context in
            BookScene(note: #"raw } "# + """
                multi } line
                """)
        }
        /* } */
    }
}
''')
    result = atrium("new-scene", "Shelf", "Loan", "--root", str(tmp_path))
    assert result.returncode == 0, result.stderr
    text = (sources / "ShelfModule.swift").read_text()
    assert '''                """)
        }
        registrar.scene(LoanScene.self) { _ in LoanScene() }
        /* } */''' in text, text
    assert (sources / "Scenes" / "Loan" / "LoanScene.swift").read_text().count('Route.page("/shelf/loan")') == 1


def test_outside_a_checkout_it_says_where_to_run(tmp_path):
    result = atrium("new-module", "Greeter", cwd=tmp_path)
    assert result.returncode != 0
    assert "is not an Atrium checkout" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_line_to_add_keeps_the_modules_the_configuration_enables(tmp_path):
    """The configuration is read as the host reads it: a block list as well as a flow list."""
    (tmp_path / "Package.swift").write_text("// an Atrium checkout's manifest\n")
    (tmp_path / "Modules").mkdir()
    (tmp_path / "Configuration").mkdir()
    (tmp_path / "Configuration" / "atrium.yaml").write_text("http:\n  port: 8080\nmodules:\n  - login   # accounts\n  - pilot\n")
    result = atrium("new-module", "Greeter", "--root", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "  modules: [login, pilot, greeter]" in result.stdout, result.stdout
    assert (tmp_path / "Modules" / "Greeter" / "Sources" / "GreeterModule.swift").exists()

    removed = atrium("remove-module", "Greeter", "--root", str(tmp_path))
    assert removed.returncode == 0, removed.stderr
    assert list((tmp_path / "Modules").iterdir()) == []
    (tmp_path / "Package.swift").unlink()
    outside = atrium("remove-module", "Greeter", "--root", str(tmp_path))
    assert outside.returncode != 0 and "is not an Atrium checkout" in outside.stderr


def swift(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(["swift", *arguments], cwd=ROOT, capture_output=True, text=True, timeout=1800)


def test_a_new_module_builds_links_and_passes_its_tests_at_once(tmp_path):
    name, folder = "ScaffoldProbe", MODULES / "ScaffoldProbe"
    assert not folder.exists(), f"{folder} is left from an earlier run: remove it"
    try:
        result = atrium("new-module", name)
        assert result.returncode == 0, result.stderr
        assert "modules: [login, cookbook, pilot, moneybox, mobility, scaffoldprobe]" in result.stdout
        assert f"swift test --filter {name}Tests" in result.stdout
        written = sorted(str(path.relative_to(folder)) for path in folder.rglob("*.swift"))
        for expected in ["Sources/ScaffoldProbeModule.swift", "Sources/Configuration/ScaffoldProbeConfiguration.swift",
                         "Sources/Domain/ScaffoldProbeNotes.swift",
                         "Sources/Data/StoredScaffoldProbeNotes.swift", "Sources/Scenes/Notes/NotesScene.swift",
                         "Sources/Scenes/Notes/NotesView.swift", "Tests/Scenes/NotesSceneTests.swift",
                         "Tests/ScaffoldProbeHostTests.swift"]:
            assert expected in written, written
        # Its words are translatable from the start: a String Catalog the module names, and its
        # scene test reads the empty page in Spanish (the seventh test below).
        assert (folder / "Sources" / "Resources" / "Localizable.xcstrings").is_file()
        assert "public static var translations: ModuleTranslations? { Localizable.translations }" in (folder / "Sources" / f"{name}Module.swift").read_text()
        again = atrium("new-module", name)
        assert again.returncode != 0 and "Modules/ScaffoldProbe exists already" in again.stderr
        # SwiftPM plans again because Package.swift's text changed: the tool wrote the module list
        # into it (no file of SwiftPM's own is touched).
        assert '"ScaffoldProbe"' in (ROOT / "Package.swift").read_text().split("let modulesWhenLastWritten")[1].split("\n")[0]

        # A second scene, added by new-scene to the new module: its folder, its test, its line.
        scene = atrium("new-scene", name, "FlightLog")
        assert scene.returncode == 0, scene.stderr
        assert "Added FlightLogScene at /scaffoldprobe/flight-log" in scene.stdout, scene.stdout
        for expected in ["Sources/Scenes/FlightLog/FlightLogScene.swift", "Sources/Scenes/FlightLog/FlightLogView.swift",
                         "Tests/Scenes/FlightLogSceneTests.swift"]:
            assert (folder / expected).is_file(), expected
        assert test_module_shape.shape_problems(folder) == [], "the scaffold has every module's shape"
        module_file = (folder / "Sources" / "ScaffoldProbeModule.swift").read_text()
        assert "registrar.scene(FlightLogScene.self) { _ in FlightLogScene() }" in module_file, module_file
        twice = atrium("new-scene", name, "FlightLog")
        assert twice.returncode != 0 and "Sources/Scenes/FlightLog/ exists already" in twice.stderr
        assert module_file == (folder / "Sources" / "ScaffoldProbeModule.swift").read_text(), "a refused scene changes nothing"

        lint = subprocess.run(["swift", "format", "lint", "--strict", "--recursive", str(folder)], capture_output=True, text=True)
        assert lint.returncode == 0 and lint.stderr == "", lint.stderr
        imports = subprocess.run(["python3", str(ROOT / ".ci" / "check-module-imports.py")], cwd=ROOT, capture_output=True, text=True)
        assert imports.returncode == 0, imports.stdout + imports.stderr

        # What the command prints, as a module team would type it.
        build = swift("build")
        assert build.returncode == 0, build.stdout[-4000:] + build.stderr[-4000:]
        # The module's sources compile in the step that emits it, or in steps of their own.
        compiled = f"Compiling {name}" in build.stdout or f"Emitting module {name}" in build.stdout
        assert compiled, "the next build plans again and compiles the new module:\n" + build.stdout[:3000]
        warnings = [line for line in (build.stdout + build.stderr).splitlines() if "warning:" in line and "ScaffoldProbe" in line]
        assert warnings == [], warnings
        tests = swift("test", "--filter", f"{name}Tests")
        assert tests.returncode == 0, tests.stdout[-4000:] + tests.stderr[-4000:]
        assert "7 tests" in tests.stdout + tests.stderr and "passed" in tests.stdout + tests.stderr, tests.stdout[-2000:]
        listed = atrium("modules")
        assert "scaffoldprobe" in listed.stdout, listed.stdout
        config = tmp_path / "probe.yaml"
        config.write_text("modules: [scaffoldprobe]\n")
        routes = atrium("routes", "--config", str(config)).stdout
        assert "/scaffoldprobe/flight-log" in routes and "Modules/ScaffoldProbe/Sources/Scenes/FlightLog/" in routes, routes
    finally:
        removed = atrium("remove-module", name)
        shutil.rmtree(folder, ignore_errors=True)
        # The checkout's build goes back to what it was, for the tests that follow: with no other
        # step, once remove-module has written the module list again.
        restored = swift("build", "--build-tests")
    assert '"ScaffoldProbe"' not in (ROOT / "Package.swift").read_text()
    assert removed.returncode == 0 and "Removed Modules/ScaffoldProbe/" in removed.stdout, removed.stderr
    assert restored.returncode == 0, restored.stderr[-4000:]
    assert "scaffoldprobe" not in atrium("modules").stdout, "the removed module is gone from the next build"
    refused = atrium("remove-module", "../Sources")
    assert refused.returncode != 0 and "is not a module folder" in refused.stderr
