"""Where XLA's CPU backend spends the compile of saved step programs (pure JAX, no msjax).

    python benchmarks/models.py --child msjax resnet18 --program /tmp/msjax.mlir
    python benchmarks/models.py --child jax resnet18 --program /tmp/jax.mlir
    python tools/xla_compile_profile.py /tmp/msjax.mlir /tmp/jax.mlir [--top 12]

Each program text (StableHLO, as `benchmarks/models.py`'s first-step child writes it) is compiled
once in a child process with XLA's own timers logged (TF_CPP_VMODULE), and the script prints per
program: the HLO pass pipeline's time and its algebraic-simplifier rounds, the kernels XLA
compiled (its thunk emitter reuses a kernel for an identical fusion, so only distinct ones cost),
the time of their MLIR fusion emitting and of their LLVM compile, and the kinds of kernels (the
fusion's name without its number) that took the most. The kernels compile on a thread pool, so
their times add up to more than the wall time and move with the machine's load: compare
programs compiled in one run, and read the counts (kernels, reused, rounds), which do not move.
"""
from __future__ import annotations

import argparse
import collections
import os
import re
import subprocess
import sys

_COMPILE = """
import sys, jax
from jax._src import compiler
from jax._src.lib import xla_client
devices = xla_client.DeviceList(tuple(jax.devices()[:1]))
options = compiler.get_compile_options(num_replicas=1, num_partitions=1)
jax.devices()[0].client.compile_and_load(open(sys.argv[1]).read(), devices, options)
"""
_VMODULE = "ir_compiler=2,fusion_compiler=2,thunk_emitter=1,cpu_compiler=1,hlo_pass_pipeline=1"
_MICROSECONDS = r"time: .*?\((\d+) us\)"


def kernel_kind(module_name: str) -> str:
    """`__compute_module_transpose_copy_fusion.19_kernel_module` -> `transpose_copy_fusion`."""
    name = module_name.replace("__compute_module_", "")
    return re.sub(r"\.\d+", "", re.sub(r"_kernel_module.*", "", name))


def profile(log_lines) -> dict:
    """XLA's timer lines of one compile, summed: HLO passes, algsimp rounds, kernels by kind."""
    kinds = collections.defaultdict(lambda: [0, 0.0, 0.0])  # count, MLIR ms, LLVM ms
    figures = dict(hlo_passes_ms=0.0, algsimp_rounds=0, reused=0)
    for line in log_lines:
        if m := re.search(r"Compiled (MLIR|LLVM) module: (\S+) " + _MICROSECONDS, line):
            entry = kinds[kernel_kind(m.group(2))]
            if m.group(1) == "LLVM":
                entry[0] += 1
            entry[1 if m.group(1) == "MLIR" else 2] += int(m.group(3)) / 1e3
        elif m := re.search(r"Running HLO passes on .* " + _MICROSECONDS, line):
            figures["hlo_passes_ms"] += int(m.group(1)) / 1e3
        elif "HLO pass: algsimp time" in line:
            figures["algsimp_rounds"] += 1
        elif "Reusing kernel" in line:
            figures["reused"] += 1
    figures["kinds"] = dict(kinds)
    return figures


def compile_logged(path: str) -> list:
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="0", TF_CPP_VMODULE=_VMODULE)
    out = subprocess.run([sys.executable, "-c", _COMPILE, path], env=env, capture_output=True,
                         text=True)
    if out.returncode != 0:
        raise RuntimeError(f"tools/xla_compile_profile.py: compiling {path} failed:\n"
                           f"{out.stderr[-2000:]}")
    return out.stderr.splitlines()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("programs", nargs="+", help="StableHLO program texts")
    parser.add_argument("--top", type=int, default=12, help="kernel kinds printed per program")
    args = parser.parse_args()
    for path in args.programs:
        figures = profile(compile_logged(path))
        kinds = figures["kinds"]
        mlir = sum(k[1] for k in kinds.values())
        llvm = sum(k[2] for k in kinds.values())
        print(f"{path}: HLO passes {figures['hlo_passes_ms']:.0f} ms "
              f"({figures['algsimp_rounds']} algsimp rounds); "
              f"{sum(k[0] for k in kinds.values())} kernels compiled, {figures['reused']} reused; "
              f"MLIR emitting {mlir:.0f} ms, LLVM {llvm:.0f} ms (thread pool)")
        for kind, (count, mlir_ms, llvm_ms) in sorted(
                kinds.items(), key=lambda item: -(item[1][1] + item[1][2]))[:args.top]:
            print(f"    {kind[:44]:<44} {count:4d} kernels  {mlir_ms + llvm_ms:7.0f} ms")


if __name__ == "__main__":
    main()
