"""GPU programs without a GPU: benchmarks/accelerator.py's training steps compiled for an H200 on
any machine, msjax's kernels against Flax's (issue 29).

XLA compiles for a GPU it does not run on when JAX is given the GPU's description
(`jax.experimental.topologies.get_topology_desc(platform="cuda", target_config=...)`). That
needs JAX's CUDA plugin (`pip install -e '.[cuda]'`) and no GPU. Per model and precision, a child
process per side builds the step (msjax: the TrainOneStepCell's GRAPH_MODE program,
`Cell.compile`, nothing run; JAX: the Flax NNX + Optax jitted step), exports it for `cuda` and
compiles it for `H200_CONFIG`. Printed per side, from the optimised program:

- kernels: the fusions and library calls (cuDNN convolutions, cuBLAS/Triton products) the step
  launches;
- bytes moved: what the kernels read and write, each kernel's operands and results (an operand a
  fusion only slices counts as the slice): an estimate of a memory-bound step's time. Measured on
  an H200, ResNet-50's float32 steady step was 1.10x Flax's where this estimate was 1.09x-1.14x;
- autotuned problems: the distinct kernels XLA's autotuner would tune on a GPU (cuDNN
  convolutions, cuBLAS and Triton products; `_TUNED_CALLS`, `_TUNED_FUSION`), and how many the
  two programs share: the autotuning each side's first step asks for.

Target: bytes moved <= 1.05x Flax's (the steady step's target; a proxy for it, not a timing).
Without the GPU nothing is autotuned, so the first step's autotuning is not seen here; the XLA
compile time printed is this machine's, without autotuning. Below each line, the compile's
phases from XLA's own timers (its log): the HLO passes, of them the passes that choose each
kernel's configuration (on a GPU, autotuning), the backend (code generation), and the passes
whose times differ most between the sides.

    PYTHONPATH=. python benchmarks/gpu_program.py                 # every model, both precisions
    PYTHONPATH=. python benchmarks/gpu_program.py --models acc_resnet50 --precisions float32
    PYTHONPATH=. python benchmarks/gpu_program.py --on-device --dump autotune  # on a GPU
"""
from __future__ import annotations

import argparse
import collections
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time

from _timing import verdict

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = [("acc_resnet50", 128), ("acc_resnet50_nhwc", 128), ("acc_vit_b16", 64),
          ("acc_bert_base", 32)]
TARGET = 1.05
# An H200 as XLA's GPU compiler sees it (GpuTargetConfigProto, text format)
H200_CONFIG = """
gpu_device_info {
  threads_per_block_limit: 1024 threads_per_warp: 32 shared_memory_per_block: 49152
  shared_memory_per_core: 233472 threads_per_core_limit: 2048 core_count: 132
  fpus_per_core: 128 block_dim_limit_x: 2147483647 block_dim_limit_y: 65535
  block_dim_limit_z: 65535 memory_bandwidth: 4800000000000 l2_cache_size: 52428800
  clock_rate_ghz: 1.98 device_memory_size: 150000000000
  shared_memory_per_block_optin: 232448 cuda_compute_capability { major: 9 minor: 0 }
  registers_per_core_limit: 65536 registers_per_block_limit: 65536
}
platform_name: "CUDA"
dnn_version_info { major: 9 minor: 8 }
runtime_version { major: 12 minor: 8 }
device_description_str: "NVIDIA H200"
"""
_BYTES = {"pred": 1, "s8": 1, "u8": 1, "f16": 2, "bf16": 2, "s16": 2, "u16": 2, "f32": 4,
          "s32": 4, "u32": 4, "f64": 8, "s64": 8, "u64": 8}
_SHAPE = re.compile(r"\b(" + "|".join(_BYTES) + r")\[([\d,]*)\]")
FUSED_CONV = "custom-call __cudnn$convBiasActivationForward"
_NOT_KERNELS = {"parameter", "get-tuple-element", "tuple", "bitcast", "constant"}


def shape_bytes(text: str) -> int:
    """The bytes of every array shape in `text` (an HLO shape, or a tuple of them)."""
    total = 0
    for dtype, dims in _SHAPE.findall(text):
        count = 1
        for dim in filter(None, dims.split(",")):
            count *= int(dim)
        total += count * _BYTES[dtype]
    return total


def _computations(text: str) -> dict:
    return {m.group(1): m.group(2) for m in re.finditer(
        r"^(?:ENTRY )?%?([\w.\-]+) \(.*?\) -> .*? \{\n(.*?)\n\}", text, re.S | re.M)}


def _sliced_parameters(body: str) -> dict:
    """{parameter index: bytes read} for the parameters of a fused computation that only
    slices read."""
    names = {m.group(1): int(m.group(2)) for m in re.finditer(
        r"%([\w.\-]+) = \S+ parameter\((\d+)\)", body)}
    sliced = {}
    for name, index in names.items():
        users = [line for line in body.split("\n") if re.search(rf"%{re.escape(name)}\b[,)]", line)
                 and " parameter(" not in line]
        if users and all(re.search(r" (?:dynamic-)?slice\(", line) for line in users):
            sliced[index] = sum(shape_bytes(line.split(" = ", 1)[1].split(" ", 1)[0])
                                for line in users)
    return sliced


def program_summary(text: str) -> dict:
    """Kernels (by kind) and bytes moved of an optimised GPU program's text."""
    bodies = _computations(text)
    entry = text[text.index("\nENTRY"):]
    entry = entry[:entry.index("\n}\n")]
    shapes, kinds, moved, tuned = {}, collections.Counter(), 0, set()
    for line in entry.split("\n")[1:]:
        m = re.match(r"\s*(?:ROOT )?%([\w.\-]+) = (.*?) ([a-z\-]+)\((.*?)\)(.*)$", line)
        if not m:
            continue
        name, shape, opcode, operands, rest = m.groups()
        shapes[name] = shape
        if opcode in _NOT_KERNELS:
            continue
        called = re.search(r"calls=%?([\w.\-]+)", rest)
        sliced = _sliced_parameters(bodies.get(called.group(1), "")) if called else {}
        names = [o.strip().lstrip("%") for o in operands.split(",") if o.strip().startswith("%")]
        moved += shape_bytes(shape) + sum(
            sliced[i] if i in sliced else shape_bytes(shapes.get(o, ""))
            for i, o in enumerate(names))
        kind = re.search(r"kind=(k\w+)", rest)
        target = re.search(r'custom_call_target="([^"]+)"', rest)
        kinds[opcode + (f" {kind.group(1)}" if kind else "")
              + (f" {target.group(1)}" if target else "")] += 1
        if target and target.group(1).startswith(_TUNED_CALLS):
            tuned.add((target.group(1), shape, tuple(shapes.get(o, "") for o in names),
                       _attributes(rest)))
        elif called and _TUNED_FUSION.search(rest):
            tuned.add(_canonical(bodies, called.group(1)))
    return {"kernels": sum(kinds.values()), "bytes": moved, "kinds": dict(kinds),
            "tuned": sorted(hashlib.sha1(repr(key).encode()).hexdigest()[:16] for key in tuned)}


# The kernels XLA's GPU compiler autotunes (on a GPU: runs the candidates, keeping the fastest):
# cuDNN's convolutions, cuBLAS's products and the products it fuses for Triton. Its autotuner
# tunes each distinct problem once per compile (its cache's key: the instruction, or the fused
# computation, without names), so the distinct ones measure the autotuning a program asks for.
_TUNED_CALLS = ("__cudnn$conv", "__cublas$")
_TUNED_FUSION = re.compile(r'"kind":"__(?:triton_gemm|triton_nested_gemm_fusion|cudnn\$fusion)"')


def _attributes(rest: str) -> str:
    """An instruction's attributes but its names, metadata and configurations."""
    rest = re.sub(r", (?:metadata|frontend_attributes)=\{[^}]*\}", "", rest)
    return rest.split(", backend_config=")[0]


def _canonical(bodies: dict, name: str) -> str:
    """The text of computation `name` and those it calls, its names numbered in order of use."""
    lines = []
    for line in bodies.get(name, "").split("\n"):
        lines.append(_attributes(line))
        for inner in re.findall(r"calls=%?([\w.\-]+)", line):
            lines.append(_canonical(bodies, inner))
    numbered = {}
    return re.sub(r"%[\w.\-]+", lambda m: numbered.setdefault(m.group(0), f"%{len(numbered)}"),
                  "\n".join(lines))


_UNIT = {"us": 1e-6, "ms": 1e-3, "s": 1.0, "min": 60.0}
# XLA's own timers in its log (TF_CPP_VMODULE=hlo_pass_pipeline=1,gpu_compiler=1): each pass's
# start and end, and the compiler's two phases
_PASS_START = re.compile(r"^\S+ \S+\s+(\d+) hlo_pass_pipeline\.cc:\d+\]\s+HLO pass (\S+)\s*$")
_PASS_END = re.compile(r"^\S+ \S+\s+(\d+) hlo_pass_pipeline\.cc:\d+\] HLO pass: (\S+) time: "
                       r"([\d.]+) (us|ms|s|min) ")
_PHASE = re.compile(r"\] GpuCompiler::(RunHloPasses|RunBackend) for \S+ time: ([\d.]+) "
                    r"(us|ms|s|min) ")
# the passes that choose each kernel's configuration (on a GPU by running the candidates:
# XLA's autotuning; without one, `config-assigner` gives each fusion its default)
_TUNING = re.compile(r"autotun|picker|config-assigner")
XLA_PASS_LOG = {"TF_CPP_MIN_LOG_LEVEL": "0", "TF_CPP_VMODULE": "hlo_pass_pipeline=1,gpu_compiler=1"}


def compile_phases(log: str) -> list:
    """Per compile in an XLA log written with `XLA_PASS_LOG` (in order): the seconds of its HLO
    passes and of its backend (code generation), and of each outermost pass (one that no other
    pass of its thread runs), in {"hlo_passes", "backend", "passes": {name: s}}; a compile ends
    at its backend's timer."""
    compiles, passes, phases, stacks = [], {}, {}, {}
    for line in log.splitlines():
        start = _PASS_START.match(line)
        if start:
            stacks.setdefault(start.group(1), []).append(start.group(2))
            continue
        end = _PASS_END.match(line)
        if end:
            thread, name, value, unit = end.groups()
            stack = stacks.get(thread, [])
            if stack and stack[-1] == name:
                stack.pop()
            if not stack:
                passes[name] = passes.get(name, 0.0) + float(value) * _UNIT[unit]
            continue
        phase = _PHASE.search(line)
        if phase:
            key = {"RunHloPasses": "hlo_passes", "RunBackend": "backend"}[phase.group(1)]
            phases[key] = phases.get(key, 0.0) + float(phase.group(2)) * _UNIT[phase.group(3)]
            if key == "backend":
                compiles.append(dict(phases, passes=passes))
                passes, phases, stacks = {}, {}, {}
    return compiles


def tuning_seconds(passes: dict) -> float:
    """The seconds of the passes that choose kernels' configurations (`_TUNING`)."""
    return sum(seconds for name, seconds in passes.items() if _TUNING.search(name))


def _exported_msjax_step(model: str, batch: int):
    import models_msjax
    from msjax import Tensor, nn
    from msjax._src.core import x64
    run, _ = models_msjax.MODELS[model](batch)
    cells = [c.cell_contents for c in run.__closure__]
    train = next(c for c in cells if isinstance(c, nn.TrainOneStepCell))
    x, y = sorted((c for c in cells if isinstance(c, Tensor)), key=lambda t: -t.ndim)
    train.compile(x, y)  # traced and compiled for this machine; nothing runs
    compiled = train.__dict__["_graph_call"]
    (program,) = set(compiled.programs.values())
    values = [*compiled.read_boxes(program), x._data, y._data]
    with x64.on():  # as msjax traces its programs
        return _flat_export(program.jitted.__wrapped__, values, program.donated, {})


def _exported_jax_step(model: str, batch: int):
    import jax

    import models_jax
    captured, jit = {}, jax.jit

    def capturing(fn=None, **options):  # the step function models_jax.py jits
        if fn is None:
            return lambda f: capturing(f, **options)
        captured.update(fn=fn, options=options)
        return jit(fn, **options)
    models_jax.jax.jit = capturing
    try:
        run, _ = models_jax.MODELS[model](batch)
    finally:
        models_jax.jax.jit = jit
    cells = [c.cell_contents for c in run.__closure__]
    carry = next(c for c in cells if isinstance(c, list))
    x, y = sorted((c for c in cells if hasattr(c, "ndim")), key=lambda a: -a.ndim)
    options = dict(captured["options"])
    donated = options.pop("donate_argnums", ())
    with jax.default_matmul_precision("float32"):  # as models_jax.py's run
        return _flat_export(captured["fn"], [carry[0], carry[1], x, y], donated, options)


def _flat_export(fn, args, donated, options):
    """`fn(*args)` exported for cuda as a function of the arrays in `args` (a serialisable
    signature: Flax's state classes are not), the arrays of the `donated` arguments donated."""
    import jax
    leaves, tree = jax.tree_util.tree_flatten(list(args))
    counts = [len(jax.tree_util.tree_leaves(arg)) for arg in args]
    starts = [sum(counts[:i]) for i in range(len(args))]
    donate = tuple(k for i in donated for k in range(starts[i], starts[i] + counts[i]))

    def flat(*arrays):
        return jax.tree_util.tree_leaves(fn(*jax.tree_util.tree_unflatten(tree, arrays)))
    return jax.export.export(jax.jit(flat, donate_argnums=donate, **options),
                             platforms=["cuda"])(*leaves)


def export_step(side: str, model: str, batch: int, path: str):
    """In a child process on the CPU: the step exported for cuda, serialised to `path`."""
    import jax
    exported = (_exported_msjax_step if side == "msjax" else _exported_jax_step)(model, batch)
    with open(path, "wb") as file:
        file.write(exported.serialize())


def compile_step(path: str, on_device: bool, dump: str | None = None) -> dict:
    """In a child process: the exported step compiled and summarised. Without a device, for
    `H200_CONFIG`; with one (`on_device`), for this machine's first GPU twice, without XLA's
    autotuning and then with it (what the first step's compile spends autotuning is the
    difference). With `dump` (a path prefix), the autotuned compile writes XLA's autotuning
    results and logs to `dump` + `_results.textproto` and `_logs.textproto`."""
    import jax
    from jax.sharding import SingleDeviceSharding
    with open(path, "rb") as file:
        exported = jax.export.deserialize(bytearray(file.read()))
    if on_device:
        device = jax.devices()[0]
    else:
        from jax.experimental import topologies
        try:
            topology = topologies.get_topology_desc(platform="cuda", target_config=H200_CONFIG,
                                                    topology="1x1x1")
        except Exception as error:  # noqa: BLE001 - JAX's error without its CUDA plugin
            raise SystemExit(f"benchmarks/gpu_program.py needs JAX's CUDA plugin to compile for "
                             f"a GPU (pip install -e '.[cuda]'; no GPU needed): {error}") from error
        device = topology.devices[0]
    place = SingleDeviceSharding(device)
    avals = [jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=place) for a in exported.in_avals]
    args, kwargs = jax.tree_util.tree_unflatten(exported.in_tree, avals)
    lowered = jax.jit(exported.call).lower(*args, **kwargs)
    result = {}
    tuned = {"xla_gpu_dump_autotune_results_to": f"{dump}_results.textproto",
             "xla_gpu_dump_autotune_logs_to": f"{dump}_logs.textproto"} if dump else None
    for key, options in ([("compile_untuned_s", {"xla_gpu_autotune_level": 0}),
                          ("compile_s", tuned)] if on_device else [("compile_s", None)]):
        start = time.perf_counter()
        compiled = lowered.compile(compiler_options=options)
        result[key] = time.perf_counter() - start
    result.update(program_summary(compiled.as_text()), device=device.device_kind)
    return result


def run_child(args: list, what: str, on_cpu: bool = True, log_passes: bool = False):
    """The child's result (the JSON of its last line), and with `log_passes` its XLA compiles'
    phases (`compile_phases` of its log)."""
    env = dict(os.environ, MSJAX_EAGER_COMPILE_CACHE="0", **(XLA_PASS_LOG if log_passes else {}))
    # no persistent compilation cache: a compile measured must not load a program, nor the
    # second side's reuse the first's XLA autotuning (benchmarks/models.py, SEPARATE_AUTOTUNING)
    env.pop("JAX_COMPILATION_CACHE_DIR", None)
    if on_cpu:
        env["JAX_PLATFORMS"] = "cpu"
    env["PYTHONPATH"] = os.pathsep.join([os.path.dirname(HERE), env.get("PYTHONPATH", "")])
    out = subprocess.run([sys.executable, os.path.abspath(__file__), *args], capture_output=True,
                         text=True, env=env)
    if out.returncode != 0:
        raise RuntimeError(f"benchmarks/gpu_program.py: {what} failed:\n{out.stderr[-3000:]}")
    lines = out.stdout.strip().splitlines()
    result = json.loads(lines[-1]) if lines else None
    return (result, compile_phases(out.stderr)) if log_passes else result


def measure(side: str, model: str, precision: str, batch: int, size: str, on_device: bool,
            folder: str, dump: str | None = None) -> dict:
    """One side's step: exported on the CPU in one process, compiled in another (on the GPU
    with `on_device`: a process that had compiled the step already would reuse its
    autotuning). The result's "phases" are the last compile's (`compile_phases`); with `dump`
    (a folder, on a GPU) XLA's autotuning results and logs are written there."""
    os.environ.update(MSJAX_BENCH_DTYPE=precision, MSJAX_BENCH_SIZE=size)
    name = f"{side}_{model}_{precision}"
    path = os.path.join(folder, f"{name}.exported")
    run_child(["--export", side, model, str(batch), path], f"exporting {side}'s {model}")
    extra = (["--on-device"] if on_device else []) + (
        ["--dump", os.path.join(dump, f"{name}_autotune")] if dump and on_device else [])
    result, phases = run_child(["--compile", path] + extra, f"compiling {side}'s {model}",
                               on_cpu=not on_device, log_passes=True)
    result["phases"] = phases[-1] if phases else None
    return result


def phases_text(ms: dict, jx: dict, most: int = 3) -> str:
    """The two sides' compile phases, and the `most` outermost passes furthest apart."""
    if not (ms["phases"] and jx["phases"]):
        return "compile phases: not in XLA's log"
    a, b = ms["phases"], jx["phases"]
    names = sorted(set(a["passes"]) | set(b["passes"]),
                   key=lambda n: -abs(a["passes"].get(n, 0) - b["passes"].get(n, 0)))[:most]
    apart = ", ".join(f"{n} {a['passes'].get(n, 0):.2f}/{b['passes'].get(n, 0):.2f}"
                      for n in names)
    return (f"hlo passes {a.get('hlo_passes', 0):.1f}/{b.get('hlo_passes', 0):.1f} s "
            f"(choosing kernel configurations {tuning_seconds(a['passes']):.1f}/"
            f"{tuning_seconds(b['passes']):.1f}), backend {a.get('backend', 0):.1f}/"
            f"{b.get('backend', 0):.1f} s; passes most apart: {apart}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(m for m, _ in MODELS))
    parser.add_argument("--precisions", default="float32,bfloat16")
    parser.add_argument("--tiny", action="store_true", help="the small shapes (a quick check)")
    parser.add_argument("--on-device", action="store_true",
                        help="compile on this machine's GPU, without and with autotuning")
    parser.add_argument("--dump", metavar="FOLDER",
                        help="with --on-device: write XLA's autotuning results and logs there")
    parser.add_argument("--export", nargs=4, metavar=("SIDE", "MODEL", "BATCH", "PATH"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--compile", metavar="PATH", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.export:
        side, model, batch, path = args.export
        export_step(side, model, int(batch), path)
        return
    if args.compile:
        print(json.dumps(compile_step(args.compile, args.on_device, args.dump)))
        return
    if args.dump:
        os.makedirs(args.dump, exist_ok=True)
    batches = dict(MODELS)
    where = ("on this machine's GPU" if args.on_device
             else "for an H200 without one (no autotuning)")
    print(f"training steps compiled {where} by XLA's GPU compiler; bytes moved target <= "
          f"{TARGET}x Flax's")
    with tempfile.TemporaryDirectory() as folder:
        for precision in args.precisions.split(","):
            for model in args.models.split(","):
                batch = 2 if args.tiny else batches[model]
                size = "tiny" if args.tiny else "full"
                ms, jx = (measure(side, model, precision, batch, size, args.on_device, folder,
                                  args.dump) for side in ("msjax", "jax"))
                ratio = ms["bytes"] / jx["bytes"]
                line = (f"{model:<18} {precision:<8} b{batch:<4} kernels msjax "
                        f"{ms['kernels']:5d} jax {jx['kernels']:5d} | bytes moved msjax "
                        f"{ms['bytes'] / 2**30:7.2f} GiB jax {jx['bytes'] / 2**30:7.2f} GiB "
                        f"ratio {ratio:5.3f} {verdict(ratio, TARGET)} | compile "
                        f"{ms['compile_s']:5.1f}/{jx['compile_s']:5.1f} s")
                if args.on_device:
                    line += (f", untuned {ms['compile_untuned_s']:5.1f}/"
                             f"{jx['compile_untuned_s']:5.1f} s ({ms['device']})")
                # cuDNN's fused convolutions (a sum taken in by the convolution), which it
                # autotunes apart from the plain ones: msjax's bfloat16 ResNet-50 has 16, Flax's
                # none (both 16 in float32)
                fused = [side["kinds"].get(FUSED_CONV, 0) for side in (ms, jx)]
                line += f" | fused convolutions {fused[0]}/{fused[1]}"
                print(line, flush=True)
                line = (f"  autotuned problems msjax {len(ms['tuned'])} jax {len(jx['tuned'])}, "
                        f"{len(set(ms['tuned']) & set(jx['tuned']))} of them the same")
                print(line, flush=True)
                print(f"  {phases_text(ms, jx)}", flush=True)


if __name__ == "__main__":
    main()
