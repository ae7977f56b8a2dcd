"""Records MindSpore 2.10 goldens for Tensor attributes, conversions, methods, indexing and
`__setitem__` (tests/goldens/tensor_methods.json).

Regenerate from the repository root with:

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tensor_methods_probe.py \
        | python tests/goldens/scripts/tensor_methods_probe.py --write tests/goldens/tensor_methods.json

Under MindSpore (the oracle) the script prints one line, `GOLDENS_JSON {...}`; run with
`--write FILE` under plain Python (no MindSpore needed) it reads that output on stdin and writes
FILE. The expressions are evaluated with `ms` (mindspore), `np`, `ops`, `Tensor` and the fixtures
`x` (a 2x3 float32 tensor), `xi` (the same values as int32) and `b` (a bool vector) in scope; the
`statements` run against a fresh `y` (a 2x3 float32 tensor, values 0..5) and record `y` afterwards.

Each outcome is one of:
- `{"kind": "tensor", "dtype": str(t.dtype), "shape": [...], "values": asnumpy().tolist()}`
  (bfloat16 read through float32, complex numbers as `[real, imag]`, non-finite floats as the
  strings "nan", "-nan", "inf", "-inf");
- `{"kind": "tuple" | "list", "items": [outcome, ...]}` for sequences holding Tensors;
- `{"kind": "python", "type": type name, "repr": repr(value)}` for any other value;
- `{"kind": "error", "type": exception type name, "message": str(exception)}`.
The first probe of this file was /tmp/probe2.py (method existence and the ops it touches).
"""
import json
import math
import sys

MARKER = "GOLDENS_JSON "

FIXTURES = """
x = Tensor(np.array([[1, 5, 2], [7, 0, 3]], np.float32))
xi = Tensor(np.array([[1, 5, 2], [7, 0, 3]], np.int32))
b = Tensor(np.array([True, False, True]))
"""

EXPRESSIONS = [
    # -- ops touched by the first probe (/tmp/probe2.py) --------------------------------------
    "ops.max(x)", "ops.max(x, 1)", "ops.min(x, 0, True)", "ops.argmax(x)", "ops.argmax(x, 1)",
    "ops.mean(xi)", "ops.mean(x, 1)", "ops.sum(xi, 1)", "ops.prod(xi)", "ops.ReduceMean()(xi)",
    "ops.ReduceMax()(x, 1)", "ops.Argmax()(x)", "ops.ArgMaxWithValue()(x)", "ops.amax(x, 1)",
    "ops.softmax(x)", "ops.cast(xi, ms.float32)", "ops.zeros((2,2))", "ops.ones((2,2))",
    "ops.zeros((2,2)).dtype", "ops.arange(5)", "ops.arange(0.0, 1.0, 0.25)",
    "ops.fill(ms.float32, (2,), 1)", "ops.linspace(0, 1, 5)", "ops.eye(2)", "ops.full((2,), 1)",
    "ops.concat((x, x))", "ops.split(x, 1, 1)", "ops.transpose(x, (1, 0))",
    "ops.gather(x, Tensor(np.array([1,0],np.int32)), 0)",
    "ops.one_hot(Tensor(np.array([1,0],np.int32)), 3, Tensor(1.0), Tensor(0.0))", "ops.squeeze(x)",
    "ops.norm(x)", "ops.topk(x, 2)", "ops.sort(x)", "ops.std(x)", "ops.var(x)",
    "ops.logsumexp(x, 1)", "ops.relu(x)", "ops.gelu(x)", "ops.log_softmax(x)", "ops.tile(x, (1,2))",
    "ops.broadcast_to(Tensor(np.array([1.,2.,3.],np.float32)), (2,3))", "ops.where(x>2, x, 0.0)",
    "ops.select(x>2, x, 0.0)",
    # -- attributes ---------------------------------------------------------------------------
    "x.shape", "x.dtype", "xi.dtype", "x.ndim", "x.size", "x.itemsize", "x.nbytes", "x.strides",
    "xi.itemsize", "b.itemsize", "b.nbytes", "Tensor(np.zeros((2,3,4),np.float32)).strides",
    "Tensor(np.zeros((2,3,4),np.float16)).nbytes", "Tensor(2).strides", "Tensor(2).shape",
    "Tensor(2).ndim", "Tensor(2).size", "Tensor(np.zeros((2,0),np.float32)).size", "x.T",
    "Tensor(np.zeros((2,3,4),np.float32)).T.shape", "Tensor(2).T",
    # -- conversions --------------------------------------------------------------------------
    "x.asnumpy()", "x.numpy()", "xi.asnumpy()", "type(x.asnumpy()).__name__",
    "x.asnumpy().flags.writeable", "x.tolist()", "xi.tolist()", "b.tolist()", "Tensor(2.5).tolist()",
    "Tensor([1,2], ms.float16).tolist()", "x[0, 1].item()", "Tensor(2.5).item()", "Tensor(2).item()",
    "Tensor(True).item()", "Tensor([[2.5]]).item()", "type(Tensor(np.float32(2)).item()).__name__",
    "Tensor([1,2]).item()", "Tensor([1,2,3]).item(1)", "bool(Tensor([1,2]))", "bool(Tensor([]))",
    "bool(Tensor(0))", "bool(Tensor([3]))", "bool(Tensor(0.5))", "int(Tensor([1,2]))",
    "int(Tensor(2.7))", "int(Tensor(-2.7))", "float(Tensor(2))", "int(Tensor([3]))",
    "float(Tensor([[3]]))", "float(Tensor([1.,2.]))", "len(x)", "len(Tensor([1,2,3]))",
    "len(Tensor(1))", "list(Tensor([1,2]))", "[t.shape for t in x]", "list(Tensor(1))",
    "list(Tensor(np.zeros((0, 2), np.float32)))", "range(5)[Tensor(2)]", "[10, 20, 30][Tensor(1)]",
    # -- astype -------------------------------------------------------------------------------
    "Tensor([1,2]).astype(ms.float16)", "Tensor([1,2]).astype('float16')",
    "Tensor([1,2]).astype('float')", "Tensor([1,2]).astype('int')", "Tensor([1,2]).astype('bool')",
    "Tensor([1,2]).astype('bool_')", "Tensor([1,2]).astype('Float32')",
    "Tensor([1,2]).astype('float32')", "Tensor([1,2]).astype('int32')",
    "Tensor([1,2]).astype(np.float32)", "Tensor([1,2]).astype(np.int8)",
    "Tensor([1,2]).astype(np.dtype('float64'))", "Tensor([1,2]).astype(float)",
    "Tensor([1,2]).astype(int)", "Tensor([1,2]).astype(bool)", "Tensor([1,2]).astype('abc')",
    "Tensor([1,2]).astype('float8')", "Tensor([1,2]).astype('bfloat16')",
    "Tensor([1,2]).astype('double')", "Tensor([1,2]).astype('half')",
    "Tensor([1,2]).astype('single')", "Tensor([1,2]).astype('long')",
    "Tensor([1,2]).astype('short')", "Tensor([1,2]).astype('byte')",
    "Tensor([1,2]).astype('ubyte')", "Tensor([1,2]).astype('intc')",
    "Tensor([1,2]).astype('uint8')", "Tensor([1,2]).astype('uint64')",
    "Tensor([1,2]).astype('complex64')", "Tensor([1,2]).astype('complex128')",
    "Tensor([1,2]).astype('cfloat')", "Tensor([1,2]).astype(ms.int32, copy=False)",
    "Tensor([1,2]).astype(None)", "Tensor([1,2]).astype(3)", "Tensor([1,2]).astype(ms.bfloat16)",
    "Tensor([1.7, -1.7]).astype(ms.int32)", "Tensor([0.0, 0.5]).astype(ms.bool_)",
    "Tensor([300, -1]).astype(ms.uint8)",
    # -- methods ------------------------------------------------------------------------------
    "x.max()", "x.max(1)", "x.max(axis=1)", "x.max(0, keepdims=True)", "x.min()", "x.min(axis=0)",
    "x.min(1)", "x.argmax()", "x.argmax(1)", "x.argmax(axis=0)", "x.argmin()", "x.argmin(1)",
    "x.sum()", "xi.sum()", "x.sum(1)", "x.sum(1, keepdims=True)", "x.sum(axis=(0, 1))",
    "x.sum(dtype=ms.float64)", "b.sum()", "x.mean()", "xi.mean()", "x.mean(1)", "x.mean(axis=0)",
    "x.mean(0, True)", "x.prod()", "xi.prod()", "x.transpose()", "x.transpose(1,0)",
    "x.transpose((1, 0))", "x.reshape(3,2)", "x.reshape((3,2))", "x.reshape(-1)", "x.reshape([6, 1])",
    "x.view(3,2)", "x.view((6,))", "x.view(-1, 2)", "x.squeeze()", "x.reshape(1, 2, 3).squeeze()",
    "x.reshape(1, 2, 1, 3).squeeze(0)", "x.reshape(1, 2, 1, 3).squeeze(2)",
    "x.reshape(1, 2, 3).squeeze(1)", "x.expand_dims(0).shape", "x.expand_dims(-1).shape",
    "x.unsqueeze(1).shape", "x.flatten()", "x.reshape(1, 2, 3).flatten()", "x.ravel()", "x.abs()",
    "(-x).abs()", "xi.abs()", "x.exp()", "x.sqrt()", "xi.sqrt()", "xi.exp()", "x.log()", "x.square()",
    "x.clip(1, 3)", "x.clip(1.5, None)", "x.clip(None, 3)", "xi.clip(1, 3)", "x.std()", "x.var()",
    "x.cumsum(1)", "x.cumsum(0)", "x.all()", "x.any()", "b.all()", "b.any()", "x.all(1)",
    "x.repeat(2)", "x.neg()", "x.round()", "x.floor()", "x.ceil()", "x.sign()", "x.sigmoid()",
    "x.tanh()", "x.pow(2)", "x.add(1)", "x.sub(x)", "x.mul(2)", "x.div(2)", "xi.div(2)", "x.matmul(x.T)",
    "x.permute(1, 0)", "x.swapaxes(0, 1)", "x.copy()", "x.clone()", "x.dim()", "x.numel()",
    "x.nelement()", "x.float()", "x.int()", "x.long()", "x.bool()", "x.half()", "x.double()",
    "x.type()", "x.is_contiguous()", "x.contiguous()", "x.maximum(Tensor(np.float32(3)))",
    "x.minimum(Tensor(np.float32(3)))", "x.gather(Tensor(np.array([1,0],np.int32)), 0)",
    "x.topk(2)", "x.sort()", "x.argsort()", "x.flip(0)", "x.tile((1, 2))",
    "x.broadcast_to((2, 2, 3)).shape", "x.expand_as(Tensor(np.zeros((2, 2, 3), np.float32))).shape",
    "x.masked_fill(x > 2, 0.0)", "x.isnan()", "x.isfinite()", "x.trace()", "x.diagonal()",
    "x.fill(2.0)", "x.norm()", "x.logsumexp(1)", "x.softmax(1)", "x.nan_to_num()", "x.split(1, 1)",
    "x.chunk(3, 1)", "x.unbind(0)", "x.take(Tensor(np.array([0, 5])))",
    "x.count_nonzero()", "x.nonzero()", "x.where(x > 2, 0.0)", "x.ptp()",
    "x.reverse([1])", "x.reverse(axis=[0, 1])", "x.type_as(xi)", "xi.type_as(b)", "x.top_k(2)",
    "(x / 10).acos()", "(x / 10).asin()", "x.atan()", "x.atan2(x + 1)", "x.erf()", "x.erfc()",
    "(x / 10).erfinv()", "x.new_zeros((2, 2))", "x.new_zeros((3,), dtype=ms.int32)",
    "x.add(1, alpha=2)", "x.add(Tensor([1., 2., 3.]), alpha=0.5)", "x.sub(1, alpha=2)",
    "Tensor([1., 2.]).set_dtype(ms.int32)",
    # -- operators ----------------------------------------------------------------------------
    "x @ x.T", "x > 2", "-xi", "~(x>2)", "-x", "+x", "abs(xi)", "x ** 2", "2 ** x", "x // 2", "x % 2",
    "xi // 2", "xi % 3", "xi / 2", "x == x", "x != 2", "x == None", "x != None", "xi << 1", "1 << xi",
    "divmod(xi, 2)", "round(Tensor(2.5))",
    # -- promotion beyond tests/goldens/type_promotion.json ------------------------------------
    "Tensor(1) + Tensor(2.5)", "Tensor([1,2], ms.int8) + 300", "Tensor([1,2], ms.uint8) - 3",
    "Tensor([1,2], ms.float16) + 1e10", "Tensor([1.,2.]) + np.float64(1.5)",
    "Tensor([1,2],ms.int32) + np.int64(5)", "Tensor([1,2],ms.int32) + np.float64(1.5)",
    "Tensor([1,2],ms.float16) + np.float32(1.5)", "Tensor([1,2],ms.int32) * np.bool_(True)",
    "Tensor([True, False]) + np.int64(2)", "Tensor([1,2],ms.int32) + Tensor([1.5], ms.float64)",
    "Tensor(np.array([1,2],np.complex64)) + Tensor([1,2],ms.float64)",
    "Tensor(np.array([1,2],np.complex64)) + 1.5", "Tensor([1,2],ms.float16) / 2",
    "Tensor([1,2],ms.int8) / Tensor([1,2],ms.float16)", "Tensor([-5,5],ms.int32) / 2",
    "Tensor([5,-5],ms.int32) // 3", "Tensor([5,-5],ms.int32) % 3", "Tensor([5.,-5.]) % 3",
    "Tensor([1,2],ms.int32) // 0", "Tensor([1.,2.]) // 0", "xi ** -1", "2 ** xi", "2.0 ** xi",
    "xi ** 2.5", "b - b", "b - True", "True - b", "b // b", "b * b", "b + b", "2.5 - b", "b / b",
    "ops.add(2, 3)", "ops.add(2.5, 3)", "ops.sub(b, b)", "ops.sub(True, b)", "ops.floor_div(b, b)",
    "ops.bitwise_and(Tensor([1.5]), Tensor([1.5]))", "ops.bitwise_and(xi, 3)",
    "ops.div(Tensor([1,2],ms.int8), Tensor([1,2],ms.float16))", "ops.div(Tensor([1,2],ms.float16), 2)",
    "ops.exp(2.0)",
    # -- indexing -----------------------------------------------------------------------------
    "x[0]", "x[-1]", "x[0, 1]", "x[:, 1]", "x[:, 1:]", "x[..., 0]", "x[None]", "x[None].shape",
    "x[x > 2]", "x[b[:2]]", "x[Tensor([1, 0])]", "x[Tensor([True, False])]", "x[[1, 0]]",
    "x[[True, False]]", "x[Tensor(1)]", "x[1, Tensor([0,2])]", "x[::-1]", "x[5]", "x[-3]",
    "x[:, 7]", "x[0][0]", "x[(0, 1)]", "x[Tensor([[0,1],[1,0]])]", "x[True]", "x[False]",
    "x[np.array([1,0])]", "x[:, [0, 2]]", "x[1:, ::2]", "x[0:5]", "x[1, ...]", "x[..., None]",
    "x[:, None, 1]", "x[Tensor(np.int32(1))]", "x['a']", "x[1.5]", "x[[0, 1], [1, 2]]",
    "x[Tensor([0, 1]), Tensor([1, 2])]", "x[x > 100]", "Tensor(5)[()]", "Tensor(5)[None]",
]

STATEMENTS = [
    "y[0] = 7", "y[0, 1] = 9.5", "y[:, 1] = Tensor([5., 6.])", "y[y > 2] = 0", "y[Tensor([1])] = -1",
    "y[...] = 3", "y[0] = Tensor([1, 2, 3])", "y[0] = [1, 2, 3]", "y[0] = (1, 2, 3)",
    "y[0] = Tensor([1,2,3], ms.int32)", "y[1] = True", "y[5] = 1", "y[-3] = 1", "y[:, 5] = 1",
    "y[0] = Tensor([1., 2.])", "y[[0, 1], [1, 2]] = 8", "y[Tensor([True, False])] = 4",
    "y[:, Tensor([0, 2])] = Tensor([[1.], [2.]])", "y[1:] = y[:1]", "y[0] = np.array([4., 5., 6.])",
    "y[0] = np.float64(2.5)", "y[None] = 1", "y[::2, ::2] = -5", "y[Tensor(1)] = 2",
    "y[0] = 'a'", "y[0] = None", "y[y > 100] = 1", "y[0, 0] = Tensor([1.0])",
    "y[0, 0] = Tensor([[1.0]])", "y[0] += 1",
    "y.fill_(2.5)", "y.fill_(Tensor(3.0))", "y.zero_()", "y.add_(1)",
    "y.add_(Tensor([1., 2., 3.]), alpha=2)", "y.sub_(y)", "y.sub_(1, alpha=0.5)", "y.mul_(2)",
    "y.mul_(Tensor([1., 0., -1.]))", "y.div_(2)", "y.div_(y, rounding_mode='floor')",
    "y.set_dtype(ms.int32)",
]


def encode_scalar(v):
    if isinstance(v, complex):
        return [encode_scalar(v.real), encode_scalar(v.imag)]
    if isinstance(v, float) and not math.isfinite(v):
        if math.isnan(v):
            return "-nan" if math.copysign(1.0, v) < 0 else "nan"
        return "inf" if v > 0 else "-inf"
    return v


def encode_values(v):
    if isinstance(v, list):
        return [encode_values(e) for e in v]
    return encode_scalar(v)


def record_goldens():
    import numpy as np
    import mindspore as ms
    from mindspore import Tensor, ops
    ms.runtime.launch_blocking()

    def outcome(value):
        if isinstance(value, Tensor):
            is_bf16 = value.dtype == ms.bfloat16
            arr = (value.astype(ms.float32) if is_bf16 else value).asnumpy()
            return {"kind": "tensor", "dtype": str(value.dtype), "shape": list(value.shape),
                    "values": encode_values(arr.tolist())}
        if isinstance(value, (tuple, list)) and any(isinstance(e, Tensor) for e in value):
            return {"kind": type(value).__name__, "items": [outcome(e) for e in value]}
        return {"kind": "python", "type": type(value).__name__, "repr": repr(value)}

    def error(e):
        return {"kind": "error", "type": type(e).__name__, "message": str(e)}

    def flush_pending_errors():
        for _ in range(10):
            try:
                ms.runtime.synchronize()
                (Tensor([1]) + Tensor([1])).asnumpy()
                return
            except Exception:  # pylint: disable=broad-except
                pass

    namespace = {"ms": ms, "np": np, "ops": ops, "Tensor": Tensor}
    exec(FIXTURES, namespace)  # pylint: disable=exec-used
    expressions = []
    for expr in EXPRESSIONS:
        try:
            result = outcome(eval(expr, namespace))  # pylint: disable=eval-used
        except Exception as e:  # pylint: disable=broad-except
            result = error(e)
            flush_pending_errors()
        expressions.append({"expr": expr, **result})
    statements = []
    for stmt in STATEMENTS:
        scope = dict(namespace, y=Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)))
        try:
            exec(stmt, scope)  # pylint: disable=exec-used
            result = outcome(scope["y"])
        except Exception as e:  # pylint: disable=broad-except
            result = error(e)
            flush_pending_errors()
        statements.append({"stmt": stmt, **result})
    return {"mindspore_version": ms.__version__, "fixtures": FIXTURES.strip(),
            "statement_fixture": "y = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))",
            "expressions": expressions, "statements": statements}


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
