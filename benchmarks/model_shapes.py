"""Architecture tables both sides of benchmarks/models.py build from (`models_msjax.py` with
msjax Cells, `models_jax.py` with Flax NNX), so the two always build the same network. Plain
Python: importing it loads neither msjax nor Flax."""
import os

MOBILENET_V3_SMALL = [  # kernel, expansion, out, squeeze-excite, hard-swish, stride
    (3, 16, 16, True, False, 2), (3, 72, 24, False, False, 2), (3, 88, 24, False, False, 1),
    (5, 96, 40, True, True, 2), (5, 240, 40, True, True, 1), (5, 240, 40, True, True, 1),
    (5, 120, 48, True, True, 1), (5, 144, 48, True, True, 1), (5, 288, 96, True, True, 2),
    (5, 576, 96, True, True, 1), (5, 576, 96, True, True, 1)]


def make_divisible(value, divisor=8):
    """MobileNet's channel rounding: the nearest multiple of `divisor`, at least `divisor`."""
    return max(divisor, int(value + divisor / 2) // divisor * divisor)


# -- benchmarks/accelerator.py's models ------------------------------------------------------------
# ViT-B/16 at 224x224 and BERT-base at sequence 128 (1000 and 2 classes). With
# MSJAX_BENCH_SIZE=tiny (accelerator.py --tiny: the script checked on a CPU), the same code paths
# at a few layers and small widths, and ResNet-50's bottleneck blocks one per stage at 32x32.
ACCELERATOR_FULL = {
    "vit_b16": dict(image=224, patch=16, dim=768, depth=12, heads=12, mlp_dim=3072,
                    num_classes=1000),
    "bert_base": dict(vocab=30522, seq=128, dim=768, depth=12, heads=12, mlp_dim=3072,
                      num_classes=2),
    "resnet50_224": dict(image=224, depths=(3, 4, 6, 3), num_classes=1000),
}
ACCELERATOR_TINY = {
    "vit_b16": dict(image=32, patch=16, dim=64, depth=2, heads=2, mlp_dim=128, num_classes=10),
    "bert_base": dict(vocab=1000, seq=16, dim=64, depth=2, heads=2, mlp_dim=128, num_classes=2),
    "resnet50_224": dict(image=32, depths=(1, 1, 1, 1), num_classes=10),
}


def accelerator_shape(model):
    """The constructor arguments of accelerator model `model` at MSJAX_BENCH_SIZE's size."""
    size = os.environ.get("MSJAX_BENCH_SIZE", "full")
    if size not in ("full", "tiny"):
        raise ValueError(f"MSJAX_BENCH_SIZE={size!r}: use 'full' or 'tiny'")
    return dict((ACCELERATOR_TINY if size == "tiny" else ACCELERATOR_FULL)[model])


def compute_dtype_name():
    """MSJAX_BENCH_DTYPE: 'float32' (default) or 'bfloat16' (mixed precision: amp O2 on the msjax
    side, Flax layers computing in bfloat16 with float32 parameters on the JAX side)."""
    name = os.environ.get("MSJAX_BENCH_DTYPE", "float32")
    if name not in ("float32", "bfloat16"):
        raise ValueError(f"MSJAX_BENCH_DTYPE={name!r}: use 'float32' or 'bfloat16'")
    return name
