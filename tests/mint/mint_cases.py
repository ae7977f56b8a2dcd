"""The table of mint cases: one record per op, (key, mint expression, NumPy expression).

Shared by the golden script (tests/goldens/scripts/mint_values.py, which evaluates each mint
expression under MindSpore 2.10) and tests/mint/test_values.py (which evaluates it under msjax,
eagerly, under jit and under vmap, against MindSpore's value where its CPU build computes it and
against the NumPy expression otherwise). In the expressions, `x`, `y`, `m`, `i`, ... are the
arrays of INPUTS; `T(...)` makes a Tensor; `mint`, `F` (mint.nn.functional), `np` are in scope.
"""
import numpy as np

_rng = np.random.default_rng(13)
INPUTS = {
    "x": _rng.standard_normal((3, 4)).astype(np.float32),
    "y": _rng.standard_normal((3, 4)).astype(np.float32),
    "v": _rng.standard_normal((4,)).astype(np.float32),
    "m": _rng.standard_normal((4, 5)).astype(np.float32),
    "b": _rng.standard_normal((2, 3, 4)).astype(np.float32),
    "p": _rng.uniform(0.1, 1.0, (3, 4)).astype(np.float32),
    "i": np.array([[0, 2, 1, 3], [1, 1, 0, 2], [3, 0, 2, 1]], np.int64),
    "labels": np.array([1, 0, 3], np.int64),
    "img": _rng.standard_normal((2, 3, 5, 5)).astype(np.float32),
    "w": _rng.standard_normal((4, 3, 3, 3)).astype(np.float32) * 0.3,
}


def _softmax(a, axis):
    e = np.exp(a - a.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def _log_softmax(a, axis):
    return np.log(_softmax(a, axis))


def _conv2d(img, w, pad):
    img = np.pad(img, [(0, 0), (0, 0), (pad, pad), (pad, pad)])
    n, c, h, wd = img.shape
    o, _, kh, kw = w.shape
    out = np.zeros((n, o, h - kh + 1, wd - kw + 1), np.float32)
    for r in range(out.shape[2]):
        for s in range(out.shape[3]):
            out[:, :, r, s] = np.einsum("nchw,ochw->no", img[:, :, r:r + kh, s:s + kw], w)
    return out


NP_SCOPE = {"np": np, "softmax": _softmax, "log_softmax": _log_softmax, "conv2d": _conv2d}

# (key, mint expression, NumPy expression, vmap) -- vmap False where the op's output shape or
# meaning depends on the batch axis.
CASES = [
    ("add_alpha", "mint.add(T(x), T(y), alpha=2)", "x + 2 * y", True),
    ("sub_alpha", "mint.sub(T(x), T(y), alpha=0.5)", "x - 0.5 * y", True),
    ("mul", "mint.mul(T(x), T(y))", "x * y", True),
    ("div", "mint.div(T(x), T(p))", "x / p", True),
    ("div_floor", "mint.div(T(x), T(p), rounding_mode='floor')", "np.floor(x / p)", True),
    ("div_trunc", "mint.div(T(x), T(p), rounding_mode='trunc')", "np.trunc(x / p)", True),
    ("remainder", "mint.remainder(T(x), 0.7)", "np.mod(x, np.float32(0.7))", True),
    ("eq", "mint.eq(T(x), T(x))", "x == x", True),
    ("lt", "mint.lt(T(x), T(y))", "x < y", True),
    ("clamp", "mint.clamp(T(x), -0.5, 0.5)", "np.clip(x, -0.5, 0.5)", True),
    ("clamp_min", "mint.clamp(T(x), min=0.0)", "np.maximum(x, 0)", True),
    ("lerp", "mint.lerp(T(x), T(y), 0.25)", "x + 0.25 * (y - x)", True),
    ("addcmul", "mint.addcmul(T(x), T(y), T(p), value=0.5)", "x + 0.5 * y * p", True),
    ("sum_dim", "mint.sum(T(x), 1)", "x.sum(1)", True),
    ("sum_keepdim", "mint.sum(T(b), (0, 2), True)", "b.sum((0, 2), keepdims=True)", True),
    ("mean", "mint.mean(T(x), 0)", "x.mean(0)", True),
    ("mean_all", "mint.mean(T(x))", "x.mean()", True),
    ("prod", "mint.prod(T(p), 1, True)", "p.prod(1, keepdims=True)", True),
    ("amax", "mint.amax(T(b), (1, 2))", "b.max((1, 2))", True),
    ("max_all", "mint.max(T(x))", "x.max()", True),
    ("max_dim", "mint.max(T(x), 1)", "(x.max(1), x.argmax(1))", True),
    ("min_dim_keepdim", "mint.min(T(x), 0, True)", "(x.min(0, keepdims=True), x.argmin(0)[None])", True),
    ("max_other", "mint.max(T(x), T(y))", "np.maximum(x, y)", True),
    ("argmax", "mint.argmax(T(x), 1)", "x.argmax(1)", True),
    ("argmin_keepdim", "mint.argmin(T(x), 0, True)", "x.argmin(0)[None]", True),
    ("all_dim", "mint.all(T(x) > -1, 1)", "(x > -1).all(1)", True),
    ("any", "mint.any(T(x) > 1)", "(x > 1).any()", True),
    ("var", "mint.var(T(x), 1)", "x.var(1, ddof=1)", True),
    ("var_correction0", "mint.var(T(x), 1, correction=0, keepdim=True)", "x.var(1, keepdims=True)", True),
    ("std", "mint.std(T(x))", "x.std(ddof=1)", True),
    ("var_mean", "mint.var_mean(T(x), 0)", "(x.var(0, ddof=1), x.mean(0))", True),
    ("norm_fro", "mint.norm(T(x))", "np.sqrt((x ** 2).sum())", True),
    ("norm_p1_dim", "mint.norm(T(x), 1, 1)", "np.abs(x).sum(1)", True),
    ("cumsum", "mint.cumsum(T(x), 1)", "np.cumsum(x, 1)", True),
    ("cummax", "mint.cummax(T(x), 1)", "(np.maximum.accumulate(x, 1), np.array([[max(range(j + 1), key=lambda k: (r[k], k)) for j in range(4)] for r in x]))", True),
    ("median_dim", "mint.median(T(x), 1)", "(np.sort(x, 1)[:, 1], np.argsort(x, 1, kind='stable')[:, 1])", True),
    ("kthvalue", "mint.kthvalue(T(x), 2, 1)", "(np.sort(x, 1)[:, 1], np.argsort(x, 1, kind='stable')[:, 1])", True),
    ("logsumexp", "mint.logsumexp(T(x), 1)", "np.log(np.exp(x).sum(1))", True),
    ("matmul", "mint.matmul(T(x), T(m))", "x @ m", True),
    ("bmm", "mint.bmm(T(b), T(np.swapaxes(b, 1, 2)))", "b @ np.swapaxes(b, 1, 2)", True),
    ("mv", "mint.mv(T(x), T(v))", "x @ v", True),
    ("baddbmm", "mint.baddbmm(T(np.ones((2, 3, 3), np.float32)), T(b), T(np.swapaxes(b, 1, 2)), beta=0.5, alpha=2)", "0.5 + 2 * (b @ np.swapaxes(b, 1, 2))", True),
    ("cat", "mint.cat((T(x), T(y)), 1)", "np.concatenate([x, y], 1)", True),
    ("stack", "mint.stack([T(x), T(y)], 2)", "np.stack([x, y], 2)", True),
    ("split", "mint.split(T(x), 3, 1)", "(x[:, :3], x[:, 3:])", True),
    ("split_sections", "mint.split(T(x), [1, 3], 1)", "(x[:, :1], x[:, 1:])", True),
    ("chunk", "mint.chunk(T(x), 2, 1)", "(x[:, :2], x[:, 2:])", True),
    ("flatten", "mint.flatten(T(b))", "b.reshape(-1)", False),
    ("flatten_start", "mint.flatten(T(b), 1)", "b.reshape(2, -1)", True),
    ("reshape", "mint.reshape(T(x), (2, 6))", "x.reshape(2, 6)", False),
    ("transpose", "mint.transpose(T(b), 0, 2)", "b.transpose(2, 1, 0)", True),
    ("permute", "mint.permute(T(b), (1, 2, 0))", "b.transpose(1, 2, 0)", True),
    ("squeeze", "mint.squeeze(T(x[None]), 0)", "x", True),
    ("narrow", "mint.narrow(T(x), 1, 1, 2)", "x[:, 1:3]", True),
    ("select", "mint.select(T(x), 1, 2)", "x[:, 2]", True),
    ("gather", "mint.gather(T(x), 1, T(i))", "np.take_along_axis(x, i, 1)", True),
    ("index_select", "mint.index_select(T(x), 1, T(np.array([3, 0])))", "x[:, [3, 0]]", True),
    ("scatter", "mint.scatter(T(np.zeros((3, 4), np.float32)), 1, T(np.array([[0, 2], [1, 3], [3, 0]])), T(x))", "np.array([[x[0, 0], 0, x[0, 1], 0], [0, x[1, 0], 0, x[1, 1]], [x[2, 1], 0, 0, x[2, 0]]], np.float32)", True),
    ("where", "mint.where(T(x) > 0, T(x), T(y))", "np.where(x > 0, x, y)", True),
    ("sort", "mint.sort(T(x), dim=1, descending=True)", "(-np.sort(-x, 1), np.argsort(-x, 1, kind='stable'))", True),
    ("argsort", "mint.argsort(T(x), 0)", "np.argsort(x, 0, kind='stable')", True),
    ("topk", "mint.topk(T(x), 2)", "(-np.sort(-x, 1)[:, :2], np.argsort(-x, 1, kind='stable')[:, :2])", True),
    ("topk_smallest", "mint.topk(T(x), 2, 0, False)", "(np.sort(x, 0)[:2], np.argsort(x, 0, kind='stable')[:2])", True),
    ("repeat_interleave", "mint.repeat_interleave(T(x), 2, 1)", "np.repeat(x, 2, 1)", True),
    ("diff", "mint.diff(T(x))", "np.diff(x)", True),
    ("tril", "mint.tril(T(x), 1)", "np.tril(x, 1)", True),
    ("zeros", "mint.zeros((2, 3))", "np.zeros((2, 3), np.float32)", False),
    ("ones_int", "mint.ones(4, dtype=mindspore.int32)", "np.ones(4, np.int32)", False),
    ("full", "mint.full((2, 2), 1.5)", "np.full((2, 2), 1.5, np.float32)", False),
    ("linspace", "mint.linspace(0, 1, 5)", "np.linspace(0, 1, 5).astype(np.float32)", False),
    ("arange", "mint.arange(1, 7, 2)", "np.arange(1, 7, 2)", False),
    ("sqrt", "mint.sqrt(T(p))", "np.sqrt(p)", True),
    ("exp2", "mint.special.exp2(T(x))", "np.exp2(x)", True),
    ("round_decimals", "mint.round(T(x), decimals=1)", "np.round(x, 1)", True),
    ("frac", "mint.frac(T(x))", "x - np.trunc(x)", True),
    ("softmax", "mint.softmax(T(x), 1)", "softmax(x, 1)", True),
    ("F_softmax", "F.softmax(T(x), 0)", "softmax(x, 0)", True),
    ("F_log_softmax", "F.log_softmax(T(x), 1)", "log_softmax(x, 1)", True),
    ("F_relu", "F.relu(T(x))", "np.maximum(x, 0)", True),
    ("F_leaky_relu", "F.leaky_relu(T(x), 0.1)", "np.where(x > 0, x, 0.1 * x)", True),
    ("F_elu", "F.elu(T(x), 0.5)", "np.where(x > 0, x, 0.5 * np.expm1(x))", True),
    ("F_hardtanh", "F.hardtanh(T(x), -0.5, 0.5)", "np.clip(x, -0.5, 0.5)", True),
    ("F_glu", "F.glu(T(x))", "x[:, :2] / (1 + np.exp(-x[:, 2:]))", True),
    ("F_linear", "F.linear(T(x), T(m.T), T(m[0]))", "x @ m + m[0]", True),
    ("F_conv2d", "F.conv2d(T(img), T(w), None, 1, 1)", "conv2d(img, w, 1)", True),
    ("F_conv2d_same", "F.conv2d(T(img), T(w), padding='same')", "conv2d(img, w, 1)", True),
    ("F_mse_loss", "F.mse_loss(T(x), T(y))", "np.mean((x - y) ** 2)", True),
    ("F_l1_loss_sum", "F.l1_loss(T(x), T(y), reduction='sum')", "np.abs(x - y).sum()", True),
    ("F_smooth_l1", "F.smooth_l1_loss(T(x), T(y), beta=0.5)", "np.mean(np.where(np.abs(x - y) < 0.5, 0.5 * (x - y) ** 2 / 0.5, np.abs(x - y) - 0.25))", True),
    ("F_cross_entropy", "F.cross_entropy(T(x), T(labels))", "-np.mean(log_softmax(x, 1)[np.arange(3), labels])", True),
    ("F_nll_loss", "F.nll_loss(T(x), T(labels), reduction='sum')", "-x[np.arange(3), labels].sum()", True),
    ("F_kl_div", "F.kl_div(T(np.log(p)), T(p[::-1].copy()), reduction='batchmean')", "(p[::-1] * (np.log(p[::-1]) - np.log(p))).sum() / 3", True),
    ("F_bce_logits", "F.binary_cross_entropy_with_logits(T(x), T(p))", "np.mean(np.maximum(x, 0) - x * p + np.log1p(np.exp(-np.abs(x))))", True),
    ("F_one_hot", "F.one_hot(T(labels), 4)", "np.eye(4, dtype=np.int64)[labels]", True),
    ("F_pad", "F.pad(T(x), (1, 2))", "np.pad(x, [(0, 0), (1, 2)])", True),
    ("F_normalize", "F.normalize(T(x))", "x / np.linalg.norm(x, axis=1, keepdims=True)", True),
    ("F_avg_pool2d", "F.avg_pool2d(T(img), 2)", "img[:, :, :4, :4].reshape(2, 3, 2, 2, 2, 2).mean((3, 5))", True),
    ("F_max_pool2d", "F.max_pool2d(T(img), 2, 2)", "img[:, :, :4, :4].reshape(2, 3, 2, 2, 2, 2).max((3, 5))", True),
    ("linalg_vector_norm", "mint.linalg.vector_norm(T(x), 3, 1)", "(np.abs(x) ** 3).sum(1) ** (1 / 3)", True),
    ("linalg_matrix_norm", "mint.linalg.matrix_norm(T(b))", "np.sqrt((b ** 2).sum((1, 2)))", True),
    ("linalg_norm", "mint.linalg.norm(T(x))", "np.sqrt((x ** 2).sum())", True),
    ("linalg_inv", "mint.linalg.inv(T(np.eye(3, dtype=np.float32) * 2 + 0.1))", "np.linalg.inv(np.eye(3) * 2 + 0.1).astype(np.float32)", False),
    ("special_log_softmax", "mint.special.log_softmax(T(x), 0)", "log_softmax(x, 0)", True),
]
