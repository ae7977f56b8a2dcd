"""Records MindSpore 2.10 goldens for `set_context`, `get_context`, `set_device`, `set_seed` and
`get_seed` (tests/goldens/context.json).

Regenerate from the repository root with:

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/context_probe.py \
        | python tests/goldens/scripts/context_probe.py --write tests/goldens/context.json

`defaults` holds `get_context(key)` in a fresh process for every key MindSpore's context knows
(its setters, its attributes and the public members of `ms_ctx_param`), plus a few keys it does
not know. `calls` runs a sequence of statements in one process, in order, recording after each
the outcome: `{"kind": "python", "type": ..., "repr": ...}` for the statement's value (an
expression) or `{"kind": "error", "type": ..., "message": ...}`.
"""
import json
import sys

MARKER = "GOLDENS_JSON "

UNKNOWN_KEYS = ["abc", "precompile_only", "enable_dump", "save_dump_path", "auto_tune_mode",
                "enable_auto_mixed_precision", "enable_sparse", "grad_for_scalar", "save_ms_model",
                "device_memory_capacity", "pynative_view_dispatch_mode"]

CALLS = [
    "ms.GRAPH_MODE", "ms.PYNATIVE_MODE", "ms.context.GRAPH_MODE", "ms.context.PYNATIVE_MODE",
    "ms.STRICT", "ms.COMPATIBLE", "ms.LAX", "ms.context.STRICT", "ms.context.DEBUG",
    "ms.context.RELEASE", "ms.get_seed()",
    "ms.get_context('mode')", "ms.set_context(mode=ms.GRAPH_MODE)", "ms.get_context('mode')",
    "ms.set_context(mode=ms.PYNATIVE_MODE)", "ms.get_context('mode')", "ms.set_context(mode=3)",
    "ms.set_context(mode=-1)", "ms.set_context(mode='GRAPH')", "ms.set_context(mode=None)",
    "ms.set_context(mode=1.0)", "ms.get_context('mode')", "ms.set_context(abc=1)",
    "ms.set_context(mode=0, abc=1)", "ms.get_context('mode')", "ms.set_context(mode=1)",
    "ms.get_context('abc')", "ms.get_context()", "ms.set_context()",
    "ms.set_context(device_target='TPU')", "ms.set_context(device_target='cpu')",
    "ms.set_context(device_target=None)", "ms.set_context(device_target='CPU')",
    "ms.get_context('device_target')", "ms.set_device('CPU')", "ms.set_device('TPU')",
    "ms.set_device('cpu')", "ms.set_device('CPU', -1)", "ms.set_device('CPU', 0)",
    "ms.get_context('device_id')", "ms.set_device(None)",
    "ms.set_context(max_call_depth=2000)", "ms.get_context('max_call_depth')",
    "ms.set_context(max_call_depth=-1)", "ms.set_context(max_call_depth=0)",
    "ms.set_context(max_call_depth='a')", "ms.get_context('max_call_depth')",
    "ms.set_context(save_graphs=True)", "ms.get_context('save_graphs')",
    "ms.set_context(save_graphs=False)", "ms.get_context('save_graphs')",
    "ms.set_context(save_graphs=4)", "ms.set_context(save_graphs=1)", "ms.get_context('save_graphs')",
    "ms.set_context(save_graphs=0)",
    "ms.set_context(jit_syntax_level=ms.STRICT)", "ms.get_context('jit_syntax_level')",
    "ms.set_context(jit_syntax_level=5)", "ms.set_context(jit_syntax_level=ms.LAX)",
    "ms.set_context(debug_level=ms.context.DEBUG)", "ms.get_context('debug_level')",
    "ms.set_context(debug_level=7)", "ms.set_context(debug_level=ms.context.RELEASE)",
    "ms.set_context(deterministic='ON')", "ms.get_context('deterministic')",
    "ms.set_context(deterministic='X')", "ms.set_context(deterministic='OFF')",
    "ms.set_context(enable_compile_cache=True, compile_cache_path='/tmp/msjax_cc')",
    "ms.get_context('enable_compile_cache')", "ms.get_context('compile_cache_path')",
    "ms.set_context(enable_compile_cache=False)", "ms.set_context(runtime_num_threads=4)",
    "ms.get_context('runtime_num_threads')", "ms.set_context(pynative_synchronize=True)",
    "ms.get_context('pynative_synchronize')", "ms.set_context(pynative_synchronize=False)",
    "ms.set_context(jit_config={'jit_level': 'O0'})", "ms.get_context('jit_config')",
    "ms.set_context(enable_sparse=True)", "ms.set_context(precision_mode='fp16')",
    "ms.set_context(exec_order='dfs')", "ms.get_context('exec_order')",
    "ms.set_context(save_graphs_path='/tmp/msjax_graphs')", "ms.get_context('save_graphs_path')",
    "ms.set_seed(1)", "ms.get_seed()", "ms.set_seed(-1)", "ms.set_seed(1.5)", "ms.set_seed('a')",
    "ms.set_seed(None)", "ms.set_seed(2**32)", "ms.set_seed(2**32 - 1)", "ms.get_seed()",
    "ms.set_seed(True)", "ms.set_seed(np.int64(3))", "ms.get_seed()", "ms.set_seed(0)",
    "ms.get_seed()",
]


def record_goldens():
    import numpy as np
    import mindspore as ms
    from mindspore.context import _context
    from mindspore._c_expression import ms_ctx_param  # pylint: disable=no-name-in-module

    def outcome(fn):
        try:
            value = fn()
            return {"kind": "python", "type": type(value).__name__, "repr": repr(value)}
        except Exception as e:  # pylint: disable=broad-except
            return {"kind": "error", "type": type(e).__name__, "message": str(e)}

    ctx = _context()
    known = set(getattr(ctx, "setters", {}))
    known |= {k for k in ms_ctx_param.__members__ if not k.startswith("_")}
    known |= {k for k in dir(ctx) if not k.startswith("_") and not callable(getattr(ctx, k))}
    known.discard("setters")  # the setter table itself, not a setting
    defaults = []
    for key in sorted(known) + UNKNOWN_KEYS:
        defaults.append({"key": key, **outcome(lambda key=key: ms.get_context(key))})
    namespace = {"ms": ms, "np": np}
    calls = []
    for stmt in CALLS:
        calls.append({"stmt": stmt,
                      **outcome(lambda stmt=stmt: eval(stmt, namespace))})  # pylint: disable=eval-used
    return {"mindspore_version": ms.__version__, "defaults": defaults, "calls": calls}


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        lines = [line for line in sys.stdin if line.startswith(MARKER)]
        if len(lines) != 1:
            sys.exit(f"expected one line starting with {MARKER!r} on stdin, got {len(lines)}")
        with open(sys.argv[2], "w") as f:
            json.dump(json.loads(lines[0][len(MARKER):]), f, indent=1, ensure_ascii=False)
            f.write("\n")
        print(f"wrote {sys.argv[2]}")
    else:
        print(MARKER + json.dumps(record_goldens(), default=repr), flush=True)
