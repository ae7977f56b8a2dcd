"""Golden .safetensors files of MindSpore 2.10.0, and MindSpore's reading of files msjax wrote.

Two steps, from the repository root:

1. Without MindSpore (msjax's environment, ``PYTHONPATH=$PWD``), write the file MindSpore is to read::

       python tests/goldens/scripts/make_safetensors_goldens.py

   This writes ``tests/goldens/safetensors/msjax_written.safetensors`` (and ``msjax_written_crc``,
   with ``crc_check=True`` and without the bfloat16 tensor, whose CRC MindSpore cannot take) with
   ``mindspore.save_checkpoint(..., format="safetensors")`` answered by msjax, from ``arrays()``
   and ``APPEND`` below.

2. Under MindSpore::

       MSJAX_GOLDEN_DIR=$PWD/tests/goldens/safetensors /work/shared/tools/mindspore-oracle \\
           tests/goldens/scripts/make_safetensors_goldens.py | grep -v CRITICAL \\
           > tests/goldens/safetensors/make_safetensors_goldens.out

   This writes the same table with MindSpore as ``mindspore_written.safetensors`` (and ``_crc``),
   ``empty.safetensors`` (a save whose choice_func keeps nothing), ``mindspore_converted.safetensors``
   (``ckpt_to_safetensors`` of tests/goldens/ckpt/net.ckpt with a ``name_map``) and ``safetensors_goldens.json``:

   * ``loaded[file]``  what ``load_checkpoint(file, format="safetensors")`` returns, in order:
     {name, param_name, tensor_type, shape, values} (bfloat16 values as float32), for every file
   * ``header[file]``  the file's JSON header (``__metadata__`` included)
   * ``errors[case]``  {type, message} of bad calls, the file's real path replaced by ``{path}``
"""
import json
import os
import shutil
import struct
import sys
import tempfile
from pathlib import Path

import numpy as np

OUT = Path(os.environ.get("MSJAX_GOLDEN_DIR") or Path(__file__).resolve().parents[1] / "safetensors")


def arrays():
    """(name, MindSpore dtype name, float32/NumPy values) saved by both sides, deliberately unsorted."""
    return [
        ("w.single", "Float32", np.arange(6, dtype=np.float32).reshape(2, 3) / 4 - 0.5),
        ("w.half", "Float16", np.array([[1.5, -0.25], [65504, 6.1e-05]], np.float16)),
        ("w.brain", "BFloat16", np.array([1.5, -2.0, 0.0078125, 256.0], np.float32)),
        ("w.double", "Float64", np.array([np.pi, -1e300])),
        ("i.int8", "Int8", np.array([-128, 127], np.int8)),
        ("i.uint8", "UInt8", np.array([0, 255], np.uint8)),
        ("i.int16", "Int16", np.array([-32768, 32767], np.int16)),
        ("i.uint16", "UInt16", np.array([65535], np.uint16)),
        ("i.int32", "Int32", np.array([[-(2**31)], [2**31 - 1]], np.int32)),
        ("i.uint32", "UInt32", np.array([2**32 - 1], np.uint32)),
        ("i.int64", "Int64", np.array([-(2**63), 2**63 - 1], np.int64)),
        ("i.uint64", "UInt64", np.array([2**64 - 1], np.uint64)),
        ("b.mask", "Bool", np.array([[True, False, True]])),
        ("a.scalar", "Float32", np.array(3.5, np.float32)),
        ("a.empty", "Float32", np.zeros((2, 0), np.float32)),
    ]


APPEND = {"epoch_num": 12, "lr": 0.001, "done": True}


def save_all(ms, prefix):
    save_list = []
    for name, type_name, value in arrays():
        tensor = ms.Tensor(value, ms.bfloat16) if type_name == "BFloat16" else ms.Tensor(value)
        assert str(tensor.dtype) == type_name, (name, tensor.dtype)
        save_list.append({"name": name, "data": tensor})
    # MindSpore's CRC takes bytes(array), which NumPy refuses for bfloat16: the CRC file leaves it out.
    for suffix, crc in (("", False), ("_crc", True)):
        ms.save_checkpoint(list(save_list), str(OUT / f"{prefix}_written{suffix}"), append_dict=dict(APPEND),
                           crc_check=crc, format="safetensors", choice_func=lambda name, crc=crc: not (
                               crc and name == "w.brain"))
        (OUT / f"{prefix}_written{suffix}.safetensors").chmod(0o644)


def header(path):
    data = Path(path).read_bytes()
    (size,) = struct.unpack("<Q", data[:8])
    return json.loads(data[8:8 + size])


def describe(ms, params):
    out = []
    for key, param in params.items():
        if isinstance(param, str):
            out.append({"name": key, "str": param})
            continue
        values = param.float().asnumpy() if param.dtype == ms.bfloat16 else param.asnumpy()
        out.append({"name": key, "param_name": param.name, "tensor_type": str(param.dtype),
                    "shape": list(values.shape), "values": values.tolist()})
    return out


def error_of(call, path=None):
    try:
        call()
    except Exception as e:  # pylint: disable=broad-except
        message = str(e)
        if path is not None:
            message = message.replace(os.path.realpath(str(path)), "{path}").replace(str(path), "{path}")
        return {"type": type(e).__name__, "message": message}
    return {"type": None, "message": None}


def record_mindspore():  # pylint: disable=too-many-locals
    import mindspore as ms  # pylint: disable=import-outside-toplevel
    for name in ("msjax_written.safetensors", "msjax_written_crc.safetensors"):
        if not (OUT / name).exists():
            sys.exit(f"{OUT / name} is missing: run this script without MindSpore first")
    save_all(ms, "mindspore")
    ms.save_checkpoint({"x": ms.Tensor(np.ones(2, np.float32))}, str(OUT / "empty.safetensors"),
                       choice_func=lambda name: False, format="safetensors")
    scratch = Path(tempfile.mkdtemp())
    shutil.copy(OUT.parent / "ckpt" / "mixed.ckpt", scratch / "mixed.ckpt")
    shutil.copy(OUT.parent / "ckpt" / "net.ckpt", scratch / "net.ckpt")
    ms.ckpt_to_safetensors(str(scratch / "net.ckpt"), str(scratch / "out"), name_map={"dense.bias": "renamed"})
    shutil.copy(scratch / "out" / "net.safetensors", OUT / "mindspore_converted.safetensors")
    ms.safetensors_to_ckpt(str(OUT / "msjax_written.safetensors"), str(scratch / "back"))
    loaded, headers = {}, {}
    files = ["mindspore_written.safetensors", "mindspore_written_crc.safetensors", "msjax_written.safetensors",
             "msjax_written_crc.safetensors", "mindspore_converted.safetensors"]
    for name in files:
        params = ms.load_checkpoint(str(OUT / name), crc_check=name.endswith("_crc.safetensors"),
                                    format="safetensors")
        loaded[name] = describe(ms, params)
        headers[name] = header(OUT / name)
        print(name, "->", ", ".join(f"{e['name']}:{e.get('tensor_type', 'str')}{e.get('shape', '')}"
                                    for e in loaded[name]))
    headers["empty.safetensors"] = header(OUT / "empty.safetensors")
    loaded["msjax_written.safetensors->ckpt"] = describe(ms, ms.load_checkpoint(str(scratch / "back" /
                                                                                    "msjax_written.ckpt")))
    loaded["choice_func"] = describe(ms, ms.load_checkpoint(str(OUT / "mindspore_written.safetensors"),
                                                            choice_func=lambda n: n.startswith("w."),
                                                            specify_prefix="i.", format="safetensors"))
    errors = {}
    st = OUT / "mindspore_written.safetensors"
    errors["missing_file"] = error_of(lambda: ms.load_checkpoint(str(scratch / "no.safetensors"),
                                                                 format="safetensors"), scratch / "no.safetensors")
    net_ckpt = OUT.parent / "ckpt" / "net.ckpt"
    errors["wrong_suffix"] = error_of(lambda: ms.load_checkpoint(str(net_ckpt), format="safetensors"), net_ckpt)
    errors["bad_format_load"] = error_of(lambda: ms.load_checkpoint(str(st), format="pt"))
    errors["bad_format_save"] = error_of(lambda: ms.save_checkpoint([], str(scratch / "x"), format="pt"))
    errors["dec_key"] = error_of(lambda: ms.load_checkpoint(str(st), dec_key=b"0" * 16, format="safetensors"))
    errors["enc_key"] = error_of(lambda: ms.save_checkpoint([], str(scratch / "x"), enc_key=b"0" * 16,
                                                            format="safetensors"))
    errors["crc_bfloat16"] = error_of(lambda: ms.save_checkpoint(
        {"b": ms.Tensor(np.ones(2, np.float32), ms.bfloat16)}, str(scratch / "b"), crc_check=True,
        format="safetensors"))
    errors["ckpt_to_safetensors_str"] = error_of(lambda: ms.ckpt_to_safetensors(str(scratch / "mixed.ckpt")))
    errors["str_value"] = error_of(lambda: ms.save_checkpoint({"s": "abc"}, str(scratch / "s"),
                                                              format="safetensors"))
    errors["str_append"] = error_of(lambda: ms.save_checkpoint([], str(scratch / "s2"), append_dict={"s": "x"},
                                                               format="safetensors"))
    for case, data in (("empty_file", b""), ("junk", b"\x05\x00\x00\x00\x00\x00\x00\x00{junk"),
                       ("header_too_long", b"\xff" * 8 + b"{}"),
                       ("truncated", st.read_bytes()[:-3])):
        bad = scratch / f"{case}.safetensors"
        bad.write_bytes(data)
        errors[case] = error_of(lambda bad=bad: ms.load_checkpoint(str(bad), format="safetensors"), bad)
    flipped = bytearray((OUT / "mindspore_written_crc.safetensors").read_bytes())
    flipped[-1] ^= 1
    bad = scratch / "crc.safetensors"
    bad.write_bytes(bytes(flipped))
    errors["crc_failed"] = error_of(lambda: ms.load_checkpoint(str(bad), crc_check=True, format="safetensors"), bad)
    for func in ("ckpt_to_safetensors", "safetensors_to_ckpt"):
        convert = getattr(ms, func)
        errors[f"{func}_missing"] = error_of(lambda convert=convert: convert(str(scratch / "nowhere")), scratch)
        errors[f"{func}_save_path_file"] = error_of(
            lambda convert=convert: convert(str(scratch / "mixed.ckpt"), str(scratch / "a.txt")), scratch)
        errors[f"{func}_name_map"] = error_of(
            lambda convert=convert: convert(str(scratch / "mixed.ckpt"), name_map=[1]), scratch)
        errors[f"{func}_suffix"] = error_of(lambda convert=convert: convert(str(bad.with_name("junk.txt"))
                                                                            if bad.with_name("junk.txt").write_text("x")
                                                                            else None), scratch)
        errors[f"{func}_regex"] = error_of(lambda convert=convert, src=(str(scratch / "mixed.ckpt")
                                                                        if func == "ckpt_to_safetensors" else str(st)):
                                           convert(src, str(scratch / "r"), file_name_regex="^nomatch$"), scratch)
        errors[f"{func}_no_rank_dir"] = error_of(lambda convert=convert: convert(str(scratch / "out")), scratch)
    for case, error in errors.items():
        print(case, "->", error["type"], ":", error["message"])
    (OUT / "safetensors_goldens.json").write_text(json.dumps(
        {"loaded": loaded, "header": headers, "errors": errors}, indent=1, ensure_ascii=False) + "\n",
        encoding="utf-8")


if __name__ == "__main__":
    try:
        import msjax.compat  # pylint: disable=import-outside-toplevel
    except ImportError:  # the oracle's environment: real MindSpore
        record_mindspore()
    else:
        msjax.compat.install(force=True)
        import mindspore as ms  # pylint: disable=import-outside-toplevel
        OUT.mkdir(parents=True, exist_ok=True)
        save_all(ms, "msjax")
        print("wrote msjax_written.safetensors")
