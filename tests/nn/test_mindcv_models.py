"""Models written the way MindCV writes ResNet, DenseNet, MobileNetV3, ViT, EfficientNet and
ConvNeXt (tests/goldens/scripts/mindcv_models.py, run unchanged with `import mindspore` answered
by msjax) load MindSpore-written checkpoints and match MindSpore 2.10's eval-mode logits and three
training steps (losses and every parameter, BatchNorm statistics included)."""
import json
import runpy

import numpy as np
import pytest

import msjax
import msjax.compat
from msjax import Tensor
from tests.conftest import GOLDENS
from tests.support import assert_close

META = json.loads((GOLDENS / "nn" / "mindcv_models.json").read_text())
ARRAYS = np.load(GOLDENS / "nn" / "mindcv_models.npz")


@pytest.fixture(scope="module")
def models():
    msjax.compat.install(force=True)
    yield runpy.run_path(str(GOLDENS / "scripts" / "mindcv_models.py"), run_name="models")
    msjax.compat.uninstall()  # (no alias, nor MindSpore's class modules, left to later tests)


@pytest.mark.parametrize("name", list(META))
def test_checkpoint_logits_and_training_match_mindspore(models, name):
    net = models["MODELS"][name]()
    assert [[path, p.name, list(p.shape)] for path, p in net.parameters_and_names()] == \
        META[name]["params"]
    not_loaded, _ = msjax.load_param_into_net(
        net, msjax.load_checkpoint(str(GOLDENS / "nn" / f"mindcv_{name}.ckpt")))
    assert not_loaded == []
    x, y = models["batch"]()
    net.set_train(False)
    assert_close(net(Tensor(x)), ARRAYS[f"{name}/logits"], rtol=1e-4, atol=1e-5)
    msjax.set_context(mode=msjax.GRAPH_MODE)
    losses = models["train_steps"](net, x, y)
    np.testing.assert_allclose(losses, META[name]["losses"], rtol=1e-4)
    for path, param in net.parameters_and_names():
        assert_close(param, ARRAYS[f"{name}/after/{path}"], rtol=1e-3, atol=2e-5)


def test_convnext_drop_path_drops_whole_samples_in_training_only(models):
    # The recorded ConvNeXt runs its DropPath in eval (identity) and trains without it (the random
    # streams differ from MindSpore's): here msjax's training-mode draw, checked by its meaning.
    drop = models["DropPath"](0.5)
    x = Tensor(np.ones((64, 2, 3, 3), np.float32))
    drop.set_train(True)
    out = drop(x).asnumpy().reshape(64, -1)
    assert set(np.unique(out)) <= {0.0, 2.0}  # kept samples scaled by 1 / keep_prob
    assert (out == out[:, :1]).all()  # one draw per sample
    assert 0 < (out[:, 0] == 0).sum() < 64
    drop.set_train(False)
    assert_close(drop(x), np.ones((64, 2, 3, 3), np.float32))
