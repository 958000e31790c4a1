"""Stopping what a test or a benchmark started, one way everywhere."""

import signal
import subprocess


def stop_gracefully(process, timeout=30):
    """SIGTERM (a host drains and exits), then SIGKILL when it has not exited after `timeout` seconds."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
