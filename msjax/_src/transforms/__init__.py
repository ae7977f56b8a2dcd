"""msjax's transforms (vmap, grad, jit, pmap): thin wrappers over JAX's, sharing one compiled-call
path. `tracing_depth()` tells code whether it runs inside a trace of one of them (per thread and
task: it lives with the state frames in `msjax._src.core.state`)."""
from msjax._src.core.state import tracing as tracing
from msjax._src.core.state import tracing_depth as tracing_depth

# Python values a compiled program takes by value: part of its signature (and cache entry).
STATIC_TYPES = (int, float, bool, str, complex, type(None), bytes)
