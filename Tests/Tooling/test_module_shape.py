"""Every module has one shape (SDK 3): a scene is one type in a folder of its name under
Sources/Scenes/, scenes and views never build a Data type or call into the module file, and
module tests assert trees and statuses, never HTML (that is the renderers' tests' business)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(path for path in (ROOT / "Modules").iterdir() if (path / "Sources").is_dir())

HTML = re.compile(
    r"</[a-z]|<(h[1-6]|a|p|li|ul|ol|div|span|form|input|button|label|img|svg|script|html|body|main|nav|section|title|meta|select"
    r"|option|fieldset|legend|textarea|progress|data|figure)[ >/]|&lt;|&gt;|&#|&amp;|href=|class=|aria-|data-[a-z]|autocomplete="
    r"|<!DOCTYPE")
DECLARATION = re.compile(r"^\s*(?:public\s+|fileprivate\s+|private\s+)?(?:final\s+)?(?:struct|enum|class|actor)\s+([A-Z][A-Za-z0-9]*)", re.M)
# A type at the top of a file, not nested in another.
TOP_LEVEL = re.compile(r"^(?:public\s+|fileprivate\s+|private\s+)?(?:final\s+)?(?:struct|enum|class|actor|protocol)\s+([A-Z][A-Za-z0-9]*)", re.M)


def swift_files(folder: Path):
    return sorted(folder.rglob("*.swift")) if folder.is_dir() else []


def shape_problems(module: Path) -> list[str]:
    """Where `module` keeps something somewhere else than every module does:
    - `Sources/` holds only the module file, `<Name>Module.swift`, and folders;
    - the configuration's section is `public struct <Name>Configuration` in
      `Sources/Configuration/<Name>Configuration.swift`, with the types of its parts beside it, and the
      module names it `typealias Configuration` (or has none: `EmptyConfiguration`);
    - each scene declares its state (`struct`, `enum` or `typealias State`) in its own file;
    - `Sources/Scenes/` holds a folder per scene and `Shared/` (helpers several scenes use), no file."""
    name, sources, problems = module.name, module / "Sources", []
    loose = sorted(path.name for path in sources.glob("*.swift") if path.name != f"{name}Module.swift")
    if loose:
        problems.append(f"{module.name}: files beside the module file in Sources/: {loose}")
    module_file = (sources / f"{name}Module.swift").read_text() if (sources / f"{name}Module.swift").is_file() else ""
    if "EmptyConfiguration" not in module_file:
        configuration = sources / "Configuration" / f"{name}Configuration.swift"
        if not configuration.is_file() or not re.search(rf"^public struct {name}Configuration\b", configuration.read_text(), re.M):
            problems.append(f"{module.name}: no public struct {name}Configuration in Sources/Configuration/{name}Configuration.swift")
        if f"typealias Configuration = {name}Configuration" not in module_file:
            problems.append(f"{module.name}: the module file does not name its configuration (typealias Configuration = {name}Configuration)")
    for file in swift_files(sources):
        for scene in re.findall(r"^struct\s+([A-Za-z0-9]+)\s*:\s*Scene\b", file.read_text(), re.M):
            if not re.search(r"^    (?:struct|enum|typealias) State\b", file.read_text(), re.M):
                problems.append(f"{file.relative_to(module.parent.parent)}: {scene} does not declare its State")
    scenes = sources / "Scenes"
    if scenes.is_dir():
        strays = sorted(path.name for path in scenes.glob("*.swift"))
        if strays:
            problems.append(f"{module.name}: files loose in Sources/Scenes/ (helpers go in Scenes/Shared/): {strays}")
    return problems


def test_every_module_keeps_the_same_things_in_the_same_places():
    problems = [problem for module in MODULES for problem in shape_problems(module)]
    assert problems == [], "\n".join(problems)


def test_the_modules_are_found():
    assert {module.name for module in MODULES} >= {"Login", "Cookbook", "Pilot", "Moneybox", "Mobility"}


def test_module_tests_assert_trees_not_html():
    found = []
    for module in MODULES:
        for file in swift_files(module / "Tests"):
            for number, line in enumerate(file.read_text().splitlines(), 1):
                if HTML.search(line):
                    found.append(f"{file.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == [], "HTML in module tests:\n" + "\n".join(found)


def test_each_scene_is_one_type_in_a_folder_of_its_name():
    problems, seen = [], 0
    for module in MODULES:
        scenes = module / "Sources" / "Scenes"
        for file in swift_files(module / "Sources"):
            text = file.read_text()
            for name in re.findall(r"^(?:public\s+)?struct\s+([A-Za-z0-9]+)\s*:\s*Scene\b", text, re.M):
                seen += 1
                expected = scenes / name.removesuffix("Scene") / f"{name}.swift"
                if file != expected:
                    problems.append(f"{name} is in {file.relative_to(ROOT)}, not {expected.relative_to(ROOT)}")
    assert seen >= 20, f"only {seen} scenes found: is the pattern still right?"
    assert problems == [], "\n".join(problems)


def test_scenes_and_views_build_no_data_type_and_call_no_module_file():
    problems, checked = [], 0
    for module in MODULES:
        data_types = {name for file in swift_files(module / "Sources" / "Data") for name in TOP_LEVEL.findall(file.read_text())}
        checked += len(data_types)
        module_file = f"{module.name}Module"
        for file in swift_files(module / "Sources" / "Scenes"):
            code = "\n".join(line.split("//")[0] for line in file.read_text().splitlines())
            for name in sorted(data_types):
                if re.search(rf"\b{name}\s*[(.]", code):
                    problems.append(f"{file.relative_to(ROOT)} uses the Data type {name}")
            if re.search(rf"\b{module_file}\.", code):
                problems.append(f"{file.relative_to(ROOT)} calls into {module_file}")
    assert checked >= 20, f"only {checked} Data types found: is the pattern still right?"
    assert problems == [], "\n".join(problems)


def test_type_names_collide_nowhere_across_modules():
    """A name means one thing: two modules declaring one type name would read as one concept."""
    owners = {}
    for module in MODULES:
        for file in swift_files(module / "Sources"):
            for name in TOP_LEVEL.findall(file.read_text()):
                owners.setdefault(name, set()).add(module.name)
    shared = {name: sorted(modules) for name, modules in owners.items() if len(modules) > 1}
    assert shared == {}, shared
