"""Real models, one training step: msjax (MindSpore-style Cells) against the same model in JAX.

Per model, two fresh processes (one runs msjax's version from `models_msjax.py`, the other the
Flax NNX + optax version from `models_jax.py`, which never imports msjax) each report:

* first step: wall time of the first training step (trace + compile + run), target <= 1.10x;
  of it, the XLA compile of the step (JAX's `backend_compile_duration` events), target <= 1.0x
  (issue 16: GRAPH_MODE compile no slower than pure JAX's), and the trace + lowering to HLO;
  and the first step's CPU time (every thread of the process: XLA compiles on a thread pool),
  which varies far less than wall time when other jobs share the machine;
* steady state: best mean step time over 5 runs of `number` steps, target <= 1.05x;
* peak memory: the process's peak resident set size (`ru_maxrss`: imports, weights, compiled
  program, buffers), target <= 1.10x; the growth from just before the first step is printed too.

Default models (batch 8): ResNet-18 at 32x32 (CIFAR shape, ImageNet-style stem),
MobileNetV3-small at 32x32, ViT-tiny
(32x32, patch 4, dim 192, depth 12, 3 heads), a BERT-tiny-shaped encoder (2 post-norm layers,
hidden 128, 2 heads, sequence 128, vocabulary 30522). `--large` adds ResNet-50 at 32x32 and
ResNet-18/50 at 224x224. Runs on whatever backend JAX sees and prints it.

Real MindSpore 2.10's GRAPH_MODE first and steady steps of ResNet-18 and ViT-tiny (CPU, batch 8,
the same Cells; recorded by `models_mindspore.py` into `models_mindspore.json`) are printed next to
msjax's for reference.

Run: python benchmarks/models.py [--large] [--batch 8] [--models resnet18,vit_tiny]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MODELS = ["resnet18", "mobilenet_v3_small", "vit_tiny", "bert_tiny", "lstm_lm"]
LARGE_MODELS = ["resnet50", "resnet18_224", "resnet50_224"]
TARGETS = {"steady": 1.05, "first": 1.10, "memory": 1.10, "compile": 1.0}
COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"
TRACE_EVENTS = ("/jax/core/compile/jaxpr_trace_duration",
                "/jax/core/compile/jaxpr_to_mlir_module_duration")


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(side: str, model: str, batch: int) -> dict:
    """Runs in the child process: build, first step, steady state, peak memory."""
    sys.path.insert(0, HERE)
    from _timing import per_call_seconds
    if side == "msjax":
        from models_msjax import MODELS
    else:
        from models_jax import MODELS
    import jax
    from jax import monitoring
    run, sync = MODELS[model](batch)
    events = {"compile": 0.0, "trace": 0.0, "on": True}

    def listen(name, seconds, **_):
        if events["on"]:
            if name == COMPILE_EVENT:
                events["compile"] += seconds
            elif name in TRACE_EVENTS:
                events["trace"] += seconds
    monitoring.register_event_duration_secs_listener(listen)
    rss_before = peak_rss_mb()
    start, cpu_start = time.perf_counter(), time.process_time()
    sync(run())
    first = time.perf_counter() - start
    first_cpu = time.process_time() - cpu_start
    events["on"] = False
    start = time.perf_counter()
    sync(run())
    second = time.perf_counter() - start
    number = max(1, min(20, int(1.0 / max(second, 1e-4))))
    steady = per_call_seconds(run, number=number, repeat=5, sync=sync)
    return dict(first=first, first_cpu=first_cpu, compile=events["compile"], trace=events["trace"], steady=steady, number=number, peak_mb=peak_rss_mb(),
                step_growth_mb=peak_rss_mb() - rss_before, backend=jax.default_backend())


def run_child(side: str, model: str, batch: int) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([os.path.dirname(HERE), env.get("PYTHONPATH", "")])
    # First steps compare compiles: msjax's persistent compilation cache (on by default, see
    # eager_first_call.py for what it saves) would load a previous run's programs instead.
    env.setdefault("MSJAX_EAGER_COMPILE_CACHE", "0")
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", side, model,
                          "--batch", str(batch)], capture_output=True, text=True, env=env)
    if out.returncode != 0:
        raise RuntimeError(f"benchmarks/models.py: the {side} run of {model} failed:\n"
                           f"{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def verdict(ratio: float, target: float) -> str:
    return "ok" if ratio <= target else "ABOVE TARGET"


def report_model(model: str, ms: dict, jx: dict, mindspore: dict | None):
    rows = [("steady-state step", "steady", "ms", 1e3),
            ("first step (trace+compile)", "first", "s", 1.0),
            ("  of which XLA compile", "compile", "s", 1.0),
            ("  of which trace + lowering", "trace", "s", 1.0),
            ("first step CPU time", "first_cpu", "s", 1.0),
            ("peak memory (RSS)", "peak_mb", "MB", 1.0)]
    for label, key, unit, scale in rows:
        line = (f"  {label:<28} msjax {ms[key] * scale:9.2f} {unit:<2}  jax "
                f"{jx[key] * scale:9.2f} {unit:<2}")
        target = TARGETS.get({"peak_mb": "memory", "first_cpu": "first"}.get(key, key))
        if target is not None:
            ratio = ms[key] / max(jx[key], 1e-9)
            line += f"  ratio {ratio:5.2f} (target <= {target}) {verdict(ratio, target)}"
        print(line)
    print(f"  {'memory growth from 1st step':<28} msjax {ms['step_growth_mb']:9.2f} MB  "
          f"jax {jx['step_growth_mb']:9.2f} MB  (steady timed over {ms['number']}/{jx['number']}"
          f" steps x 5 runs)")
    if mindspore is not None:
        print(f"  {'MindSpore 2.10 GRAPH_MODE':<28} first step {mindspore['first_step_seconds']:.2f}"
              f" s, steady {mindspore['steady_step_seconds'] * 1e3:.1f} ms (recorded by "
              f"models_mindspore.py): msjax/MindSpore first "
              f"{ms['first'] / mindspore['first_step_seconds']:.2f}, steady "
              f"{ms['steady'] / mindspore['steady_step_seconds']:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--large", action="store_true", help="add ResNet-50 and 224x224 shapes")
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--models", default=None, help="comma-separated subset of the models")
    parser.add_argument("--child", nargs=2, metavar=("SIDE", "MODEL"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.child[0], args.child[1], args.batch)))
        return
    models = (args.models.split(",") if args.models
              else DEFAULT_MODELS + (LARGE_MODELS if args.large else []))
    import jax
    recorded = json.loads(open(os.path.join(HERE, "models_mindspore.json")).read())["models"]
    print(f"backend {jax.default_backend()} ({jax.devices()[0].device_kind}), batch {args.batch}, "
          f"one fresh process per model and side")
    for model in models:
        try:
            ms, jx = run_child("msjax", model, args.batch), run_child("jax", model, args.batch)
        except RuntimeError as error:  # one model failing still reports the others
            print(f"{model}: FAILED\n{error}")
            continue
        print(f"{model}:")
        report_model(model, ms, jx, recorded.get(model))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
