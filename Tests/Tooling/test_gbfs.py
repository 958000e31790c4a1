"""The Mobility sandbox feed passes gbfs-validator (MobilityData's rules, pure Python) with 0 errors."""

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Browser"))
from conftest import running_host  # noqa: E402


def test_the_sandbox_feed_is_valid_gbfs_3():
    with running_host("atrium", "modules: [login, mobility]\n") as host:
        result = subprocess.run(
            [sys.executable, "-m", "gbfs_validator.cli", "-u", host.url("/mobility/gbfs/gbfs.json"), "--docked", "--free-floating"],
            capture_output=True, text=True, timeout=120)
        assert result.returncode in (0, 1), result.stderr
        report = json.loads(result.stdout)
    assert report["summary"]["version"]["validated"] == "3.0"
    files = {entry["file"]: entry for entry in report["files"]}
    for name in ["gbfs.json", "system_information.json", "vehicle_types.json", "station_information.json", "station_status.json",
                 "vehicle_status.json", "system_pricing_plans.json"]:
        assert files[name]["exists"], f"{name} is missing"
    errors = {name: entry for name, entry in files.items() if entry.get("hasErrors")}
    assert report["summary"]["errorsCount"] == 0 and not errors, json.dumps(errors, indent=1)[:4000]
