"""The compile cache across fresh processes: reuse, invalidation, forced use, corruption, planted
files, races."""
import hashlib
import os
import pathlib
import pickle
import subprocess
import sys
import textwrap

import numpy as np
import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
WARNING = ("Check the consistency of dependency files hash failed. Execute all the compilation "
           "actions.")

MODEL = textwrap.dedent("""
    import sys
    import numpy as np
    import msjax as ms
    from msjax import nn, ops, Parameter, Tensor
    ms.set_context(mode=ms.GRAPH_MODE)

    class Model(nn.Cell):
        def __init__(self):
            super().__init__()
            self.count = Parameter(Tensor(np.zeros(1, np.float32)), name="count")

        def construct(self, x, y):
            print("TRACING construct")  # a trace-time side effect: runs only when traced
            out = x
            for _ in range(SCALE):
                out = x + x * y + out
            ops.assign_add(self.count, Tensor(np.ones(1, np.float32)))
            return out

    model = Model()
    x = ms.tensor([1], ms.float32)
    y = ms.tensor([2], ms.float32)
    print("RESULT", model(x, y).asnumpy().tolist(), model(x, y).asnumpy().tolist(),
          model.count.asnumpy().tolist())
""")


def run_model(tmp_path, cache, scale=50, env_extra=None, script_name="model.py", prelude=""):
    script = tmp_path / script_name
    script.write_text(prelude + MODEL.replace("SCALE", str(scale)))
    env = dict(os.environ, PYTHONPATH=str(REPO), MS_COMPILER_CACHE_ENABLE="1",
               MS_COMPILER_CACHE_PATH=str(cache), **(env_extra or {}))
    env.pop("MS_DEV_FORCE_USE_COMPILE_CACHE", None) if "MS_DEV_FORCE_USE_COMPILE_CACHE" not in (
        env_extra or {}) else None
    proc = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc


def entries(cache):
    return sorted((cache / "rank_0" / "graph_cache").glob("*.msjax"))


def test_second_process_skips_tracing_and_gives_the_same_results(tmp_path):
    cache = tmp_path / "cache"
    first = run_model(tmp_path, cache)
    assert "TRACING construct" in first.stdout
    assert WARNING in first.stderr
    assert "RESULT [151.0] [151.0] [2.0]" in first.stdout
    assert len(entries(cache)) == 1
    second = run_model(tmp_path, cache)
    assert "TRACING construct" not in second.stdout   # no user Python ran to build the program
    assert WARNING not in second.stderr
    assert "RESULT [151.0] [151.0] [2.0]" in second.stdout  # Parameter writes still happen


def test_changed_source_recompiles_with_mindsporess_warning(tmp_path):
    cache = tmp_path / "cache"
    run_model(tmp_path, cache, scale=50)
    changed = run_model(tmp_path, cache, scale=60)
    assert "TRACING construct" in changed.stdout
    assert WARNING in changed.stderr
    assert "RESULT [181.0]" in changed.stdout


def test_force_use_skips_the_dependency_check(tmp_path):
    cache = tmp_path / "cache"
    run_model(tmp_path, cache, scale=50)
    script = tmp_path / "model.py"
    script.write_text(script.read_text() + "\n# an edit that changes the file's hash\n")
    env = dict(os.environ, PYTHONPATH=str(REPO), MS_COMPILER_CACHE_ENABLE="1",
               MS_COMPILER_CACHE_PATH=str(cache), MS_DEV_FORCE_USE_COMPILE_CACHE="1")
    forced = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                            text=True, timeout=300)
    assert forced.returncode == 0, forced.stderr
    assert "TRACING construct" not in forced.stdout
    assert "RESULT [151.0]" in forced.stdout


def test_a_missing_serializer_is_reported_once_and_the_program_still_runs(tmp_path):
    # Without `flatbuffers` JAX cannot serialise an exported program: the cache says so, once,
    # naming the package, instead of silently storing nothing on every run.
    cache = tmp_path / "cache"
    blocked = "import sys\nsys.modules['flatbuffers'] = None  # `import flatbuffers` fails\n"
    proc = run_model(tmp_path, cache, prelude=blocked)
    assert "RESULT [151.0] [151.0] [2.0]" in proc.stdout
    assert proc.stderr.count("msjax compile cache: no program can be stored") == 1
    assert "flatbuffers" in proc.stderr
    assert entries(cache) == []


@pytest.mark.parametrize("damage", ["truncate", "flip", "foreign"])
def test_damaged_entry_is_reported_once_and_recompiled(tmp_path, damage):
    cache = tmp_path / "cache"
    run_model(tmp_path, cache)
    (entry,) = entries(cache)
    blob = entry.read_bytes()
    entry.chmod(0o644)
    if damage == "truncate":
        entry.write_bytes(blob[: len(blob) // 2])
    elif damage == "flip":
        entry.write_bytes(blob[:-10] + bytes(b ^ 0xFF for b in blob[-10:]))
    else:
        entry.write_bytes(b"not an msjax entry at all")
    again = run_model(tmp_path, cache)
    assert "RESULT [151.0] [151.0] [2.0]" in again.stdout
    assert "TRACING construct" in again.stdout
    assert again.stderr.count("msjax compile cache: the entry") == 1
    repaired = run_model(tmp_path, cache)  # the entry was replaced by a good one
    assert "TRACING construct" not in repaired.stdout


class _OpensAFile:
    """Unpickling this creates `path`: what a planted pickle could do, harmlessly."""

    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (open, (self.path, "w"))


def _planted(kind, marker, good):
    payload = pickle.dumps(_OpensAFile(str(marker)))
    if kind == "pickle entry":  # the old entry format, checksum and all
        return b"MSJAXCC2" + hashlib.sha256(payload).digest() + payload
    # The current format with a pickle where the program's jax.export bytes go, and a checksum
    # anyone can compute in place of this user's signature.
    size = int.from_bytes(good[40:48], "big")
    body = good[40:48] + good[48:48 + size] + payload
    return b"MSJAXCC3" + hashlib.sha256(body).digest() + body


@pytest.mark.parametrize("kind", ["pickle entry", "pickle in place of the program"])
def test_a_planted_entry_is_rejected_without_running_anything(tmp_path, kind):
    cache = tmp_path / "cache"
    run_model(tmp_path, cache)
    (entry,) = entries(cache)
    marker = tmp_path / "planted-code-ran"
    good = entry.read_bytes()
    assert b"pickle" not in good and good.startswith(b"MSJAXCC3")
    entry.chmod(0o644)
    entry.write_bytes(_planted(kind, marker, good))
    again = run_model(tmp_path, cache)
    assert not marker.exists()
    assert "RESULT [151.0] [151.0] [2.0]" in again.stdout
    assert "TRACING construct" in again.stdout
    assert again.stderr.count("msjax compile cache: the entry") == 1


def test_racing_processes_share_one_cache_directory(tmp_path):
    cache = tmp_path / "cache"
    script = tmp_path / "model.py"
    script.write_text(MODEL.replace("SCALE", "50"))
    env = dict(os.environ, PYTHONPATH=str(REPO), MS_COMPILER_CACHE_ENABLE="1",
               MS_COMPILER_CACHE_PATH=str(cache))
    procs = [subprocess.Popen([sys.executable, str(script)], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(4)]
    outs = [p.communicate(timeout=300) for p in procs]
    for (out, err), p in zip(outs, procs):
        assert p.returncode == 0, err[-2000:]
        assert "RESULT [151.0] [151.0] [2.0]" in out
    assert len(entries(cache)) == 1
    assert not list((cache / "rank_0" / "graph_cache").glob(".tmp-*"))
    last = run_model(tmp_path, cache)
    assert "TRACING construct" not in last.stdout


DISTINCT = textwrap.dedent("""
    import numpy as np
    import msjax as ms
    from msjax import Tensor

    def scaled(k):
        return ms.jit(lambda a: a * k)

    class Opaque:  # nothing identifies it in another process: no cache entry, no wrong one
        factor = 3.0

    def with_opaque(opaque):
        return ms.jit(lambda a: a * opaque.factor)

    x = Tensor(np.ones(2, np.float32))
    double, shift = ms.jit(lambda a: a * 2), ms.jit(lambda a: a + 100)   # two lambdas, one line
    by_five, by_seven = scaled(5.0), scaled(7.0)                         # one code, two closures
    by_opaque = with_opaque(Opaque())
    print("RESULT", [f(x).asnumpy().tolist()[0]
                     for f in (double, shift, by_five, by_seven, by_opaque)])
""")


def run_twice(tmp_path, source, **env_extra):
    """`source` run in two fresh processes sharing a cache: the first writes the entries, the
    second reads them. The finished processes (stdout and stderr)."""
    script = tmp_path / "script.py"
    script.write_text(source)
    env = dict(os.environ, PYTHONPATH=str(REPO), MS_COMPILER_CACHE_ENABLE="1",
               MS_COMPILER_CACHE_PATH=str(tmp_path / "cache"), **env_extra)
    env.pop("MS_DEV_FORCE_USE_COMPILE_CACHE", None)
    procs = []
    for _ in range(2):
        proc = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                              text=True, timeout=300, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr[-2000:]
        procs.append(proc)
    return procs


DICT_OUTPUT = textwrap.dedent("""
    import numpy as np
    import msjax as ms
    from msjax import Tensor

    @ms.jit
    def named(a):
        print("TRACING named")
        count = 0
        if a.sum() > 0:  # a Python number chosen by a tensor condition: returned as one
            count = 5
        return {"zeta": a * 1, "alpha": a * 2, "mid": (a * 3, a * 4), "count": count}

    out = named(Tensor(np.ones(1, np.float32)))
    print("RESULT", [(k, v.asnumpy().tolist() if not isinstance(v, (tuple, int)) else v
                      if isinstance(v, int) else [e.asnumpy().tolist() for e in v])
                     for k, v in out.items()])
""")


def test_a_dict_result_keeps_its_order_values_and_python_numbers_in_the_second_process(tmp_path):
    first, second = run_twice(tmp_path, DICT_OUTPUT)
    expected = ("RESULT [('zeta', [1.0]), ('alpha', [2.0]), ('mid', [[3.0], [4.0]]), "
                "('count', 5)]")
    assert expected in first.stdout and expected in second.stdout
    assert "TRACING named" in first.stdout and "TRACING named" not in second.stdout


def test_distinct_functions_never_share_an_entry(tmp_path):
    for proc in run_twice(tmp_path, DISTINCT):
        assert "RESULT [2.0, 101.0, 5.0, 7.0, 3.0]" in proc.stdout
    assert len(entries(tmp_path / "cache")) == 4  # the opaque closure is not cached


CELLS = textwrap.dedent("""
    import numpy as np
    import msjax as ms
    from msjax import Tensor, nn, Parameter
    ms.set_context(mode=ms.GRAPH_MODE)

    class Scaled(nn.Cell):
        def __init__(self, scale):
            super().__init__()
            self.scale = scale
            self.w = Parameter(Tensor(np.ones(2, np.float32)), name="w")

        def construct(self, a):
            return a * self.w * self.scale

    x = Tensor(np.ones((1, 2), np.float32))
    plain = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
    tanh = nn.Dense(2, 2, weight_init="ones", bias_init="zeros", activation="tanh")
    print("RESULT", [round(float(c(x).asnumpy()[0, 0]), 4)
                     for c in (Scaled(1.0), Scaled(10.0), plain, tanh)])
""")


def test_cells_that_differ_in_a_python_attribute_never_share_an_entry(tmp_path):
    for proc in run_twice(tmp_path, CELLS):
        assert f"RESULT [1.0, 10.0, 2.0, {round(float(np.tanh(2.0)), 4)}]" in proc.stdout
    assert len(entries(tmp_path / "cache")) == 4


SETTING = textwrap.dedent("""
    import os
    import numpy as np
    import msjax as ms
    from msjax import Tensor, nn
    ms.set_context(mode=ms.GRAPH_MODE)
    SCALE = float(os.environ["SCALE"])  # a setting: the source does not change between runs

    class Scaled(nn.Cell):
        def construct(self, a):
            return a * SCALE

    x = Tensor(np.ones(2, np.float32))
    print("RESULT", Scaled()(x).asnumpy().tolist(), ms.jit(lambda a: a + SCALE)(x).asnumpy().tolist())
""")


def test_a_module_setting_read_by_the_program_is_part_of_its_entry(tmp_path):
    for scale in (2.0, 3.0):  # one cache directory, one source file, two settings
        for proc in run_twice(tmp_path, SETTING, SCALE=str(scale)):
            assert f"RESULT [{scale}, {scale}] [{1 + scale}, {1 + scale}]" in proc.stdout


HELPED = textwrap.dedent("""
    import numpy as np
    import msjax as ms
    from msjax import Tensor, nn
    import helper
    ms.set_context(mode=ms.GRAPH_MODE)

    class Helped(nn.Cell):
        def construct(self, a):
            return helper.transform(a)

    print("RESULT", Helped()(Tensor(np.ones(2, np.float32))).asnumpy().tolist())
""")


def test_a_change_in_a_helper_module_the_trace_ran_recompiles(tmp_path):
    (tmp_path / "helper.py").write_text("def transform(a):\n    return a * 2\n")
    first, second = (p.stdout for p in run_twice(tmp_path, HELPED))
    assert "RESULT [2.0, 2.0]" in first and "RESULT [2.0, 2.0]" in second
    (tmp_path / "helper.py").write_text("def transform(a):\n    return a * 3\n")
    changed, again = (p.stdout for p in run_twice(tmp_path, HELPED))
    assert "RESULT [3.0, 3.0]" in changed and "RESULT [3.0, 3.0]" in again


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="root writes to read-only folders")
@pytest.mark.parametrize("made", [True, False], ids=["existing folder", "cannot be made"])
def test_read_only_cache_folder_warns_once_and_runs_uncached(tmp_path, made):
    cache = tmp_path / "cache"
    if made:
        run_model(tmp_path, cache)
        folders = [cache, cache / "rank_0", cache / "rank_0" / "graph_cache"]
    else:
        cache.mkdir()
        folders = [cache]
    before = sorted(p.name for p in cache.rglob("*"))
    for folder in folders:
        folder.chmod(0o555)
    try:
        proc = run_model(tmp_path, cache, script_name="again.py")
    finally:
        for folder in folders:
            folder.chmod(0o755)
    assert "RESULT [151.0] [151.0] [2.0]" in proc.stdout
    assert "TRACING construct" in proc.stdout  # compiled, not loaded
    assert proc.stderr.count("cannot be used") == 1, proc.stderr[-2000:]
    assert sorted(p.name for p in cache.rglob("*")) == before


def test_cache_folder_that_cannot_be_made_warns_once_and_runs_uncached(tmp_path):
    """Under a regular file no folder can be made, whoever runs the test."""
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    proc = run_model(tmp_path, blocker / "cache")
    assert "RESULT [151.0] [151.0] [2.0]" in proc.stdout
    assert proc.stderr.count("cannot be used") == 1, proc.stderr[-2000:]
    assert blocker.read_text() == "not a folder"


TWO = textwrap.dedent("""
    import numpy as np
    import msjax as ms
    from msjax import Tensor

    @ms.jit
    def double(a):
        return a * 2

    @ms.jit
    def square(a):
        return a * a

    x = Tensor(np.full(2, 3.0, np.float32))
    print("RESULT", double(x).asnumpy().tolist(), square(x).asnumpy().tolist())
""")


def test_entries_swapped_between_two_names_serve_neither(tmp_path):
    """An entry is signed with its name: renamed to another program's, it is refused."""
    first, _ = run_twice(tmp_path, TWO)
    assert "RESULT [6.0, 6.0] [9.0, 9.0]" in first.stdout
    a, b = entries(tmp_path / "cache")
    a_bytes, b_bytes = a.read_bytes(), b.read_bytes()
    a.write_bytes(b_bytes)
    b.write_bytes(a_bytes)
    swapped, again = run_twice(tmp_path, TWO)
    assert "RESULT [6.0, 6.0] [9.0, 9.0]" in swapped.stdout
    assert swapped.stderr.count("was written for another program") == 2, swapped.stderr[-2000:]
    assert "RESULT [6.0, 6.0] [9.0, 9.0]" in again.stdout
    assert "was written for another program" not in again.stderr


# A program reads values that one source file gives differently in each run (set from the
# environment): another module's global, read directly and by a helper in a third module, and a
# NumPy array global of the script. The entry records what the trace's functions read and is
# served only while every value is the same.
READS_ELSEWHERE = textwrap.dedent("""
    import numpy as np
    import msjax as ms
    from msjax import Tensor, nn
    import settings
    import helper
    ms.set_context(mode=ms.GRAPH_MODE)
    WEIGHTS = np.full(2, float(settings.os.environ["WEIGHT"]), np.float32)

    class Reads(nn.Cell):
        def construct(self, a):
            print("TRACING construct")
            return a * settings.SCALE + helper.shifted(a) + Tensor(WEIGHTS)

    print("RESULT", Reads()(Tensor(np.ones(2, np.float32))).asnumpy().tolist())
""")


@pytest.mark.parametrize("changed", ["SCALE", "SHIFT", "WEIGHT"])
def test_a_value_read_from_another_module_or_a_numpy_global_is_checked(tmp_path, changed):
    (tmp_path / "settings.py").write_text(
        "import os\nSCALE = float(os.environ['SCALE'])\n")
    (tmp_path / "helper.py").write_text(
        "import os\nSHIFT = float(os.environ['SHIFT'])\n\n\n"
        "def shifted(a):\n    return a + SHIFT\n")
    values = {"SCALE": "2", "SHIFT": "10", "WEIGHT": "100"}
    first, second = run_twice(tmp_path, READS_ELSEWHERE, **values)
    assert "RESULT [113.0, 113.0]" in first.stdout and "RESULT [113.0, 113.0]" in second.stdout
    assert "TRACING construct" not in second.stdout  # the same values: served from the cache
    values[changed] = str(float(values[changed]) + 1)
    changed_run, again = run_twice(tmp_path, READS_ELSEWHERE, **values)
    assert "RESULT [114.0, 114.0]" in changed_run.stdout, changed_run.stdout
    assert "TRACING construct" in changed_run.stdout
    assert "RESULT [114.0, 114.0]" in again.stdout and "TRACING construct" not in again.stdout


READS_A_LARGE_ARRAY = textwrap.dedent("""
    import numpy as np
    import msjax as ms
    from msjax import Tensor, nn
    ms.set_context(mode=ms.GRAPH_MODE)
    TABLE = np.ones((1 << 22) + 1, np.float32)  # above 16 MB: not hashed on every lookup

    class Reads(nn.Cell):
        def construct(self, a):
            print("TRACING construct")
            return a + Tensor(TABLE[:2])

    reads = Reads()
    print("RESULT", reads(Tensor(np.ones(2, np.float32))).asnumpy().tolist(),
          reads(Tensor(np.ones(2, np.float32))).asnumpy().tolist())
""")


def test_a_program_reading_a_value_it_cannot_check_is_not_cached_and_says_so_once(tmp_path):
    for proc in run_twice(tmp_path, READS_A_LARGE_ARRAY):
        assert "RESULT [2.0, 2.0] [2.0, 2.0]" in proc.stdout
        assert proc.stdout.count("TRACING construct") == 1  # traced in each process
        assert proc.stderr.count("is not cached: it reads __main__.TABLE (an array larger than "
                                 "16 MB)") == 1, proc.stderr
    assert not list((tmp_path / "cache").rglob("*.msjax"))
