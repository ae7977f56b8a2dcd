"""Records MindSpore 2.10 goldens for `mindspore.context`'s module-level names and the
deterministic settings' environment variables (tests/goldens/core/context_module.json).

Regenerate from the repository root with:

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/context_module_probe.py \\
        | python tests/goldens/scripts/context_module_probe.py --write \\
          tests/goldens/core/context_module.json

`calls` runs a sequence of statements in one fresh process, in order, recording after each the
outcome: `{"kind": "python", "type": ..., "repr": ...}` for the statement's value or
`{"kind": "error", "type": ..., "message": ...}`. `env(name)` is `os.environ.get(name)` and
`setenv(name, value)` sets (value None: unsets) a variable, so the sequence can show what
`set_context(deterministic=...)` and `set_deterministic` do to the environment.
"""
import json
import sys

MARKER = "GOLDENS_JSON "

CALLS = [
    "type(ms.context.K_CONTEXT).__name__", "type(ms.context._context()).__name__",
    "ms.context._context() is ms.context._context()",
    "ms.context.get_jit_config()", "ms.context._context().get_mode()",
    "ms.context._context().get_jit_config()",
    "ms.set_context(jit_config={'jit_level': 'O1'})", "ms.context.get_jit_config()",
    "ms.set_context(jit_config={'jit_level': 'O2', 'infer_boost': 'on'})",
    "ms.context.get_jit_config()", "ms.get_context('jit_config')",
    "ms.set_context(jit_config={'jit_level': ''})", "ms.context.get_jit_config()",
    "ms.set_context(jit_config={'jit_level': 'O0'})", "ms.context.get_jit_config()",
    "ms.set_context(mode=ms.GRAPH_MODE)", "ms.context._context().get_mode()",
    "ms.set_context(mode=ms.PYNATIVE_MODE)", "ms.context._context().get_mode()",
    "ms.set_context.__wrapped__ is ms.context.set_context.__wrapped__",
    "ms.set_context.__name__",
    "ms.set_context(variable_memory_max_size=True)", "ms.set_context(max_device_memory=1)",
    "ms.set_context.__wrapped__(variable_memory_max_size='3GB')",
    "ms.set_context.__wrapped__(max_device_memory='3GB')",
    "ms.set_context.__wrapped__(abc=1)",
    "env('HCCL_DETERMINISTIC')", "env('TE_PARALLEL_COMPILER')",
    "ms.set_context(deterministic='NOTRIGHT')", "env('HCCL_DETERMINISTIC')",
    "ms.set_context(deterministic='ON')", "env('HCCL_DETERMINISTIC')",
    "env('TE_PARALLEL_COMPILER')", "ms.get_context('deterministic')",
    "ms.set_context(deterministic='OFF')", "env('HCCL_DETERMINISTIC')",
    "env('TE_PARALLEL_COMPILER')", "ms.get_context('deterministic')",
    "setenv('HCCL_DETERMINISTIC', 'strict')", "setenv('TE_PARALLEL_COMPILER', '8')",
    "ms.set_context(deterministic='ON')", "env('HCCL_DETERMINISTIC')",
    "env('TE_PARALLEL_COMPILER')",
    "setenv('HCCL_DETERMINISTIC', 'false')", "setenv('TE_PARALLEL_COMPILER', '0')",
    "ms.set_context(deterministic='OFF')", "env('HCCL_DETERMINISTIC')",
    "env('TE_PARALLEL_COMPILER')",
    "setenv('HCCL_DETERMINISTIC', 'other')", "setenv('TE_PARALLEL_COMPILER', '1')",
    "ms.set_context(deterministic='OFF')", "env('HCCL_DETERMINISTIC')",
    "env('TE_PARALLEL_COMPILER')",
    "ms.set_deterministic('ON')", "ms.set_deterministic(True)", "env('HCCL_DETERMINISTIC')",
    "env('TE_PARALLEL_COMPILER')", "ms.get_context('deterministic')",
    "ms.set_deterministic(True)", "ms.set_deterministic(False)", "env('HCCL_DETERMINISTIC')",
    "ms.device_manager.set_deterministic is ms.set_deterministic",
]


def record_goldens():
    import os
    import mindspore as ms

    def outcome(fn):
        try:
            value = fn()
            return {"kind": "python", "type": type(value).__name__, "repr": repr(value)}
        except Exception as e:  # pylint: disable=broad-except
            return {"kind": "error", "type": type(e).__name__, "message": str(e)}

    def setenv(name, value):
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value

    for name in ("HCCL_DETERMINISTIC", "TE_PARALLEL_COMPILER"):
        os.environ.pop(name, None)
    namespace = {"ms": ms, "env": os.environ.get, "setenv": setenv}
    calls = []
    for stmt in CALLS:
        calls.append({"stmt": stmt,
                      **outcome(lambda stmt=stmt: eval(stmt, namespace))})  # pylint: disable=eval-used
    return {"mindspore_version": ms.__version__, "calls": calls}


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
