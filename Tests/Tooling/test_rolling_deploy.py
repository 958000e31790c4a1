"""A rolling deploy from version 1 to 2 of one module loses nothing: two hosts of the fixture ledger
on PostgreSQL behind nginx, restarted one at a time as version 2 under load (rolling_deploy.py).
Then: no request failed, no field a host stored is gone, every event was handled exactly once
(including a subscription only version 2 has, for what version 1 published after version 2 served),
and the contract migration ran once the last version 1 host left.

Needs the throwaway PostgreSQL server and nginx that `bash Tests/run-all.sh` provides."""

import os

import pytest

from rolling_deploy import FIXTURE_HOST, run
from test_several_hosts import NGINX, POSTGRES_URL

pytestmark = pytest.mark.skipif(
    not (POSTGRES_URL and os.path.exists(NGINX)) and not os.environ.get("CI"),
    reason="needs ATRIUM_TEST_POSTGRES_URL and nginx (bash Tests/run-all.sh provides both)",
)


def test_a_rolling_deploy_from_one_version_to_the_next_loses_nothing(tmp_path):
    assert FIXTURE_HOST.exists(), f"{FIXTURE_HOST} is missing: swift build --build-tests makes it"
    cluster, load, lost, twice, never, events, _ = run(tmp_path, settle=2)
    logs = "\n".join(log.read_text()[-2000:] for log in cluster.logs)
    assert load.failures == [], logs
    assert len(load.entries) > 20 and load.removed, "the load wrote across the deploy"
    assert any("currency" in known["stored"] for known in load.entries.values()), "version 2 added entries"
    assert any("currency" not in known["stored"] for known in load.entries.values()), "version 1 added entries"
    assert lost == []
    assert (twice, never) == (0, 0), f"{events} events"
