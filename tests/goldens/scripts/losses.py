"""Golden outputs of MindSpore 2.10.0 loss cells (recorded, never hand-written).

Regenerate (from the repository root; needs the MindSpore oracle venv, built by
``/work/shared/tools/mindspore-oracle`` on first use)::

    ~/.cache/msjax-oracle/venv/bin/python tests/goldens/scripts/losses.py

or through the oracle itself (it copies the script to a scratch folder, so give the output folder)::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/nn /work/shared/tools/mindspore-oracle tests/goldens/scripts/losses.py

Writes ``tests/goldens/nn/losses.npz`` and ``tests/goldens/nn/losses.json``.

* ``losses.npz``: ``in/<name>`` the fixed inputs (all from ``np.random.default_rng``),
  ``<case>/out`` the loss cell's output, ``<case>/grad`` the gradient of ``loss(...).sum()`` with respect to
  the first input (``mindspore.grad(fn, grad_position=0)``).
* ``losses.json``: ``inputs`` {name: [dtype, shape]}; ``cases`` {case: {ctor, args, out_dtype, out_shape,
  out (list), repr, grad_dtype, error}}; ``ctor`` is the constructor expression, evaluated with
  ``T(name) = Tensor(in/<name>)``; ``args`` lists the input names passed to the cell in order; ``error``
  = [exception type, message] when MindSpore raised (construction or call).
"""
import json
import os
from collections import OrderedDict
from pathlib import Path

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn

ms.set_context(mode=ms.PYNATIVE_MODE)

OUT = Path(os.environ.get("MSJAX_GOLDEN_DIR") or Path(__file__).resolve().parents[1] / "nn")
OUT.mkdir(parents=True, exist_ok=True)

rng = np.random.default_rng(11)
IN = OrderedDict()
IN["logits"] = rng.standard_normal((4, 5)).astype(np.float32) * 2
IN["labels_i32"] = np.array([1, 0, 4, 2], np.int32)
IN["labels_i64"] = np.array([1, 0, 4, 2], np.int64)
IN["onehot"] = np.eye(5, dtype=np.float32)[IN["labels_i32"]]
_p = rng.uniform(0.1, 1.0, (4, 5))
IN["probs"] = (_p / _p.sum(-1, keepdims=True)).astype(np.float32)
IN["labels_ign100"] = np.array([1, -100, 4, 2], np.int32)
IN["labels_ign2"] = np.array([1, 2, 4, 2], np.int32)
IN["w5"] = np.array([0.5, 1.0, 2.0, 1.5, 0.25], np.float32)
IN["logits3d"] = rng.standard_normal((2, 5, 3)).astype(np.float32)
IN["labels3d"] = np.array([[0, 4, 2], [1, 1, 3]], np.int32)
IN["logprobs"] = (IN["logits"] - np.log(np.exp(IN["logits"]).sum(-1, keepdims=True))).astype(np.float32)
IN["a34"] = rng.standard_normal((3, 4)).astype(np.float32)
IN["b34"] = rng.standard_normal((3, 4)).astype(np.float32)
IN["b4"] = rng.standard_normal((4,)).astype(np.float32)
IN["t34"] = rng.uniform(0, 1, (3, 4)).astype(np.float32)
IN["t34_binary"] = (rng.uniform(0, 1, (3, 4)) > 0.5).astype(np.float32)
IN["p34"] = rng.uniform(0.05, 0.95, (3, 4)).astype(np.float32)
IN["w4"] = np.array([1.0, 0.5, 2.0, 0.0], np.float32)
IN["pw4"] = np.array([1.0, 3.0, 0.5, 2.0], np.float32)
IN["w34"] = rng.uniform(0.5, 1.5, (3, 4)).astype(np.float32)
IN["big34"] = (rng.standard_normal((3, 4)) * 2).astype(np.float32)
IN["logp34"] = np.log(IN["p34"] / IN["p34"].sum(-1, keepdims=True)).astype(np.float32)
IN["q34"] = (IN["t34"] / IN["t34"].sum(-1, keepdims=True)).astype(np.float32)
# issue 13: the losses real code uses
IN["x1_6"] = rng.standard_normal((6,)).astype(np.float32)
IN["x2_6"] = rng.standard_normal((6,)).astype(np.float32)
IN["pm1_6"] = np.array([1, -1, 1, 1, -1, -1], np.float32)
IN["pm1_3"] = np.array([1, -1, 1], np.float32)
IN["var34"] = rng.uniform(0.2, 2.0, (3, 4)).astype(np.float32)
IN["counts34"] = rng.integers(0, 5, (3, 4)).astype(np.float32)
IN["pm1_34"] = np.where(rng.uniform(0, 1, (3, 4)) > 0.5, 1.0, -1.0).astype(np.float32)
IN["cls3"] = np.array([1, 3, 0], np.int64)
IN["labels_col"] = np.array([[1], [0], [4], [2]], np.int32)
_ctc = rng.standard_normal((6, 2, 4))
IN["ctc_logp"] = (_ctc - np.log(np.exp(_ctc).sum(-1, keepdims=True))).astype(np.float32)
IN["ctc_targets"] = np.array([[1, 2, 2], [3, 1, 0]], np.int32)
IN["ctc_in_len"] = np.array([6, 5], np.int32)
IN["ctc_tg_len"] = np.array([3, 2], np.int32)
IN["img_p"] = rng.uniform(0.0, 1.0, (2, 3, 4)).astype(np.float32)
IN["img_t"] = (rng.uniform(0, 1, (2, 3, 4)) > 0.5).astype(np.float32)
IN["img_a"] = rng.uniform(0, 1, (2, 3, 12, 12)).astype(np.float32)
IN["img_b"] = np.clip(IN["img_a"] + rng.standard_normal((2, 3, 12, 12)) * 0.1, 0, 1).astype(np.float32)
IN["unpool_x"] = rng.standard_normal((1, 2, 2, 2)).astype(np.float32)
IN["unpool_idx"] = np.array([[[[0, 3], [9, 14]], [[5, 2], [8, 15]]]], np.int64)


def err(e):
    """[type, message head, full message]; the head drops MindSpore's appended C++ call stack."""
    msg = str(e)
    return [type(e).__name__, msg.split("\n\n----")[0].rstrip(), msg]


def T(name):
    return Tensor(IN[name])


CASES = []


def case(name, ctor, *args):
    CASES.append((name, ctor, list(args)))


# SoftmaxCrossEntropyWithLogits
for red in ("none", "mean", "sum"):
    case(f"sce_sparse_{red}", f"nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='{red}')", "logits", "labels_i32")
    case(f"sce_dense_onehot_{red}", f"nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction='{red}')", "logits", "onehot")
    case(f"sce_dense_probs_{red}", f"nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction='{red}')", "logits", "probs")
case("sce_default", "nn.SoftmaxCrossEntropyWithLogits()", "logits", "onehot")
case("sce_sparse_mean_i64", "nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')", "logits", "labels_i64")

# CrossEntropyLoss
for red in ("none", "mean", "sum"):
    case(f"ce_idx_{red}", f"nn.CrossEntropyLoss(reduction='{red}')", "logits", "labels_i32")
    case(f"ce_idx_weight_{red}", f"nn.CrossEntropyLoss(weight=T('w5'), reduction='{red}')", "logits", "labels_i32")
    case(f"ce_idx_ignore100_{red}", f"nn.CrossEntropyLoss(reduction='{red}')", "logits", "labels_ign100")
    case(f"ce_idx_ignore2_weight_{red}", f"nn.CrossEntropyLoss(weight=T('w5'), ignore_index=2, reduction='{red}')",
         "logits", "labels_ign2")
    case(f"ce_idx_smooth_{red}", f"nn.CrossEntropyLoss(label_smoothing=0.1, reduction='{red}')", "logits", "labels_i32")
    case(f"ce_idx_smooth_weight_{red}", f"nn.CrossEntropyLoss(weight=T('w5'), label_smoothing=0.2, reduction='{red}')",
         "logits", "labels_i32")
    case(f"ce_prob_{red}", f"nn.CrossEntropyLoss(reduction='{red}')", "logits", "probs")
    case(f"ce_prob_weight_{red}", f"nn.CrossEntropyLoss(weight=T('w5'), reduction='{red}')", "logits", "probs")
    case(f"ce_prob_smooth_{red}", f"nn.CrossEntropyLoss(label_smoothing=0.1, reduction='{red}')", "logits", "probs")
    case(f"ce_3d_{red}", f"nn.CrossEntropyLoss(reduction='{red}')", "logits3d", "labels3d")
case("ce_idx_i64", "nn.CrossEntropyLoss()", "logits", "labels_i64")
case("ce_idx_ignore2_smooth", "nn.CrossEntropyLoss(ignore_index=2, label_smoothing=0.1)", "logits", "labels_ign2")

# NLLLoss
for red in ("none", "mean", "sum"):
    case(f"nll_{red}", f"nn.NLLLoss(reduction='{red}')", "logprobs", "labels_i32")
    case(f"nll_weight_{red}", f"nn.NLLLoss(weight=T('w5'), reduction='{red}')", "logprobs", "labels_i32")
    case(f"nll_ignore2_weight_{red}", f"nn.NLLLoss(weight=T('w5'), ignore_index=2, reduction='{red}')",
         "logprobs", "labels_ign2")
case("nll_ignore100", "nn.NLLLoss()", "logprobs", "labels_ign100")
case("nll_3d", "nn.NLLLoss()", "logits3d", "labels3d")

# MSE / L1
for red in ("none", "mean", "sum"):
    case(f"mse_{red}", f"nn.MSELoss(reduction='{red}')", "a34", "b34")
    case(f"l1_{red}", f"nn.L1Loss(reduction='{red}')", "a34", "b34")
case("mse_broadcast", "nn.MSELoss()", "a34", "b4")
case("mse_broadcast_none", "nn.MSELoss(reduction='none')", "a34", "b4")
case("l1_broadcast_none", "nn.L1Loss(reduction='none')", "a34", "b4")

# BCEWithLogitsLoss
for red in ("none", "mean", "sum"):
    case(f"bcewl_{red}", f"nn.BCEWithLogitsLoss(reduction='{red}')", "big34", "t34")
    case(f"bcewl_weight_{red}", f"nn.BCEWithLogitsLoss(reduction='{red}', weight=T('w4'))", "big34", "t34")
    case(f"bcewl_posweight_{red}", f"nn.BCEWithLogitsLoss(reduction='{red}', pos_weight=T('pw4'))", "big34", "t34_binary")
    case(f"bcewl_both_{red}", f"nn.BCEWithLogitsLoss(reduction='{red}', weight=T('w34'), pos_weight=T('pw4'))",
         "big34", "t34")

# SmoothL1Loss
for red in ("none", "mean", "sum"):
    case(f"smoothl1_{red}", f"nn.SmoothL1Loss(reduction='{red}')", "big34", "b34")
    case(f"smoothl1_beta05_{red}", f"nn.SmoothL1Loss(beta=0.5, reduction='{red}')", "big34", "b34")
    case(f"smoothl1_beta2_{red}", f"nn.SmoothL1Loss(beta=2.0, reduction='{red}')", "big34", "b34")
case("smoothl1_default", "nn.SmoothL1Loss()", "big34", "b34")

# a few more
for red in ("none", "mean", "sum"):
    case(f"bce_{red}", f"nn.BCELoss(reduction='{red}')", "p34", "t34")
    case(f"bce_weight_{red}", f"nn.BCELoss(weight=T('w34'), reduction='{red}')", "p34", "t34")
    case(f"huber_{red}", f"nn.HuberLoss(reduction='{red}')", "big34", "b34")
    case(f"huber_delta05_{red}", f"nn.HuberLoss(reduction='{red}', delta=0.5)", "big34", "b34")
    case(f"kldiv_{red}", f"nn.KLDivLoss(reduction='{red}')", "logp34", "q34")
case("kldiv_batchmean", "nn.KLDivLoss(reduction='batchmean')", "logp34", "q34")

for red in ("none", "mean", "sum"):
    case(f"mae_{red}", f"nn.MAELoss(reduction='{red}')", "a34", "b34")
    case(f"softmargin_{red}", f"nn.SoftMarginLoss(reduction='{red}')", "a34", "pm1_34")
    case(f"marginranking_{red}", f"nn.MarginRankingLoss(margin=0.2, reduction='{red}')", "x1_6", "x2_6", "pm1_6")
    case(f"gaussiannll_{red}", f"nn.GaussianNLLLoss(reduction='{red}')", "a34", "b34", "var34")
    case(f"cosineembedding_{red}", f"nn.CosineEmbeddingLoss(margin=0.1, reduction='{red}')", "a34", "b34", "pm1_3")
    case(f"hingeembedding_{red}", f"nn.HingeEmbeddingLoss(margin=0.5, reduction='{red}')", "a34", "pm1_34")
    case(f"poissonnll_{red}", f"nn.PoissonNLLLoss(reduction='{red}')", "a34", "counts34")
    case(f"triplet_{red}", f"nn.TripletMarginLoss(reduction='{red}')", "a34", "b34", "big34")
    case(f"multimargin_{red}", f"nn.MultiMarginLoss(reduction='{red}')", "a34", "cls3")
    case(f"multilabelsoftmargin_{red}", f"nn.MultiLabelSoftMarginLoss(reduction='{red}')", "a34", "t34_binary")
    case(f"focal_onehot_{red}", f"nn.FocalLoss(reduction='{red}')", "logits", "onehot")
    case(f"ctc_{red}", f"nn.CTCLoss(reduction='{red}')", "ctc_logp", "ctc_targets", "ctc_in_len", "ctc_tg_len")
case("rmse", "nn.RMSELoss()", "a34", "b34")
case("gaussiannll_full", "nn.GaussianNLLLoss(full=True, eps=1e-3)", "a34", "b34", "var34")
case("poissonnll_full_nolog", "nn.PoissonNLLLoss(log_input=False, full=True)", "var34", "counts34")
case("triplet_swap_p1_margin", "nn.TripletMarginLoss(p=1, swap=True, margin=0.5)", "a34", "b34", "big34")
case("multimargin_p2_weight", "nn.MultiMarginLoss(p=2, margin=0.5, weight=T('w4'))", "a34", "cls3")
case("multilabelsoftmargin_weight", "nn.MultiLabelSoftMarginLoss(weight=T('w4'))", "a34", "t34_binary")
case("focal_index_weight_gamma1", "nn.FocalLoss(weight=T('w5'), gamma=1.0)", "logits", "labels_col")
case("dice", "nn.DiceLoss()", "img_p", "img_t")
case("dice_smooth", "nn.DiceLoss(smooth=0.5)", "img_p", "img_t")
case("multiclassdice", "nn.MultiClassDiceLoss()", "img_p", "img_t")
case("multiclassdice_ignore_sigmoid", "nn.MultiClassDiceLoss(ignore_indiex=1, activation='sigmoid')", "img_p", "img_t")
case("ctc_zero_infinity", "nn.CTCLoss(blank=0, zero_infinity=True)", "ctc_logp", "ctc_targets", "ctc_in_len", "ctc_tg_len")
case("err_dice_smooth_int", "nn.DiceLoss(smooth=1)", "img_p", "img_t")
case("err_cosineembedding_margin", "nn.CosineEmbeddingLoss(margin=2.0)", "a34", "b34", "pm1_3")
case("err_focal_gamma_int", "nn.FocalLoss(gamma=2)", "logits", "onehot")
case("err_multiclassdice_activation", "nn.MultiClassDiceLoss(activation='gelu')", "img_p", "img_t")

# image similarity and unpooling: Cells of two inputs, checked like the losses
case("ssim", "nn.SSIM()", "img_a", "img_b")
case("ssim_small_window", "nn.SSIM(max_val=2.0, filter_size=5, filter_sigma=1.0, k1=0.02)", "img_a", "img_b")
case("psnr", "nn.PSNR()", "img_a", "img_b")
case("psnr_max_val", "nn.PSNR(max_val=2)", "img_a", "img_b")
case("maxunpool2d", "nn.MaxUnpool2d(2)", "unpool_x", "unpool_idx")
case("err_ssim_max_val", "nn.SSIM(max_val=0)", "img_a", "img_b")
case("err_ssim_filter_larger", "nn.SSIM(filter_size=13)", "img_a", "img_b")
case("err_psnr_3d", "nn.PSNR()", "a34", "b34")

# errors
case("err_ce_bad_reduction", "nn.CrossEntropyLoss(reduction='foo')", "logits", "labels_i32")
case("err_mse_bad_reduction", "nn.MSELoss(reduction='avg')", "a34", "b34")
case("err_sce_bad_reduction", "nn.SoftmaxCrossEntropyWithLogits(reduction='avg')", "logits", "onehot")
case("err_smoothl1_beta0", "nn.SmoothL1Loss(beta=0.0)", "big34", "b34")
case("smoothl1_beta_int", "nn.SmoothL1Loss(beta=1)", "big34", "b34")
case("err_mse_shape", "nn.MSELoss()", "a34", "logits")
case("err_sce_sparse_float_labels", "nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')",
     "logits", "onehot")
case("err_ce_label_smoothing_neg", "nn.CrossEntropyLoss(label_smoothing=-0.1)", "logits", "labels_i32")

arrays = OrderedDict(("in/" + k, v) for k, v in IN.items())
meta = OrderedDict()
meta["mindspore_version"] = ms.__version__
meta["inputs"] = OrderedDict((k, [str(v.dtype), list(v.shape)]) for k, v in IN.items())
meta["cases"] = OrderedDict()

for name, ctor, args in CASES:
    info = OrderedDict(ctor=ctor, args=args)
    try:
        cell = eval(ctor)  # noqa: S307
        info["repr"] = repr(cell)
        tens = [T(a) for a in args]
        out = cell(*tens)
        arrays[name + "/out"] = out.asnumpy()
        info["out_dtype"] = str(out.dtype)
        info["out_shape"] = list(out.shape)
        info["out"] = out.asnumpy().tolist()
        try:
            g = ms.grad(lambda *a: cell(*a).sum(), grad_position=0)(*tens)
            arrays[name + "/grad"] = g.asnumpy()
            info["grad_dtype"] = str(g.dtype)
        except Exception as e:  # noqa: BLE001
            info["grad_error"] = err(e)
    except Exception as e:  # noqa: BLE001
        info["error"] = err(e)
    meta["cases"][name] = info
    print(name, info.get("out", info.get("error", [""])[:2]))

# default attributes
defaults = OrderedDict()
for cname in ["SoftmaxCrossEntropyWithLogits", "CrossEntropyLoss", "MSELoss", "L1Loss", "BCEWithLogitsLoss",
              "NLLLoss", "SmoothL1Loss", "BCELoss", "HuberLoss", "KLDivLoss"]:
    c = getattr(nn, cname)()
    d = OrderedDict(repr=repr(c), reduction=getattr(c, "reduction", None))
    for attr in ["sparse", "ignore_index", "label_smoothing", "beta", "delta", "average", "reduce"]:
        if hasattr(c, attr):
            v = getattr(c, attr)
            d[attr] = v if isinstance(v, (int, float, str, bool, type(None))) else repr(v)
    d["params"] = [n for n, _ in c.parameters_and_names()]
    defaults[cname] = d
meta["defaults"] = defaults

np.savez_compressed(OUT / "losses.npz", **arrays)
with open(OUT / "losses.json", "w") as f:
    json.dump(meta, f, indent=1)
print("wrote", OUT / "losses.npz", os.path.getsize(OUT / "losses.npz"), "bytes")
