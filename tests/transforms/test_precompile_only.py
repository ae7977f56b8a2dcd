"""MindSpore's compile-only mode (MS_DEV_PRECOMPILE_ONLY=1): a jit function, a GRAPH_MODE Cell
and a graph-mode gradient called from Python compile and return None (a loop that never ends
is compiled, not run); PyNative Cells and ops run. Golden: MindSpore 2.10's output of
tests/goldens/scripts/precompile_only_probe.py. In a subprocess: the mode is the environment's."""
from tests.compat.msjax_command import REPO, run_msjax

GOLDENS = REPO / "tests" / "goldens"


def test_precompile_only_matches_mindspore(tmp_path):
    proc = run_msjax("run", str(GOLDENS / "scripts" / "precompile_only_probe.py"), cwd=tmp_path,
                     timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (GOLDENS / "transforms" / "precompile_only_probe.out").read_text()


def test_without_the_variable_a_compiled_call_runs(tmp_path):
    script = tmp_path / "plain.py"
    script.write_text("import mindspore as ms\n"
                      "print(ms.jit(lambda x: x + 1)(ms.Tensor([1.0])))\n")
    proc = run_msjax("run", str(script), cwd=tmp_path, env_extra={"MS_DEV_PRECOMPILE_ONLY": "0"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "[2.]\n"
