"""Timing helpers shared by the benchmarks: best-of-N wall time per call, JAX's compile events,
ratio printing."""
from __future__ import annotations

import time

COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"
TRACE_EVENTS = ("/jax/core/compile/jaxpr_trace_duration",
                "/jax/core/compile/jaxpr_to_mlir_module_duration")


def per_call_seconds(fn, *, number: int, repeat: int = 5, sync=None) -> float:
    """The best (lowest) mean seconds per call over `repeat` runs of `number` calls."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            result = fn()
        if sync is not None:
            sync(result)
        best = min(best, (time.perf_counter() - start) / number)
    return best


def interleaved_seconds(fns, *, number: int, rounds: int = 5, sync=None) -> list:
    """The best mean seconds per call of each of `fns`, measured in interleaved rounds (one run
    of `number` calls of each per round), so that the machine's drift affects them alike.
    `sync` is one function for all, or a list of one per function."""
    syncs = sync if isinstance(sync, (list, tuple)) else [sync] * len(fns)
    best = [float("inf")] * len(fns)
    for _ in range(rounds):
        for k, (fn, sync_k) in enumerate(zip(fns, syncs)):
            best[k] = min(best[k], per_call_seconds(fn, number=number, repeat=1, sync=sync_k))
    return best


def interleaved_rounds(fns, *, number: int, rounds: int, sync=None) -> list:
    """Each of `fns`' mean seconds per call in every one of `rounds` interleaved rounds (one run
    of `number` calls of each per round): a list of `rounds` values per function, for medians
    where one function's rounds spread more than the machine's drift (`median`)."""
    syncs = sync if isinstance(sync, (list, tuple)) else [sync] * len(fns)
    times = [[] for _ in fns]
    for _ in range(rounds):
        for k, (fn, sync_k) in enumerate(zip(fns, syncs)):
            times[k].append(per_call_seconds(fn, number=number, repeat=1, sync=sync_k))
    return times


def median(values) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def listen_to_compiles() -> list:
    """A list that JAX's compile events `(name, seconds)` are appended to from now on."""
    from jax import monitoring
    events = []
    monitoring.register_event_duration_secs_listener(
        lambda name, seconds, **_: events.append((name, seconds)))
    return events


def record_compiled_programs() -> list:
    """A list that the (StableHLO) module of every program XLA compiles from now on is appended
    to. Appending is all it costs during the compile; `str(module)` is the program's text."""
    from jax._src import compiler
    modules, compile_ = [], compiler.backend_compile_and_load

    def recording(backend, module, *args, **kwargs):
        modules.append(module)
        return compile_(backend, module, *args, **kwargs)
    compiler.backend_compile_and_load = recording
    return modules


def recompile_seconds(program_texts, *, rounds: int) -> list:
    """`(best wall, best CPU)` seconds of XLA compiling each program text (one device, default
    options), compiled in alternating rounds in this process so that the machine's load affects
    them alike. CPU time counts every thread (XLA compiles on a thread pool)."""
    import resource

    import jax
    from jax._src import compiler
    from jax._src.lib import xla_client

    client = jax.devices()[0].client
    devices = xla_client.DeviceList(tuple(jax.devices()[:1]))
    options = compiler.get_compile_options(num_replicas=1, num_partitions=1)

    def cpu_seconds():
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime
    best = [[float("inf"), float("inf")] for _ in program_texts]
    for _ in range(rounds):
        for k, text in enumerate(program_texts):
            wall, cpu = time.perf_counter(), cpu_seconds()
            client.compile_and_load(text, devices, options)
            best[k] = [min(best[k][0], time.perf_counter() - wall),
                       min(best[k][1], cpu_seconds() - cpu)]
    return best


def compile_summary(events) -> dict:
    """The programs XLA compiled among `events` (`listen_to_compiles`), their total and fastest
    XLA compile, and the tracing + lowering to HLO."""
    compiles = [seconds for name, seconds in events if name == COMPILE_EVENT]
    return {"programs": len(compiles), "xla_compile": sum(compiles),
            "fastest_compile": min(compiles, default=0.0),
            "trace_and_lower": sum(seconds for name, seconds in events if name in TRACE_EVENTS)}


def verdict(value: float, target: float) -> str:
    """'ok' when `value` is at most `target` (a ratio or a time whose target is an upper bound)."""
    return "ok" if value <= target else "ABOVE TARGET"


def report(label: str, msjax_seconds: float, jax_seconds: float, target: float, unit="us"):
    scale = {"us": 1e6, "ms": 1e3, "s": 1.0}[unit]
    ratio = msjax_seconds / jax_seconds
    verdict_ = verdict(ratio, target)
    print(f"{label:<44} msjax {msjax_seconds * scale:10.2f} {unit}   jax {jax_seconds * scale:10.2f} "
          f"{unit}   ratio {ratio:5.2f} (target <= {target}) {verdict_}")
    return ratio
