"""msjax's transforms (vmap, grad, jit, pmap): thin wrappers over JAX's, sharing one compiled-call
path. `tracing_depth()` tells code whether it runs inside a trace of one of them (per thread and
task: it lives with the state frames in `msjax._src.core.state`)."""
from msjax._src.core.state import tracing as tracing
from msjax._src.core.state import tracing_depth as tracing_depth
from msjax._src.core.state import STATIC_TYPES as STATIC_TYPES
