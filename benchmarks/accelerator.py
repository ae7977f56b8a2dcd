"""GPU/TPU: msjax's GRAPH_MODE training step against the same model in pure JAX/Flax (issue 29).

One prepared script for a machine with an accelerator and JAX preinstalled (no package registry):
it runs msjax from this source tree (`PYTHONPATH=.`) with what is installed there, and prints one
table. Per model and precision it reuses benchmarks/models.py's measurement: a fresh process per
side for the first step (trace + compile + run) and the peak device memory, one process with both
sides for the steady step (interleaved rounds, best of each):

- ResNet-50 (224x224, batch 128, Momentum), ViT-B/16 (224x224, batch 64, AdamWeightDecay) and
  BERT-base (sequence 128, batch 32, Adam): benchmarks/models_msjax.py's Cells in GRAPH_MODE
  against benchmarks/models_jax.py's Flax NNX models with optax, both from model_shapes.py;
  ResNet-50 twice on msjax's side: in MindSpore's NCHW layout, and in its GPU target's NHWC
  (`data_format="NHWC"`, as the model zoo's GPU benchmark writes it; Flax's is NHWC in both);
- in float32, and in bfloat16 mixed precision: amp O2 (`auto_mixed_precision(net, "O2",
  dtype=bfloat16)`: BatchNorm and LayerNorm in float32, output cast to float32) against Flax layers
  computing in bfloat16 with float32 parameters;
- images or sequences per second beside JAX's;
- ResNet-50's first eager (PYNATIVE) training step and its steady eager step;
- amp O2 in bfloat16 against float32 over 100 ResNet-50 steps on one synthetic batch, from the
  same initial weights: how far the bfloat16 run ends from the float32 run (the mean log loss of
  the last 10 steps), against float32's own noise, how far float32 runs from two other initial
  weights end from it;
- data parallel over the devices JAX sees (benchmarks/pmap_scaling.py's ResNet-18 step).

Order: every model in float32, then the losses, the eager step and data parallel, then every
model in bfloat16, so that a run its time limit cuts short has a figure of each kind.

Targets (issue 29): steady step <= 1.05x pure JAX, first step <= 1.10x, peak device memory <=
1.10x. MindSpore's published ResNet-50 training throughput, an anchor and not a measurement here:
about 2,100 images/s on one Ascend 910 and about 950 on a V100.

    PYTHONPATH=. python benchmarks/accelerator.py            # on the accelerator (~8 minutes)
    PYTHONPATH=. JAX_PLATFORMS=cpu python benchmarks/accelerator.py --tiny   # the script, on a CPU

`--tiny` runs every part at small sizes (model_shapes.ACCELERATOR_TINY, batch 2, 5 loss steps).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import models
from _timing import verdict

HERE = os.path.dirname(os.path.abspath(__file__))
# (name in models_*.MODELS, batch, what one example is)
MODELS = [("acc_resnet50", 128, "images"), ("acc_resnet50_nhwc", 128, "images"),
          ("acc_vit_b16", 64, "images"), ("acc_bert_base", 32, "sequences")]
PRECISIONS = ("float32", "bfloat16")
TARGETS = {"steady": 1.05, "first": 1.10, "memory": 1.10}
LOSS_STEPS = 100
# (name, precision, seed of the initial weights): float32's noise is how far the runs from other
# weights end from the first
LOSS_RUNS = [("float32", "float32", 0), ("bfloat16", "bfloat16", 0),
             ("float32_seed1", "float32", 1), ("float32_seed2", "float32", 2)]


def eager_child(batch: int) -> dict:
    """ResNet-50's PYNATIVE training step: the first (its ops compiled on first use) and the best
    of three later ones."""
    import models_msjax
    import msjax as ms
    run, sync = models_msjax.make_accelerator("resnet50_224", batch)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    start = time.perf_counter()
    sync(run())
    first = time.perf_counter() - start
    later = []
    for _ in range(3):
        start = time.perf_counter()
        sync(run())
        later.append(time.perf_counter() - start)
    return dict(first=first, steady=min(later))


def losses_child(batch: int, steps: int, seed: int) -> dict:
    """ResNet-50 trained `steps` GRAPH_MODE steps on one synthetic batch, in the precision
    MSJAX_BENCH_DTYPE names, from the initial weights `seed` draws: the losses."""
    import models_msjax
    import msjax as ms
    ms.set_seed(seed)
    run, _ = models_msjax.make_accelerator("resnet50_224", batch)
    return dict(losses=[float(run().asnumpy()) for _ in range(steps)])


def record(path, result: dict):
    """Appends one result as a JSON line to `path` (--record), so that a run cut short keeps
    what it measured."""
    if path:
        with open(path, "a") as file:
            file.write(json.dumps(result) + "\n")


def recorded(path) -> list:
    """The results `record` appended to `path` (none when it is not there)."""
    if not path or not os.path.exists(path):
        return []
    with open(path) as file:
        return [json.loads(line) for line in file if line.strip()]


def report_recorded(path):
    """Every result in `path`, this run's and earlier runs' (--resume), as one table."""
    results = recorded(path)
    units = {model: unit for model, _, unit in MODELS}
    print(f"\nall results in {path}:")
    training_header()
    report_training([(r["model"], r["precision"], r["batch"], units[r["model"]], r["msjax"],
                      r["jax"]) for r in results if r["part"] == "training"])
    for r in results:
        if r["part"] == "eager":
            report_eager(r)
        elif r["part"] == "losses":
            report_losses(r)
        elif r["part"] == "pmap":
            print(f"data parallel over the {r['devices']} device(s) JAX sees (pmap_scaling.py, "
                  f"ResNet-18):")
            print(r["stdout"].strip() or r["stderr"])


def report_eager(eager):
    batch = eager["batch"]
    print(f"ResNet-50 PYNATIVE training step, batch {batch}: first {eager['first']:.2f} s "
          f"(ops compiled on first use), then {eager['steady'] * 1e3:.1f} ms "
          f"({batch / eager['steady']:.1f} images/s). MindSpore's published ResNet-50 "
          f"training (anchors, not measured here): ~2,100 images/s on one Ascend 910, ~950 on "
          f"a V100")


def run_self(args: list, env: dict, what: str) -> dict:
    """This script in a fresh process; `env` entries of None are removed from its environment."""
    env = {name: value for name, value in {**os.environ, **env}.items() if value is not None}
    env["PYTHONPATH"] = os.pathsep.join([os.path.dirname(HERE), env.get("PYTHONPATH", "")])
    out = subprocess.run([sys.executable, os.path.abspath(__file__)] + args, capture_output=True,
                         text=True, env=env)
    if out.returncode != 0:
        raise RuntimeError(f"benchmarks/accelerator.py: the {what} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def ratio_cell(msjax_value, jax_value, target):
    if msjax_value is None or jax_value is None:
        return "n/a (no device memory statistics on this backend)"
    ratio = msjax_value / max(jax_value, 1e-12)
    return f"{ratio:5.2f} {verdict(ratio, target)}"


def training_header():
    print(f"{'model':<14}{'precision':<10}{'steady ms msjax/jax':>22}  {'ratio':<18}"
          f"{'per second msjax/jax':>22}  {'first s msjax/jax':>19}  {'ratio':<18}"
          f"{'peak MB msjax/jax':>19}  ratio")


def report_training(rows):
    for model, precision, batch, unit, ms, jx in rows:
        per_second = f"{batch / ms['steady']:9.1f}/{batch / jx['steady']:<9.1f} {unit}"
        memory = (f"{ms['peak_device_mb']:8.0f}/{jx['peak_device_mb']:<8.0f}"
                  if ms.get("peak_device_mb") is not None else f"{'-':>17}")
        print(f"{model[4:]:<14}{precision:<10}"
              f"{ms['steady'] * 1e3:10.2f}/{jx['steady'] * 1e3:<10.2f}  "
              f"{ratio_cell(ms['steady'], jx['steady'], TARGETS['steady']):<18}"
              f"{per_second:>22}  {ms['first']:8.2f}/{jx['first']:<8.2f}  "
              f"{ratio_cell(ms['first'], jx['first'], TARGETS['first']):<18}"
              f"{memory:>19}  "
              f"{ratio_cell(ms.get('peak_device_mb'), jx.get('peak_device_mb'), TARGETS['memory'])}")
        sys.stdout.flush()


def report_losses(curves: dict):
    """bfloat16's run against float32's from the same initial weights (seed 0), in the mean log
    loss of the last 10 steps, against float32's noise: the largest such distance of a float32
    run from other initial weights (seeds 1 and 2) from it."""
    import numpy as np

    def end(losses):
        return float(np.mean(np.log(np.maximum(np.asarray(losses[-10:]), 1e-30))))
    float32, bfloat16 = curves["float32"], curves["bfloat16"]
    others = [curves[name] for name in sorted(curves) if name.startswith("float32_seed")]
    distance = abs(end(bfloat16) - end(float32))
    print(f"amp O2 bfloat16 vs float32, ResNet-50, {len(float32)} steps from the same weights: "
          f"first loss {float32[0]:.4f}/{bfloat16[0]:.4f}, mean of the last 10 "
          f"{np.mean(float32[-10:]):.4g}/{np.mean(bfloat16[-10:]):.4g}: log-loss distance "
          f"{distance:.3f}", end="")
    if not others:  # a record from before the float32 runs from other weights were added
        print(" (float32's noise not measured)")
        return
    noise = max(abs(end(other) - end(float32)) for other in others)
    print(f"; float32 from {len(others)} other initial weights: up to {noise:.3f} "
          f"{'ok' if distance <= noise else 'ABOVE TARGET'} (target: within float32's noise)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="small sizes: check the script on a CPU")
    parser.add_argument("--models", default=",".join(m for m, _, _ in MODELS))
    parser.add_argument("--precisions", default=",".join(PRECISIONS))
    parser.add_argument("--skip", default="", help="comma-separated: training,eager,losses,pmap")
    parser.add_argument("--record", help="append each result as a JSON line to this file")
    parser.add_argument("--cache-dir", help="the training children's compilation caches go in "
                        "subfolders of this folder (default: a new temporary folder)")
    parser.add_argument("--resume", action="store_true",
                        help="skip what --record's file already holds; print all of it at the end")
    parser.add_argument("--eager-child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--losses-child", nargs=3, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.eager_child:
        print(json.dumps(eager_child(args.eager_child)))
        return
    if args.losses_child:
        print(json.dumps(losses_child(*args.losses_child)))
        return

    # This process only asks which devices there are; each measurement runs in a child. JAX
    # would take 75% of the GPU's memory for this process too (its default preallocation), and
    # the children would find too little left: this process takes memory as it needs it, and
    # the children get the environment as it was.
    own_setting = "XLA_PYTHON_CLIENT_PREALLOCATE" not in os.environ
    if own_setting:
        os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"
    import jax
    device = jax.devices()[0]
    if own_setting:
        del os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"]
    size = "tiny" if args.tiny else "full"
    os.environ["MSJAX_BENCH_SIZE"] = size  # the children read it (model_shapes.py)
    skip = set(filter(None, args.skip.split(",")))
    done = recorded(args.record) if args.resume else []
    skip |= {result["part"] for result in done if result["part"] != "training"}
    measured = {(result["model"], result["precision"]) for result in done
                if result["part"] == "training"}
    print(f"backend {jax.default_backend()}: {jax.device_count()} x {device.device_kind}, "
          f"JAX {jax.__version__}, sizes {size}")
    batches = {model: (2 if args.tiny else batch) for model, batch, _ in MODELS}
    units = {model: unit for model, _, unit in MODELS}
    # The children of one model and precision share a persistent compilation cache, emptied
    # before them: each first-step child compiles its step from nothing (and writes it there),
    # and the steady child, which compiles both sides' steps again, loads them instead of
    # spending the minutes twice. JAX caches only programs that take a second or more to
    # compile (its default, kept for both sides). The loss runs load ResNet-50's. They share
    # no XLA autotuning (models.SEPARATE_AUTOTUNING): the second first-step child would reuse
    # the first's.
    caches = args.cache_dir or tempfile.mkdtemp(prefix="msjax_acc_")

    def use_cache(model, precision, empty):
        folder = os.path.join(caches, f"{model}_{precision}")
        if empty:
            shutil.rmtree(folder, ignore_errors=True)
        os.environ["JAX_COMPILATION_CACHE_DIR"] = folder
        os.environ.update(models.SEPARATE_AUTOTUNING)  # the loss runs' keys as the training's
    def training(precisions):
        training_header()
        rows = []
        for precision in precisions:
            for model in args.models.split(","):
                if (model, precision) in measured:
                    continue
                os.environ["MSJAX_BENCH_DTYPE"] = precision
                use_cache(model, precision, empty=True)
                try:
                    ms, jx = models.measure_model(model, batches[model], 0)
                except RuntimeError as error:  # one model failing still reports the others
                    print(f"{model} {precision}: FAILED\n{error}")
                    continue
                rows.append((model, precision, batches[model], units[model], ms, jx))
                report_training(rows[-1:])  # each row as soon as it is measured
                record(args.record, dict(part="training", model=model, precision=precision,
                                         batch=batches[model], msjax=ms, jax=jx))
        os.environ.pop("MSJAX_BENCH_DTYPE", None)
        os.environ.pop("JAX_COMPILATION_CACHE_DIR", None)

    # every model in the first precision (float32), then the other parts, then the rest: a run
    # cut short by its time limit has one figure of each kind
    precisions = args.precisions.split(",")
    if "training" not in skip:
        training(precisions[:1])
    if "losses" not in skip:
        steps, batch = (5 if args.tiny else LOSS_STEPS), batches["acc_resnet50"]
        curves = {}
        for name, precision, seed in LOSS_RUNS:
            use_cache("acc_resnet50", precision, empty=False)
            try:
                curves[name] = run_self(["--losses-child", str(batch), str(steps), str(seed)],
                                        {"MSJAX_BENCH_DTYPE": precision},
                                        f"{name} loss run")["losses"]
            except RuntimeError as error:  # the parts after this one still run
                print(f"losses {name}: FAILED\n{error}")
        os.environ.pop("JAX_COMPILATION_CACHE_DIR")
        if len(curves) == len(LOSS_RUNS):
            record(args.record, dict(part="losses", batch=batch, **curves))
            report_losses(curves)
    if "eager" not in skip:
        batch = batches["acc_resnet50"]
        # msjax's defaults, as a user's first eager run has them: its own eager compilation
        # cache (an empty one here), not the training children's JAX cache
        fresh = {"JAX_COMPILATION_CACHE_DIR": None,
                 "MSJAX_EAGER_COMPILE_CACHE": tempfile.mkdtemp(prefix="msjax_eager_")}
        try:
            eager = run_self(["--eager-child", str(batch)], fresh, "eager ResNet-50 run")
        except RuntimeError as error:  # the parts after this one still run
            print(f"eager: FAILED\n{error}")
        else:
            record(args.record, dict(part="eager", batch=batch, **eager))
            report_eager(dict(batch=batch, **eager))
    if "pmap" not in skip:
        count = jax.device_count()
        command = [sys.executable, os.path.join(HERE, "pmap_scaling.py"), "--models", "resnet18",
                   "--resnet-batch", "2" if args.tiny else "64", "--steps", "2" if args.tiny
                   else "5", "--repeat", "2" if args.tiny else "5", "--devices", str(count)]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([os.path.dirname(HERE),
                                                            os.environ.get("PYTHONPATH", "")])}
        out = subprocess.run(command, capture_output=True, text=True, env=env)
        print(f"data parallel over the {count} device(s) JAX sees (pmap_scaling.py, ResNet-18):")
        print(out.stdout.strip() or out.stderr[-2000:])
        record(args.record, dict(part="pmap", devices=count, stdout=out.stdout,
                                 stderr=out.stderr[-2000:]))
    if "training" not in skip and precisions[1:]:
        training(precisions[1:])
    if args.record:
        report_recorded(args.record)


if __name__ == "__main__":
    main()
