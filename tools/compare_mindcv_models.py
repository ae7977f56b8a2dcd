"""MindCV's own models, built unchanged, digested under MindSpore 2.10 and under msjax, compared.

A dev tool: MindCV (github.com/mindspore-lab/mindcv) is not part of this project; name a checkout
with ``--mindcv``. For the smallest model of each MindCV family (``FAMILIES``; families the
registry has and this table lacks take their first name), each in its own subprocess with a time
limit, it prints one ``DIGEST {json}`` line:

- ``mindspore.set_seed(SEED)`` then ``create_model(name, num_classes=10, pretrained=False)``; the
  parameter count, the sum and abs-sum of the initial weights and each parameter's SHA-1 (bit for
  bit: msjax's initializers draw MindSpore's numbers);
- eval-mode logits (PYNATIVE) on a fixed batch of 2 at the model's default image size;
- one GRAPH_MODE training step (``nn.SoftmaxCrossEntropyWithLogits(sparse=True,
  reduction='mean')``, ``nn.Momentum(lr=LR, momentum=0.9)``, ``TrainOneStepCell``) in train mode
  with dropout/drop-path cells in eval mode (their random masks are not comparable), the loss
  taken on the main output of a model with auxiliary heads (inception_v3's (logits, aux_logits),
  as MindCV's trainer does with its default ``aux_factor=0``); its loss,
  the gradient recovered from the step (Momentum's first step moves each weight by ``-LR * grad``)
  as an L2 norm, and the loss of a second step (which sees the updated weights).

Run it twice and compare::

    GLOG_v=3 PYTHONPATH=$MINDCV ~/.cache/msjax-oracle/venv/bin/python \\
        tools/compare_mindcv_models.py --mindcv $MINDCV > /tmp/mindspore.txt
    PYTHONPATH=$PWD:$MINDCV /work/venv/bin/python -m msjax run \\
        tools/compare_mindcv_models.py --mindcv $MINDCV > /tmp/msjax.txt
    python tools/compare_mindcv_models.py --compare /tmp/mindspore.txt /tmp/msjax.txt

``--models a,b`` digests only those models; ``--timeout`` is each model's limit in seconds (on a
shared 2-core machine MindSpore's side took up to 1100 s a model: give it 1500 or more).
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys
import time

import numpy as np

SEED = 1
NUM_CLASSES = 10
BATCH = 2
LR = 0.01

# The smallest variant of each MindCV family (registry module): fewest parameters, then the
# smallest default image.
FAMILIES = {
    "bit": "BiT_resnet50", "cait": "cait_xxs24_224", "cmt": "cmt_tiny",
    "coat": "coat_lite_tiny", "convit": "convit_tiny", "convnext": "convnext_tiny",
    "convnextv2": "convnextv2_atto", "crossvit": "crossvit_9", "densenet": "densenet121",
    "dpn": "dpn92", "edgenext": "edgenext_xx_small", "efficientnet": "efficientnet_b0",
    "ghostnet": "ghostnet_050", "googlenet": "googlenet", "halonet": "halonet_50t",
    "hrnet": "hrnet_w32", "inceptionv3": "inception_v3", "inceptionv4": "inception_v4",
    "mae": "mae_b_16_224_finetune", "mixnet": "mixnet_s", "mlpmixer": "mlp_mixer_s_p32",
    "mnasnet": "mnasnet_050", "mobilenetv1": "mobilenet_v1_025",
    "mobilenetv2": "mobilenet_v2_035_96", "mobilenetv3": "mobilenet_v3_small_100",
    "mobilevit": "mobilevit_xx_small", "nasnet": "nasnet_a_4x1056", "pit": "pit_ti",
    "pnasnet": "pnasnet", "poolformer": "poolformer_s12", "pvt": "pvt_tiny",
    "pvtv2": "pvt_v2_b0", "regnet": "regnet_x_200mf", "repmlp": "repmlp_t224",
    "repvgg": "repvgg_a0", "res2net": "res2net50", "resnest": "resnest14", "resnet": "resnet18",
    "resnetv2": "resnetv2_50", "rexnet": "rexnet_09", "senet": "seresnet18",
    "shufflenetv1": "shufflenet_v1_g3_05", "shufflenetv2": "shufflenet_v2_x0_5",
    "sknet": "skresnet18", "squeezenet": "squeezenet1_1", "swintransformer": "swin_tiny",
    "swintransformerv2": "swinv2_tiny_window8", "vgg": "vgg11", "visformer": "visformer_tiny",
    "vit": "vit_b_32_224", "volo": "volo_d1", "xception": "xception",
    "xcit": "xcit_tiny_12_p16_224",
}


def family_models(mindcv):
    """One model name per family of MindCV's registry."""
    sys.path.insert(0, mindcv)
    from mindcv.models.registry import _module_to_models
    names = []
    for module, models in sorted(_module_to_models.items()):
        chosen = [model for model in FAMILIES.values() if model in models]
        names.extend(chosen or sorted(models)[:1])
    return sorted(set(names))


# Image sides of the models whose default_cfgs name none and which are not trained at 224 (MindCV's
# configs/<family>/*.yaml `image_resize`; the Inception and Xception heads need 299).
IMAGE_SIDES = {"inception_v3": 299, "inception_v4": 299, "xception": 299,
               "mobilenet_v2_035_96": 96, "mobilevit_xx_small": 256, "swinv2_tiny_window8": 256}


def image_size(name):
    """The model's default (C, H, W): its module's default_cfgs, else IMAGE_SIDES, else 224."""
    from mindcv.models.registry import _model_to_module
    module = sys.modules[f"mindcv.models.{_model_to_module[name]}"]
    cfg = getattr(module, "default_cfgs", {}).get(name, {})
    side = IMAGE_SIDES.get(name, 224)
    return tuple(cfg.get("input_size", (3, side, side)))


def weights_digest(net):
    """Parameter count, element count, float64 sum and abs-sum, and each parameter's SHA-1."""
    arrays = [(p.name, p.asnumpy()) for p in net.get_parameters()]
    return {
        "params": len(arrays),
        "elements": int(sum(a.size for _, a in arrays)),
        "wsum": float(sum(a.astype(np.float64).sum() for _, a in arrays)),
        "wabs": float(sum(np.abs(a.astype(np.float64)).sum() for _, a in arrays)),
        "hashes": {n: hashlib.sha1(np.ascontiguousarray(a).tobytes()).hexdigest()[:12]
                   for n, a in arrays},
    }


def quiet_dropout(net):
    """Put dropout and drop-path cells in eval mode (their masks come from each framework's own
    random stream)."""
    for _, cell in net.cells_and_names():
        if "drop" in type(cell).__name__.lower():
            cell.set_train(False)


def main_output_loss(loss_fn):
    """The loss of a model's main output: models with auxiliary heads (inception_v3) return
    (logits, aux_logits) in training, and MindCV's trainer (CrossEntropySmooth with its default
    aux_factor=0) takes logits[0] alone."""
    from mindspore import nn

    class MainOutputLoss(nn.Cell):
        """loss_fn on the first element of a tuple output, else on the output."""

        def __init__(self):
            super().__init__()
            self.loss_fn = loss_fn

        def construct(self, logits, labels):
            if isinstance(logits, (tuple, list)):
                logits = logits[0]
            return self.loss_fn(logits, labels)

    return MainOutputLoss()


def digest(name):
    """The DIGEST record of one model."""
    import mindspore as ms
    from mindspore import Tensor, nn
    from mindcv.models import create_model
    record = {"model": name}
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_seed(SEED)
    start = time.time()
    net = create_model(name, num_classes=NUM_CLASSES, pretrained=False)
    record.update(weights_digest(net))
    shape = image_size(name)
    record["image"] = list(shape)
    rng = np.random.RandomState(7)
    x = Tensor(rng.standard_normal((BATCH,) + shape).astype(np.float32))
    y = Tensor(rng.randint(0, NUM_CLASSES, BATCH).astype(np.int32))
    net.set_train(False)
    logits = net(x)
    record["logits"] = logits.asnumpy().astype(np.float64).ravel().tolist()
    ms.set_context(mode=ms.GRAPH_MODE)
    net.set_train(True)
    quiet_dropout(net)
    trainable = net.trainable_params()
    before = [p.asnumpy().astype(np.float64) for p in trainable]
    loss_fn = main_output_loss(nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
    optimizer = nn.Momentum(trainable, learning_rate=LR, momentum=0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)
    record["loss"] = float(step(x, y).asnumpy())
    grads = [(b - p.asnumpy().astype(np.float64)) / LR for b, p in zip(before, trainable)]
    record["grad_norm"] = float(np.sqrt(sum((g * g).sum() for g in grads)))
    record["grad_sum"] = float(sum(g.sum() for g in grads))
    record["loss2"] = float(step(x, y).asnumpy())
    record["seconds"] = round(time.time() - start, 1)
    return record


def child(name):
    """Print one model's DIGEST line (run in a subprocess)."""
    try:
        record = digest(name)
    except Exception as exc:  # the digest records the failure; the parent goes on
        lines = [line for line in str(exc).splitlines() if line.strip()]
        record = {"model": name, "error": f"{type(exc).__name__}: {lines[0][:300] if lines else ''}"}
    print("DIGEST " + json.dumps(record), flush=True)


def launcher():
    """The command that runs this file the way this process was run (msjax run or plain)."""
    if "msjax" in sys.modules:
        return [sys.executable, "-m", "msjax", "run"]
    return [sys.executable]


def parent(args):
    """Each model in a subprocess with a time limit; a crash or a timeout is its DIGEST line."""
    names = args.models.split(",") if args.models else family_models(args.mindcv)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p] + [args.mindcv]))
    for name in names:
        command = launcher() + [os.path.abspath(__file__), "--mindcv", args.mindcv,
                                "--child", name]
        try:
            done = subprocess.run(command, env=env, capture_output=True, text=True,
                                  timeout=args.timeout)
            lines = [ln for ln in done.stdout.splitlines() if ln.startswith("DIGEST ")]
            if lines:
                print(lines[-1], flush=True)
                continue
            tail = (done.stderr.strip().splitlines() or ["no output"])[-1][:300]
            record = {"model": name, "error": f"crashed (rc {done.returncode}): {tail}"}
        except subprocess.TimeoutExpired:
            record = {"model": name, "error": f"skipped: over {args.timeout} s"}
        print("DIGEST " + json.dumps(record), flush=True)


def read_digests(path):
    with open(path) as f:
        return {r["model"]: r for r in (json.loads(ln[7:]) for ln in f
                                        if ln.startswith("DIGEST "))}


def relative(a, b):
    """max |a - b| / max |b| over the entries."""
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    if a.shape != b.shape:
        return float("inf")
    return float(np.max(np.abs(a - b)) / max(np.max(np.abs(b)), 1e-30))


def compare_row(name, ms_rec, jx_rec):
    """One markdown table row: model, initial weights equal, the relative differences of the
    logits, the first step's loss, the gradient norm and the second step's loss, and a status: ok
    when the weights are equal and the logits and first loss agree to 1e-4 and the gradient to
    1e-2 (float32 training of deep ReLU/BatchNorm networks moves gradients by float order alone:
    docs/migration.md)."""
    if ms_rec is None or "error" in ms_rec:
        why = ms_rec["error"] if ms_rec else "not run"
        if jx_rec is not None and ms_rec is not None and jx_rec.get("error") == why:
            why += " (msjax: the same)"
        elif jx_rec is not None and "error" in jx_rec:
            why += f"; msjax: {jx_rec['error']}"
        return f"| {name} | | | | | | MindSpore: {why} |"
    if jx_rec is None or "error" in jx_rec:
        why = jx_rec["error"] if jx_rec else "not run"
        return f"| {name} | | | | | | msjax: {why} |"
    differing = [n for n, h in ms_rec["hashes"].items() if jx_rec["hashes"].get(n) != h]
    same = "yes" if not differing and len(ms_rec["hashes"]) == len(jx_rec["hashes"]) else \
        f"no ({len(differing)}: {', '.join(differing[:2])})"
    diffs = [relative(jx_rec[key], ms_rec[key]) for key in ("logits", "loss", "grad_norm", "loss2")]
    ok = same == "yes" and diffs[0] < 1e-4 and diffs[1] < 1e-4 and diffs[2] < 1e-2
    cells = " | ".join(f"{d:.1e}" for d in diffs)
    return f"| {name} | {same} | {cells} | {'ok' if ok else 'differs'} |"


def compare(ms_path, jx_path):
    """The markdown table of both runs."""
    ms_recs, jx_recs = read_digests(ms_path), read_digests(jx_path)
    print("| model | initial weights equal | logits max rel diff | loss rel diff | grad-norm rel "
          "diff | step-2 loss rel diff | status |")
    print("|---|---|---|---|---|---|---|")
    for name in sorted(set(ms_recs) | set(jx_recs), key=str.lower):
        print(compare_row(name, ms_recs.get(name), jx_recs.get(name)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mindcv", help="a MindCV checkout")
    parser.add_argument("--models", help="comma-separated model names (default: one a family)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per model")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--compare", nargs=2, metavar=("MINDSPORE_OUT", "MSJAX_OUT"))
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare)
    elif args.child:
        sys.path.insert(0, args.mindcv)
        child(args.child)
    else:
        parent(args)


if __name__ == "__main__":
    main()
