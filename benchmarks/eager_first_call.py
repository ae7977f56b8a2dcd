"""First eager (PyNative) forward of ResNet-18, MobileNetV3-small and ViT-tiny at batch 8.

PyNative is MindSpore's default mode. msjax runs each op through XLA, which compiles it on first
use; msjax's eager program cache (msjax/_src/backend/eager_cache.py: a later process loads each op's
executable without tracing or lowering it) and JAX's persistent compilation cache for the rest
(both on by default, msjax/_src/backend/compile_settings.py) keep those executables on disk. Per model
this runs two fresh processes sharing one new cache folder
and prints the first forward's wall time (model built, one eval forward of a 8x3x32x32 batch,
result read back) in each, the second/first ratio (target <= 0.2) and the first process against
real MindSpore 2.10 PyNative's first call (recorded with the oracle by
`eager_first_call_mindspore.py` into `eager_first_call_mindspore.json`; target <= 1.0).
Two more fresh processes, each with its own new cache, show what the eager compile options
save (`msjax/_src/backend/one_program.py`): one with `MSJAX_EAGER_QUICK_COMPILE=0` (no quick first
compile at XLA's optimisation level 0, `msjax/_src/backend/quick_compile.py`: every program compiled
optimised at once), one with `MSJAX_EAGER_FAST_COMPILE=0` (XLA's default options).

Each process then runs 9 more forwards and reports their median: what the quick programs (not
yet optimised again) cost a forward. In the second process that median is the forward's own
computing, which its first forward (programs loaded from the cache) cannot go below: for a model
whose first process is already quick, it bounds the second/first ratio from below.

The first process also counts the XLA programs its first forward compiled (JAX's compile events),
and one more fresh process per model measures two floors of computing with XLA on a cold cache:
the whole forward compiled as one GRAPH_MODE program (what fusing every op of the forward into one
program would cost), and XLA's fastest compile of any one of the forward's programs times their
number (the least XLA's compiles alone could cost, were every program as quick to compile as the
quickest). Each kind of process runs `--repeat` times (fresh caches)
and the best time is kept: the figures move by 2x with the machine's load.

Run: `python benchmarks/eager_first_call.py [--models resnet18,...] [--repeat 2]`
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

from _timing import verdict

HERE = pathlib.Path(__file__).resolve().parent
MODELS = ["resnet18", "mobilenet_v3_small", "vit_tiny"]
LATER_FORWARDS = 9  # after the first: their median shows what quick programs cost a forward


def build(name):
    """The model Cell as `models_msjax.py` defines it, in eval mode."""
    import models_msjax as M
    net = {"resnet18": lambda: M.ResNet(M.BasicBlock, (2, 2, 2, 2)),
           "mobilenet_v3_small": M.MobileNetV3Small, "vit_tiny": M.ViT}[name]()
    net.set_train(False)
    return net


def child(name):
    import numpy as np
    from _timing import compile_summary, listen_to_compiles
    start = time.perf_counter()
    events = listen_to_compiles()
    import msjax as ms
    imported = time.perf_counter()
    net = build(name)
    x = ms.Tensor(np.random.default_rng(0).standard_normal((8, 3, 32, 32)).astype(np.float32))
    built = time.perf_counter()
    del events[:]
    net(x).asnumpy()
    done = time.perf_counter()
    compiled = compile_summary(events)
    later = []
    for _ in range(LATER_FORWARDS):
        begin = time.perf_counter()
        net(x).asnumpy()
        later.append(time.perf_counter() - begin)
    print(json.dumps({"import": imported - start, "build": built - imported,
                      "forward": done - built, "later": sorted(later)[len(later) // 2],
                      **compiled}))


def floors_child(name):
    """The whole forward compiled as one GRAPH_MODE program: its first call."""
    import numpy as np
    import msjax as ms
    net = build(name)
    x = ms.Tensor(np.random.default_rng(0).standard_normal((8, 3, 32, 32)).astype(np.float32))
    ms.set_context(mode=ms.GRAPH_MODE)
    begin = time.perf_counter()
    net(x).asnumpy()
    print(json.dumps({"one_program": time.perf_counter() - begin}))


def run_child(name, cache, mode="--child", **environ):
    env = dict(os.environ, MSJAX_EAGER_COMPILE_CACHE=cache, **environ)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, __file__, mode, name], env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--repeat", type=int, default=2,
                        help="fresh-cache rounds per model; the best time of each kind is kept")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--floors", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child or args.floors:
        sys.path.insert(0, str(HERE))
        return child(args.child) if args.child else floors_child(args.floors)
    import jax
    print(f"backend {jax.default_backend()}, batch 8, 3x32x32, eval forward in PyNative")
    recorded = json.loads((HERE / "eager_first_call_mindspore.json").read_text())
    for name in args.models.split(","):
        runs = []  # (first, second, optimised at once, default) per repeat, the best kept
        for _ in range(args.repeat):
            with tempfile.TemporaryDirectory() as cache:
                first, second = run_child(name, cache), run_child(name, cache)
            with tempfile.TemporaryDirectory() as cache:
                optimised = run_child(name, cache, MSJAX_EAGER_QUICK_COMPILE="0")
            with tempfile.TemporaryDirectory() as cache:
                default = run_child(name, cache, MSJAX_EAGER_FAST_COMPILE="0")["forward"]
            with tempfile.TemporaryDirectory() as cache:
                floors = run_child(name, cache, mode="--floors")
            runs.append((first, second, optimised, default, floors))
        first = min((r[0] for r in runs), key=lambda r: r["forward"])
        second = min((r[1] for r in runs), key=lambda r: r["forward"])
        f, s = first["forward"], second["forward"]
        optimised = min((r[2] for r in runs), key=lambda r: r["forward"])
        default = min(r[3] for r in runs)
        one_program = min(r[4]["one_program"] for r in runs)
        ms_first = recorded["first_forward_seconds"].get(name)
        print(f"{name}:")
        print(f"  first eager forward  1st process {f:7.2f} s  2nd process {s:7.2f} s  "
              f"ratio {s / f:5.2f} (target <= 0.2) {verdict(s / f, 0.2)}")
        print(f"  2nd process's first forward: {second['later']:5.2f} s computing (its later "
              f"forwards' median) + {s - second['later']:5.2f} s loading programs; computing "
              f"alone is {second['later'] / f:5.2f} of the 1st process's")
        if ms_first is not None:
            print(f"  vs MindSpore 2.10 PyNative first forward {ms_first:7.2f} s (recorded): "
                  f"1st process ratio {f / ms_first:5.2f}, 2nd {s / ms_first:5.2f} "
                  f"(target <= 1.0) {verdict(f / ms_first, 1.0)}")
        print(f"  1st process without the quick first compile {optimised['forward']:7.2f} s "
              f"(quick compile saves {optimised['forward'] - f:5.2f} s)")
        print(f"  forwards 2-{LATER_FORWARDS + 1} (median): {1e3 * first['later']:7.1f} ms "
              f"with quick programs, {1e3 * optimised['later']:7.1f} ms optimised at once")
        print(f"  1st process with XLA's default options for eager programs {default:7.2f} s "
              f"(eager options save {default - f:5.2f} s)")
        print(f"  1st process compiled {first['programs']} programs: XLA compile "
              f"{first['xla_compile']:5.2f} s, trace + lowering {first['trace_and_lower']:5.2f} s")
        print(f"  floors on a cold cache: the forward as one GRAPH_MODE program {one_program:5.2f} s; "
              f"{first['programs']} programs x {1e3 * first['fastest_compile']:4.1f} ms (XLA's "
              f"fastest compile of one of them) = "
              f"{first['programs'] * first['fastest_compile']:5.2f} s")
        print(f"  (import msjax {first['import']:.2f} s, build {first['build']:.2f} s)")


if __name__ == "__main__":
    main()
