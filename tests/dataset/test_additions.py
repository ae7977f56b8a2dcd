"""Dataset names real code uses beyond the transforms and sources probes, against MindSpore 2.10:
tests/goldens/scripts/dataset_additions_probe.py runs unchanged on msjax and must print what
MindSpore printed (tests/goldens/dataset/additions_probe.txt)."""
import functools
import json
import re
import subprocess
import sys

import numpy as np
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

EXPECTED = golden_cases("dataset/additions_probe.txt")


@functools.lru_cache(maxsize=None)
def _msjax_results():
    return run_script_on_msjax("dataset_additions_probe.py")


def _comparable(result: str):
    """A case's printed result; for a pipeline's RuntimeError, its type and ``[ERROR]`` sentence
    (MindSpore adds its C++ call stack, msjax the operation)."""
    value = json.loads(result)
    if isinstance(value, dict) and "[ERROR]" in value.get("message", ""):
        return value["error"], re.search(r"\[ERROR\] (.*?)(?: -{10}|$)", value["message"]).group(1)
    return value


def _python_call_stack(result: str) -> str:
    """The 'Python Call Stack' part of a user-code RuntimeError, rules and spacing dropped."""
    message = json.loads(result)["message"]
    stack = re.search(r"Python Call Stack: (.*?) - Dataset Pipeline Error Message", message)
    return " ".join(stack.group(1).replace("-" * 66, " ").split()) if stack else ""


@pytest.mark.parametrize("label", sorted(EXPECTED))
def test_matches_mindspore(label):
    assert label in _msjax_results(), f"msjax printed no result for {label!r}"
    assert _comparable(_msjax_results()[label]) == _comparable(EXPECTED[label])
    if "Python Call Stack" in EXPECTED[label]:
        # MindSpore shows the user's error (or its own sentence about the returned value); msjax
        # the whole traceback ending with it.
        assert _python_call_stack(_msjax_results()[label]).endswith(
            _python_call_stack(EXPECTED[label]))


def test_is_pil_does_not_import_pillow():
    code = ("import sys, numpy as np, msjax.dataset.vision.py_transforms_util as u; "
            "assert u.is_pil(np.zeros(2)) is False; assert 'PIL' not in sys.modules; print('ok')")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.stdout.strip() == "ok", result.stderr


def test_other_py_transforms_util_names_say_they_are_missing():
    import msjax.dataset.vision.py_transforms_util as util
    with pytest.raises(AttributeError, match="rotate"):
        util.rotate  # pylint: disable=pointless-statement


def _pk_labels_and_images(dataset):
    return [(int(label), int(np.asarray(image).ravel()[0]))
            for image, label in dataset.create_tuple_iterator(output_numpy=True)]


@pytest.fixture
def image_folder(tmp_path):
    from PIL import Image
    for index, (name, count) in enumerate((("a", 3), ("b", 1), ("c", 4))):
        (tmp_path / name).mkdir()
        for number in range(count):
            Image.fromarray(np.full((2, 2, 3), 10 * index + number, np.uint8)).save(
                tmp_path / name / f"{number}.png")
    return str(tmp_path)


def test_pk_sampler_draws_are_seed_stable_and_new_each_epoch(image_folder):
    import msjax.dataset as ds
    ds.config.set_seed(7)
    first = _pk_labels_and_images(ds.ImageFolderDataset(image_folder, sampler=ds.PKSampler(4),
                                                        decode=True))
    ds.config.set_seed(7)
    dataset = ds.ImageFolderDataset(image_folder, sampler=ds.PKSampler(4), decode=True)
    iterator = dataset.create_tuple_iterator(output_numpy=True, num_epochs=3)
    epochs = [[(int(label), int(image.ravel()[0])) for image, label in iterator] for _ in range(3)]
    assert epochs[0] == first
    assert [label for label, _ in first] == [0] * 4 + [1] * 4 + [2] * 4
    assert all(value // 10 == label for epoch in epochs for label, value in epoch)
    assert len({tuple(epoch) for epoch in epochs}) > 1  # 3 epochs of 12 draws: not all alike


def test_pk_sampler_on_mnist_and_mindrecord_class_column(tmp_path):
    import msjax.dataset as ds
    from msjax.mindrecord import FileWriter
    labels = np.array([3, 1, 3, 3, 0], np.uint8)
    (tmp_path / "train-images-idx3-ubyte").write_bytes(
        np.array([0, 0, 8, 3], np.uint8).tobytes() + np.array([5, 28, 28], ">i4").tobytes()
        + np.repeat(labels * 10, 28 * 28).astype(np.uint8).tobytes())
    (tmp_path / "train-labels-idx1-ubyte").write_bytes(
        np.array([0, 0, 8, 1], np.uint8).tobytes() + np.array([5], ">i4").tobytes() + labels.tobytes())
    mnist = ds.MnistDataset(str(tmp_path), usage="train", sampler=ds.PKSampler(2))
    rows = _pk_labels_and_images(mnist)
    assert [label for label, _ in rows] == [0, 0, 1, 1, 3, 3]
    assert all(value == 10 * label for label, value in rows)

    writer = FileWriter(str(tmp_path / "data.mindrecord"))
    writer.add_schema({"x": {"type": "int32"}, "kind": {"type": "int32"}}, "pk")
    writer.write_raw_data([{"x": 10 * k + i, "kind": k} for i, k in enumerate([2, 5, 2, 5, 5])])
    writer.commit()
    records = ds.MindDataset(str(tmp_path / "data.mindrecord"),
                             sampler=ds.PKSampler(3, class_column="kind"))
    kinds = [(int(kind), int(x)) for kind, x in records.create_tuple_iterator(output_numpy=True)]
    assert [kind for kind, _ in kinds] == [2, 2, 2, 5, 5, 5]
    assert all(x // 10 == kind for kind, x in kinds)
    with pytest.raises(RuntimeError, match="class_column 'label' is not a field"):
        list(ds.MindDataset(str(tmp_path / "data.mindrecord"), sampler=ds.PKSampler(1)))


def test_mix_up_batch_is_seed_stable_in_a_pipeline():
    import msjax.dataset as ds
    from msjax.dataset import transforms, vision
    images = np.arange(8 * 2 * 2 * 3, dtype=np.uint8).reshape(8, 2, 2, 3)

    def mixed():
        ds.config.set_seed(3)
        dataset = ds.NumpySlicesDataset({"image": images, "label": np.arange(8, dtype=np.int32) % 4},
                                        shuffle=False).map(transforms.OneHot(4), "label")
        dataset = dataset.batch(4).map(vision.MixUpBatch(0.4), ["image", "label"])
        return [[column.tolist() for column in row]
                for row in dataset.create_tuple_iterator(output_numpy=True)]

    first = mixed()
    assert first == mixed()
    labels = np.array([row[1] for row in first])
    np.testing.assert_allclose(labels.sum(-1), 1, rtol=1e-6)
