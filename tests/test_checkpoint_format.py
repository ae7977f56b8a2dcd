"""MindSpore's .ckpt format: files MindSpore 2.10 wrote, files it read from msjax, and its errors.

Goldens: ``tests/goldens/ckpt``, made by ``tests/goldens/scripts/make_ckpt_goldens.py``.
"""
import json
import os
import stat
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from msjax._src.checkpoint_format import read_checkpoint, write_checkpoint

GOLDEN_DIR = Path(__file__).parent / "goldens" / "ckpt"
GOLDENS = json.loads((GOLDEN_DIR / "ckpt_goldens.json").read_text(encoding="utf-8"))
MINDSPORE_FILES = sorted(GOLDENS["saved"])

DTYPES = {
    "Int8": np.int8, "UInt8": np.uint8, "Int16": np.int16, "UInt16": np.uint16,
    "Int32": np.int32, "UInt32": np.uint32, "Int64": np.int64, "UInt64": np.uint64,
    "Float16": np.float16, "Float32": np.float32, "Float64": np.float64,
    "BFloat16": ml_dtypes.bfloat16, "Bool": np.bool_,
}
TYPE_NAMES = {np.dtype(dtype): name for name, dtype in DTYPES.items()}

# The arrays make_ckpt_goldens.py wrote into msjax_written*.ckpt (test_msjax_writer_made_the_goldens
# checks that the two tables agree, byte for byte).
MSJAX_ARRAYS = [
    ("w.float32", (np.arange(6, dtype=np.float32).reshape(2, 3) / 4 - 0.5)),
    ("w.float16", np.array([[1.5, -0.25], [65504, 6.1e-05]], np.float16)),
    ("w.bfloat16", np.array([1.5, -2.0, 0.0078125], ml_dtypes.bfloat16)),
    ("w.float64", np.array([np.pi, -1e300])),
    ("i.int8", np.array([-128, 127], np.int8)),
    ("i.uint8", np.array([0, 255], np.uint8)),
    ("i.int16", np.array([-32768, 32767], np.int16)),
    ("i.uint16", np.array([65535], np.uint16)),
    ("i.int32", np.array([[-(2**31)], [2**31 - 1]], np.int32)),
    ("i.uint32", np.array([2**32 - 1], np.uint32)),
    ("i.int64", np.array([-(2**63), 2**63 - 1], np.int64)),
    ("i.uint64", np.array([2**64 - 1], np.uint64)),
    ("b.bool", np.array([[True, False, True]])),
    ("s.float32", np.array(3.5, np.float32)),
    ("s.int32", np.array(-7, np.int32)),
]
MSJAX_APPEND = {"epoch_num": 12, "lr": 0.001, "note": "msjax ✓ ckpt", "done": True}
# How MindSpore stores Python values of append_dict: Tensor(True), Tensor(12), Tensor(0.001).
PYTHON_SCALAR_DTYPES = {bool: np.bool_, int: np.int64, float: np.float32}


def golden_value(entry):
    """An entry of ckpt_goldens.json as the array (or str) it describes."""
    if "str" in entry:
        return entry["str"]
    array = np.array(entry["values"], dtype=DTYPES[entry["tensor_type"]])
    assert array.shape == tuple(entry["shape"]) or array.size == 0
    return array.reshape(entry["shape"])


def as_stored(value):
    """What a checkpoint holds for a value passed to save: Python scalars become 0-d tensors."""
    if isinstance(value, str):
        return value
    if type(value) in PYTHON_SCALAR_DTYPES:  # numpy scalars, even np.float64, keep their dtype
        return np.array(value, PYTHON_SCALAR_DTYPES[type(value)])
    return np.asarray(value)


def assert_same_entries(actual, expected):
    """Same names in the same order; same str, or same dtype, shape and bits."""
    assert list(actual) == list(expected)
    for name, want in expected.items():
        got = actual[name]
        if isinstance(want, str):
            assert isinstance(got, str) and got == want, name
            continue
        assert isinstance(got, np.ndarray), name
        assert (got.dtype, got.shape) == (want.dtype, want.shape), name
        assert got.tobytes() == want.tobytes(), name


def saved_inputs(file_name):
    """The (entries, append_dict) MindSpore saved into one golden file."""
    saved = GOLDENS["saved"][file_name]
    entries = [(entry["name"], golden_value(entry)) for entry in saved["entries"]]
    return entries, {item["name"]: item["value"] for item in saved["append"]}


def written_bytes(tmp_path, named_arrays, append_dict, crc_check=False):
    path = tmp_path / "written.ckpt"
    write_checkpoint(str(path), named_arrays, append_dict, crc_check=crc_check)
    return path.read_bytes()


@pytest.mark.parametrize("file_name", MINDSPORE_FILES)
def test_read_matches_mindspore_load_checkpoint(file_name):
    expected = {e["name"]: golden_value(e) for e in GOLDENS["loaded"][file_name]}
    assert_same_entries(read_checkpoint(str(GOLDEN_DIR / file_name)), expected)


@pytest.mark.parametrize("file_name", MINDSPORE_FILES)
def test_read_returns_what_mindspore_saved(file_name):
    entries, append = saved_inputs(file_name)
    expected = {name: as_stored(value) for name, value in entries
                if isinstance(value, str) or value.size != 0}  # save_checkpoint drops zero-size tensors
    expected.update((name, as_stored(value)) for name, value in append.items())
    assert_same_entries(read_checkpoint(str(GOLDEN_DIR / file_name)), expected)


@pytest.mark.parametrize("file_name", [name for name in MINDSPORE_FILES if name != "split.ckpt"])
def test_write_gives_mindspore_save_checkpoint_bytes(tmp_path, file_name):
    entries, append = saved_inputs(file_name)
    crc_check = GOLDENS["saved"][file_name]["crc_check"]
    assert written_bytes(tmp_path, entries, append, crc_check) == (GOLDEN_DIR / file_name).read_bytes()


@pytest.mark.parametrize("file_name", ["msjax_written.ckpt", "msjax_written_crc.ckpt"])
def test_msjax_writer_made_the_goldens(tmp_path, file_name):
    crc_check = file_name.endswith("_crc.ckpt")
    written = written_bytes(tmp_path, MSJAX_ARRAYS, dict(MSJAX_APPEND), crc_check)
    assert written == (GOLDEN_DIR / file_name).read_bytes()


@pytest.mark.parametrize("file_name", ["msjax_written.ckpt", "msjax_written_crc.ckpt"])
def test_mindspore_read_what_msjax_wrote(file_name):
    expected = {name: as_stored(value) for name, value in MSJAX_ARRAYS + list(MSJAX_APPEND.items())}
    read_by_mindspore = {e["name"]: golden_value(e) for e in GOLDENS["loaded"][file_name]}
    assert_same_entries(read_by_mindspore, expected)
    assert_same_entries(read_checkpoint(str(GOLDEN_DIR / file_name), crc_check=True), expected)


ROUND_TRIP_SHAPES = [(), (1,), (3,), (2, 3), (2, 1, 3, 2)]


@pytest.mark.parametrize("type_name", sorted(DTYPES))
@pytest.mark.parametrize("crc_check", [False, True])
def test_round_trip_every_dtype(tmp_path, type_name, crc_check):
    rng = np.random.default_rng(len(type_name))
    arrays = {}
    for shape in ROUND_TRIP_SHAPES:
        values = rng.standard_normal(shape) * 100
        arrays[f"x{len(shape)}"] = (values > 0 if type_name == "Bool" else values).astype(DTYPES[type_name])
    path = tmp_path / "round_trip.ckpt"
    write_checkpoint(path, arrays, crc_check=crc_check)
    assert_same_entries(read_checkpoint(path, crc_check=crc_check), arrays)


def test_round_trip_keeps_order_and_python_values(tmp_path):
    pairs = [("z", np.ones(2, np.float32)), ("a", "ünïcode ✓"), ("m", ""), ("k", 3), ("f", 0.1), ("t", False),
             ("d", np.float64(0.1)), ("i", np.int8(-3))]
    path = tmp_path / "values.ckpt"
    write_checkpoint(path, pairs, append_dict={"z": 5})
    expected = {name: as_stored(value) for name, value in pairs}
    expected["z"] = np.array(5, np.int64)
    assert_same_entries(read_checkpoint(path), expected)


def test_write_converts_big_endian_and_non_contiguous_arrays(tmp_path):
    array = np.arange(12, dtype=">i4").reshape(3, 4).T
    path = tmp_path / "layout.ckpt"
    write_checkpoint(path, {"x": array})
    assert_same_entries(read_checkpoint(path), {"x": np.ascontiguousarray(array, np.int32)})


def test_write_replaces_file_and_leaves_it_read_only(tmp_path):
    path = tmp_path / "twice.ckpt"
    write_checkpoint(path, {"x": np.zeros(3, np.float32)})
    write_checkpoint(path, {"y": np.ones(2, np.int32)})
    assert stat.S_IMODE(os.stat(path).st_mode) == stat.S_IRUSR
    assert list(read_checkpoint(path)) == ["y"]
    assert not (tmp_path / "twice.tmp").exists()


def damaged_net_crc():
    damaged = bytearray((GOLDEN_DIR / "net_crc.ckpt").read_bytes())
    damaged[40] ^= 0xFF  # inside dense.weight's content: the file still parses but fails the CRC
    return bytes(damaged)


# Each case of ckpt_goldens.json["errors"]: (file name or None for the int 123, a function giving the
# file's content or None for no file, crc_check), as make_ckpt_goldens.py made them for MindSpore.
ERROR_CASES = {
    "not_a_string": (None, None, False),
    "missing": ("missing.ckpt", None, False),
    "wrong_suffix": ("weights.bin", lambda: b"", False),
    "empty": ("empty.ckpt", lambda: b"", False),
    "junk": ("junk.ckpt", lambda: b"\xff\xff\xff\xff", False),
    "truncated": ("truncated.ckpt", lambda: (GOLDEN_DIR / "mixed.ckpt").read_bytes()[:-3], False),
    # MindSpore writes complex64 tensors but cannot read them back.
    "unknown_type": ("unknown.ckpt", lambda: (GOLDEN_DIR / "complex64.ckpt").read_bytes(), False),
    "crc_mismatch": ("damaged.ckpt", damaged_net_crc, True),
}


@pytest.mark.parametrize("case", sorted(GOLDENS["errors"]))
def test_errors_match_mindspore(tmp_path, case):
    golden = GOLDENS["errors"][case]
    file_name, content, crc_check = ERROR_CASES[case]
    path = tmp_path / (file_name or "")
    if content is not None:
        path.write_bytes(content())
    with pytest.raises((TypeError, ValueError)) as caught:
        read_checkpoint(str(path) if file_name else 123, crc_check=crc_check)
    assert type(caught.value).__name__ == golden["type"]
    assert str(caught.value) == golden["message"].replace("{path}", os.path.realpath(path))


def test_damaged_crc_file_loads_without_crc_check(tmp_path):
    path = tmp_path / "damaged.ckpt"
    path.write_bytes(damaged_net_crc())
    assert len(read_checkpoint(path)) == GOLDENS["loaded"]["damaged_net_crc_without_check"]


def test_missing_record_of_a_split_tensor_is_reported(tmp_path):
    content = (GOLDEN_DIR / "split.ckpt").read_bytes()
    path = tmp_path / "half.ckpt"
    path.write_bytes(content[:2 + content[1]])  # only the first of the tensor's two records
    with pytest.raises(ValueError, match=r"'big' .* holds 24 bytes of Int32, but its shape \(5, 2\) needs 40"):
        read_checkpoint(path)


def test_write_rejects_dtypes_mindspore_cannot_load(tmp_path):
    with pytest.raises(TypeError, match="'c' has dtype complex64, which a MindSpore checkpoint cannot hold"):
        write_checkpoint(tmp_path / "c.ckpt", {"c": np.ones(2, np.complex64)})


def test_write_rejects_names_that_are_not_strings(tmp_path):
    with pytest.raises(TypeError, match="every name must be a str, but got 3 of type int"):
        write_checkpoint(tmp_path / "n.ckpt", [(3, np.ones(2, np.float32))])
