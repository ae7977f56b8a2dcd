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


def listen_to_compiles() -> list:
    """A list that JAX's compile events `(name, seconds)` are appended to from now on."""
    from jax import monitoring
    events = []
    monitoring.register_event_duration_secs_listener(
        lambda name, seconds, **_: events.append((name, seconds)))
    return events


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
