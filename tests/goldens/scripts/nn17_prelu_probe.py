"""MindSpore 2.10's PReLU weight checks (ops.prelu, nn.PReLU): a 1-d weight of one value or one
per channel (axis 1; a 0-d or 1-d input has one channel). MindSpore's CPU kernel reports a wrong
weight length at a later call, so MindSpore's output is recorded one case per process:
    GLOG_v=3 ~/.cache/msjax-oracle/venv/bin/python tests/goldens/scripts/nn17_prelu_probe.py \\
        --oracle > tests/goldens/nn/nn17_prelu_probe.out
Without --oracle every case runs in this process (as on msjax, which raises at the call).
Golden: tests/goldens/nn/nn17_prelu_probe.out (tests/nn/test_nn17_prelu.py)."""
import subprocess
import sys

import numpy as np
from mindspore import nn, ops, Tensor


def ones(*shape):
    return Tensor(np.ones(shape, np.float32))


def values(*shape):
    return Tensor(np.linspace(-1, 1, int(np.prod(shape)), dtype=np.float32).reshape(shape))


CASES = {
    "prelu x (1, 2, 4) weight (3,)": lambda: ops.prelu(values(1, 2, 4), ones(3)),
    "prelu x (1, 2, 4) weight (2,)": lambda: ops.prelu(values(1, 2, 4), values(2)),
    "prelu x (2,) weight (2,)": lambda: ops.prelu(values(2), ones(2)),
    "prelu x (3,) weight (2,)": lambda: ops.prelu(values(3), ones(2)),
    "prelu x (2,) weight (1,)": lambda: ops.prelu(values(2), values(1)),
    "prelu x (2, 3) weight (2,)": lambda: ops.prelu(values(2, 3), ones(2)),
    "prelu x (2, 3) weight (3,)": lambda: ops.prelu(values(2, 3), values(3)),
    "prelu x (2, 3) weight (1, 3)": lambda: ops.prelu(values(2, 3), ones(1, 3)),
    "prelu x () weight (1,)": lambda: ops.prelu(Tensor(np.float32(-0.5)), values(1)),
    "prelu x () weight (2,)": lambda: ops.prelu(Tensor(np.float32(-0.5)), ones(2)),
    "prelu x (2, 3) weight ()": lambda: ops.prelu(values(2, 3), Tensor(np.float32(0.5))),
    "PReLU(3) x (1, 2, 4)": lambda: nn.PReLU(3)(values(1, 2, 4)),
    "PReLU(2) x (2,)": lambda: nn.PReLU(2)(values(2)),
    "PReLU() x (2, 5, 3)": lambda: nn.PReLU()(values(2, 5, 3)),
}


def run(label):
    try:
        r = CASES[label]()
        print(label, "->", "OK", r.dtype, tuple(r.shape), r.asnumpy().ravel().tolist(), flush=True)
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [line for line in str(e).strip().splitlines() if line.strip("- ")]
        print(label, "->", type(e).__name__, lines[0] if lines else "", flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--oracle"]:
        for name in CASES:
            done = subprocess.run([sys.executable, __file__, name], capture_output=True,
                                  text=True, check=False)
            print("\n".join(line for line in done.stdout.splitlines() if " -> " in line),
                  flush=True)
    elif sys.argv[1:2] and sys.argv[1] in CASES:
        run(sys.argv[1])
    else:
        for name in CASES:
            run(name)
