"""MindSpore's compile-only mode follows the process's environment, as MindSpore reads it: its
own tests turn it off with `os.unsetenv`, which leaves Python's `os.environ` as it was."""
import os

from msjax._src.core import context


def test_unsetenv_turns_the_compile_only_mode_off(monkeypatch):
    monkeypatch.setenv("MS_DEV_PRECOMPILE_ONLY", "1")
    assert context.precompile_only()
    os.unsetenv("MS_DEV_PRECOMPILE_ONLY")  # os.environ still says "1"
    assert os.environ["MS_DEV_PRECOMPILE_ONLY"] == "1"
    assert not context.precompile_only()
    monkeypatch.setenv("MS_DEV_PRECOMPILE_ONLY", "1")  # (putenv again: on)
    assert context.precompile_only()
    monkeypatch.setenv("MS_DEV_PRECOMPILE_ONLY", "0")
    assert not context.precompile_only()
