"""Golden .ckpt files of MindSpore 2.10.0, and MindSpore's reading of files msjax wrote.

Two steps, from the repository root:

1. Without MindSpore (msjax's own environment), write the msjax files MindSpore is to read::

       python tests/goldens/scripts/make_ckpt_goldens.py

   This writes ``tests/goldens/ckpt/msjax_written.ckpt`` and ``msjax_written_crc.ckpt`` (with the
   CRC footer) from ``MSJAX_ARRAYS`` and ``MSJAX_APPEND`` below, with
   ``msjax/_src/checkpoint_format.py``. ``tests/test_checkpoint_format.py`` holds the same table and
   checks that the writer still produces these exact bytes.

2. Under MindSpore (the oracle copies the script to a scratch folder, so give the output folder)::

       MSJAX_GOLDEN_DIR=$PWD/tests/goldens/ckpt /work/shared/tools/mindspore-oracle \\
           tests/goldens/scripts/make_ckpt_goldens.py

   This writes with ``mindspore.save_checkpoint``:

   * ``net.ckpt``, ``net_crc.ckpt``  a Dense(4, 3) + Conv2d(2, 3, 3) + BatchNorm2d(3) net whose
     weights are set from ``np.random.default_rng(0)``; the second with ``crc_check=True``
   * ``mixed.ckpt``  the list-of-dicts form, one tensor of every dtype MindSpore checkpoints hold
     (0-d ones too), with ``append_dict`` holding an int, a float, a str and a bool
   * ``dict_form.ckpt``  the dict form: NumPy arrays (one zero-size, which MindSpore drops) and a
     str, with an ``append_dict`` entry replacing a same-named array in place
   * ``split.ckpt``  one tensor in two records with the same tag, as MindSpore writes tensors over
     512 MiB (made with MindSpore's own checkpoint_pb2, the records being too large to save for real),
     then a 0-d tensor recorded with dims ``[0]``, which ``load_checkpoint`` reads as 0-d
   * ``complex64.ckpt``  a complex64 tensor, which ``load_checkpoint`` cannot read back

   and ``ckpt_goldens.json``:

   * ``saved[file]``   what was saved: ``entries`` as {name, tensor_type, shape, values} (bfloat16
     values are float32 numbers that bfloat16 holds exactly) or {name, str}, ``append`` as
     {name, python_type, value}, and ``crc_check``
   * ``loaded[file]``  what ``mindspore.load_checkpoint(file)`` returns, in order, for every file
     above and for msjax's two files (``crc_check=True`` for the ``_crc`` ones): tensors as above
     with ``tensor_type`` = ``str(param.dtype)``, strings as {name, str}
   * ``errors[case]``  {type, message} of ``load_checkpoint`` on the int 123 as file name, a missing
     file, a wrong suffix, an empty file, junk bytes, a truncated file, an unknown tensor type and a failed CRC check, with
     the file's real path replaced by ``{path}``
"""
import importlib.util
import json
import os
import sys
import tempfile
from pathlib import Path

import numpy as np

OUT = Path(os.environ.get("MSJAX_GOLDEN_DIR") or Path(__file__).resolve().parents[1] / "ckpt")


def msjax_arrays():
    """The arrays msjax writes for MindSpore to read (the test has the same table)."""
    import ml_dtypes  # pylint: disable=import-outside-toplevel
    return [
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


def write_msjax_files():
    module_path = Path(__file__).resolve().parents[3] / "msjax" / "_src" / "checkpoint_format.py"
    spec = importlib.util.spec_from_file_location("checkpoint_format", module_path)
    checkpoint_format = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(checkpoint_format)
    OUT.mkdir(parents=True, exist_ok=True)
    for name, crc_check in (("msjax_written.ckpt", False), ("msjax_written_crc.ckpt", True)):
        checkpoint_format.write_checkpoint(str(OUT / name), msjax_arrays(), dict(MSJAX_APPEND), crc_check)
        (OUT / name).chmod(0o644)  # write_checkpoint leaves files read-only, as MindSpore does
        print("wrote", OUT / name, os.path.getsize(OUT / name), "bytes")


def describe_array(name, tensor_type, array):
    return {"name": name, "tensor_type": tensor_type, "shape": list(array.shape), "values": array.tolist()}


def record_mindspore():  # pylint: disable=too-many-locals,too-many-statements
    import mindspore as ms  # pylint: disable=import-outside-toplevel
    from mindspore import Tensor, nn  # pylint: disable=import-outside-toplevel
    from mindspore.train.checkpoint_pb2 import Checkpoint  # pylint: disable=import-outside-toplevel

    for name in ("msjax_written.ckpt", "msjax_written_crc.ckpt"):
        if not (OUT / name).exists():
            sys.exit(f"{OUT / name} is missing: run this script without MindSpore first")
    saved, loaded, errors = {}, {}, {}

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(4, 3)
            self.conv = nn.Conv2d(2, 3, 3, has_bias=True)
            self.bn = nn.BatchNorm2d(3)

        def construct(self, x):
            return self.bn(self.conv(x))

    rng = np.random.default_rng(0)
    net = Net()
    net_entries = []
    for param in net.get_parameters():
        value = rng.standard_normal(param.shape).astype(np.float32)
        param.set_data(Tensor(value))
        net_entries.append(describe_array(param.name, "Float32", value))
    for name, crc_check in (("net.ckpt", False), ("net_crc.ckpt", True)):
        ms.save_checkpoint(net, str(OUT / name), crc_check=crc_check)
        saved[name] = {"crc_check": crc_check, "entries": net_entries, "append": []}

    arrays = [
        ("half", "Float16", np.array([[0.5, -1.25, 3.0], [65504, -65504, 6.1e-05]], np.float16)),
        ("single", "Float32", rng.standard_normal((2, 2)).astype(np.float32)),
        ("double", "Float64", np.array([np.e, -1e-300])),
        ("brain", "BFloat16", np.array([1.0, -0.5, 256.0, 0.0078125], np.float32)),
        ("int8", "Int8", np.array([-128, 0, 127], np.int8)),
        ("uint8", "UInt8", np.array([0, 200, 255], np.uint8)),
        ("int16", "Int16", np.array([-32768, 32767], np.int16)),
        ("uint16", "UInt16", np.array([65535, 1], np.uint16)),
        ("int32", "Int32", np.array([[1, -2], [2**31 - 1, -(2**31)]], np.int32)),
        ("uint32", "UInt32", np.array([2**32 - 1], np.uint32)),
        ("int64", "Int64", np.array([-(2**63), 2**63 - 1, 5], np.int64)),
        ("uint64", "UInt64", np.array([2**64 - 1, 0], np.uint64)),
        ("mask", "Bool", np.array([[True, False], [False, True]])),
        ("scalar_f32", "Float32", np.array(1.25, np.float32)),
        ("scalar_i32", "Int32", np.array(-7, np.int32)),
        ("scalar_bool", "Bool", np.array(True)),
    ]
    save_list = []
    for name, tensor_type, value in arrays:
        tensor = Tensor(value, ms.bfloat16) if tensor_type == "BFloat16" else Tensor(value)
        assert str(tensor.dtype) == tensor_type, (name, tensor.dtype)
        save_list.append({"name": name, "data": tensor})
    append = {"epoch_num": 7, "learning_rate": 0.01, "note": "MindSpore ✓ checkpoint", "is_final": True}
    ms.save_checkpoint(save_list, str(OUT / "mixed.ckpt"), append_dict=dict(append))
    saved["mixed.ckpt"] = {
        "crc_check": False,
        "entries": [describe_array(name, tensor_type, value) for name, tensor_type, value in arrays],
        "append": [{"name": k, "python_type": type(v).__name__, "value": v} for k, v in append.items()],
    }

    # The dict form: NumPy values and a str; a zero-size array, which save_checkpoint drops; and an
    # append_dict entry that replaces a same-named one in place.
    dict_form = {"n": np.arange(3, dtype=np.uint16), "nothing": np.zeros((2, 0), np.float32), "s": "abc"}
    ms.save_checkpoint(dict_form, str(OUT / "dict_form.ckpt"), append_dict={"n": 7})
    saved["dict_form.ckpt"] = {
        "crc_check": False,
        "entries": [describe_array("n", "UInt16", dict_form["n"]),
                    describe_array("nothing", "Float32", dict_form["nothing"]), {"name": "s", "str": "abc"}],
        "append": [{"name": "n", "python_type": "int", "value": 7}],
    }

    whole = np.arange(10, dtype=np.int32).reshape(5, 2)
    checkpoint = Checkpoint()
    for piece in np.array_split(whole, 2):  # as _write_parameter_data splits a large tensor
        record = checkpoint.value.add()
        record.tag = "big"
        record.tensor.dims.extend(whole.shape)
        record.tensor.tensor_type = "Int32"
        record.tensor.tensor_content = piece.tobytes()
    scalar = np.array(2.5, np.float32)
    record = checkpoint.value.add()  # a 0-d tensor with dims [0], which load_checkpoint reads as 0-d
    record.tag = "dims_zero_scalar"
    record.tensor.dims.append(0)
    record.tensor.tensor_type = "Float32"
    record.tensor.tensor_content = scalar.tobytes()
    (OUT / "split.ckpt").write_bytes(checkpoint.SerializeToString())
    saved["split.ckpt"] = {"crc_check": False, "append": [], "entries": [
        describe_array("big", "Int32", whole), describe_array("dims_zero_scalar", "Float32", scalar)]}

    for name in sorted(saved) + ["msjax_written.ckpt", "msjax_written_crc.ckpt"]:
        params = ms.load_checkpoint(str(OUT / name), crc_check=name.endswith("_crc.ckpt"))
        entries = []
        for key, param in params.items():
            if isinstance(param, str):
                entries.append({"name": key, "str": param})
            else:
                as_numpy = param.float().asnumpy() if param.dtype == ms.bfloat16 else param.asnumpy()
                entries.append(describe_array(key, str(param.dtype), as_numpy))
        loaded[name] = entries
        print(name, "->", ", ".join(f"{e['name']}:{e.get('tensor_type', 'str')}{e.get('shape', '')}"
                                    for e in entries))

    scratch = Path(tempfile.mkdtemp())
    net_crc = (OUT / "net_crc.ckpt").read_bytes()
    damaged = bytearray(net_crc)
    damaged[40] ^= 0xFF  # inside the first tensor's content: still parses, fails the CRC
    # save_checkpoint writes a complex64 Tensor that load_checkpoint cannot read back.
    ms.save_checkpoint([{"name": "z", "data": Tensor(np.array([1 + 2j], np.complex64))}],
                       str(OUT / "complex64.ckpt"))
    cases = {
        "not_a_string": (None, None, False),
        "missing": ("missing.ckpt", None, False),
        "wrong_suffix": ("weights.bin", b"", False),
        "empty": ("empty.ckpt", b"", False),
        "junk": ("junk.ckpt", b"\xff\xff\xff\xff", False),
        "truncated": ("truncated.ckpt", (OUT / "mixed.ckpt").read_bytes()[:-3], False),
        "unknown_type": ("unknown.ckpt", (OUT / "complex64.ckpt").read_bytes(), False),
        "crc_mismatch": ("damaged.ckpt", bytes(damaged), True),
    }
    for case, (file_name, content, crc_check) in cases.items():
        path = scratch / (file_name or "")
        if content is not None:
            path.write_bytes(content)
        try:
            ms.load_checkpoint(str(path) if file_name else 123, crc_check=crc_check)
            errors[case] = None
        except Exception as e:  # pylint: disable=broad-except
            errors[case] = {"type": type(e).__name__,
                            "message": str(e).replace(os.path.realpath(path), "{path}")}
        print(case, "->", errors[case])
    # A damaged file without crc_check still loads: the CRC footer is only checked when asked.
    loaded["damaged_net_crc_without_check"] = len(ms.load_checkpoint(str(scratch / "damaged.ckpt")))

    with open(OUT / "ckpt_goldens.json", "w", encoding="utf-8") as f:
        json.dump({"mindspore_version": ms.__version__, "saved": saved, "loaded": loaded,
                   "errors": errors}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    for path in sorted(OUT.iterdir()):
        path.chmod(0o644)  # save_checkpoint leaves files read-only; keep the goldens ordinary files
        print("wrote", path.name, path.stat().st_size, "bytes")


if __name__ == "__main__":
    if importlib.util.find_spec("mindspore") is None:
        write_msjax_files()
    else:
        record_mindspore()
