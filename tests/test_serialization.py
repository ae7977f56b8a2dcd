"""save_checkpoint / load_checkpoint / load_param_into_net against MindSpore 2.10.

Goldens: tests/goldens/ckpt (make_ckpt_goldens.py: files MindSpore wrote, what it loaded, its
errors) and tests/goldens/nn/optim_extra.json["load"] (optim_extra.py: loading into networks).
"""
import json
import re
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import msjax
from msjax import Parameter, Tensor, nn
from msjax._src.nn.cell import Cell
from msjax._src.serialization import (
    load_checkpoint,
    load_param_into_net,
    save_checkpoint,
)
from tests.nn.optim_models import EXTRA, LENET, RawDense, Small, make_case

CKPT_DIR = Path(__file__).parent / "goldens" / "ckpt"
CKPT = json.loads((CKPT_DIR / "ckpt_goldens.json").read_text(encoding="utf-8"))
LOAD = EXTRA["load"]
DTYPES = {"Float16": np.float16, "Float32": np.float32, "Float64": np.float64, "BFloat16": ml_dtypes.bfloat16,
          "Int8": np.int8, "UInt8": np.uint8, "Int16": np.int16, "UInt16": np.uint16, "Int32": np.int32,
          "UInt32": np.uint32, "Int64": np.int64, "UInt64": np.uint64, "Bool": np.bool_}


class GoldenNet(Cell):
    """The parameters of make_ckpt_goldens.py's Dense(4, 3) + Conv2d(2, 3, 3) + BatchNorm2d(3)."""

    def __init__(self):
        super().__init__()
        self.dense = RawDense(np.zeros((3, 4), np.float32), np.zeros(3, np.float32))
        self.conv = ConvParams()
        self.bn = BatchNormParams()


class ConvParams(Cell):
    def __init__(self):
        super().__init__()
        self.weight = Parameter(Tensor(np.zeros((3, 2, 3, 3), np.float32)))
        self.bias = Parameter(Tensor(np.zeros(3, np.float32)))


class BatchNormParams(Cell):
    def __init__(self):
        super().__init__()
        self.moving_mean = Parameter(Tensor(np.zeros(3, np.float32)), requires_grad=False)
        self.moving_variance = Parameter(Tensor(np.ones(3, np.float32)), requires_grad=False)
        self.gamma = Parameter(Tensor(np.ones(3, np.float32)))
        self.beta = Parameter(Tensor(np.zeros(3, np.float32)))


class Outer(Cell):
    def __init__(self):
        super().__init__()
        self.backbone = Small()


def golden_array(entry):
    return np.array(entry["values"], DTYPES[entry["tensor_type"]]).reshape(entry["shape"])


def values(net):
    return {p.name: p.asnumpy() for p in net.get_parameters()}


# -- MindSpore's files into msjax ----------------------------------------------------------------
@pytest.mark.parametrize("file_name", ["net.ckpt", "net_crc.ckpt"])
def test_mindspore_checkpoint_loads_into_an_msjax_net(file_name):
    net = GoldenNet()
    crc_check = file_name.endswith("_crc.ckpt")
    param_dict = load_checkpoint(str(CKPT_DIR / file_name), net=net, crc_check=crc_check)
    saved = CKPT["saved"][file_name]["entries"]
    assert list(param_dict) == [e["name"] for e in saved]
    assert [p.name for p in net.get_parameters()] == \
        ["dense.weight", "dense.bias", "conv.weight", "conv.bias", "bn.moving_mean", "bn.moving_variance",
         "bn.gamma", "bn.beta"]
    for entry in saved:
        np.testing.assert_array_equal(values(net)[entry["name"]], golden_array(entry))
        assert repr(param_dict[entry["name"]]) == (f"Parameter (name={entry['name']}, "
                                                  f"shape={tuple(entry['shape'])}, dtype=Float32, "
                                                  "requires_grad=True)")


@pytest.mark.parametrize("file_name", [f for f in CKPT["loaded"] if f.endswith(".ckpt")])
def test_load_checkpoint_returns_what_mindspore_returns(file_name):
    loaded = load_checkpoint(str(CKPT_DIR / file_name), crc_check=file_name.endswith("_crc.ckpt"))
    expected = CKPT["loaded"][file_name]
    assert list(loaded) == [e["name"] for e in expected]
    for entry in expected:
        value = loaded[entry["name"]]
        if "str" in entry:
            assert value == entry["str"]
            continue
        assert isinstance(value, Parameter) and value.name == entry["name"]
        assert (str(value.dtype), list(value.shape)) == (entry["tensor_type"], entry["shape"])
        np.testing.assert_array_equal(value.asnumpy(), golden_array(entry))


@pytest.mark.parametrize("file_name", ["net.ckpt", "net_crc.ckpt"])
def test_save_checkpoint_writes_mindspore_bytes(tmp_path, file_name):
    net = GoldenNet()
    load_checkpoint(str(CKPT_DIR / file_name), net=net)
    out = tmp_path / file_name
    save_checkpoint(net, str(out), crc_check=file_name.endswith("_crc.ckpt"))
    assert out.read_bytes() == (CKPT_DIR / file_name).read_bytes()


@pytest.mark.parametrize("case", sorted(CKPT["errors"]))
def test_load_checkpoint_errors_match_mindspore(tmp_path, case):
    expected = CKPT["errors"][case]
    path = {"not_a_string": 123, "missing": str(tmp_path / "missing.ckpt"),
            "wrong_suffix": str(tmp_path / "w.txt"), "empty": str(tmp_path / "empty.ckpt"),
            "junk": str(tmp_path / "junk.ckpt"), "truncated": str(tmp_path / "truncated.ckpt"),
            "unknown_type": str(CKPT_DIR / "complex64.ckpt"),
            "crc_mismatch": str(tmp_path / "bad_crc.ckpt")}[case]
    if case == "wrong_suffix" or case == "empty":
        Path(path).write_bytes(b"")
    elif case == "junk":
        Path(path).write_bytes(b"\xff\x00 definitely not protobuf \x01\x02")
    elif case == "truncated":
        Path(path).write_bytes((CKPT_DIR / "net.ckpt").read_bytes()[:150])
    elif case == "crc_mismatch":
        data = bytearray((CKPT_DIR / "net_crc.ckpt").read_bytes())
        data[40] ^= 0xFF
        Path(path).write_bytes(bytes(data))
    with pytest.raises(Exception) as info:
        load_checkpoint(path, crc_check=case == "crc_mismatch")
    real_path = str(Path(path).resolve()) if isinstance(path, str) else ""
    message = expected["message"].replace("{path}", real_path)
    assert (type(info.value).__name__, str(info.value)) == (expected["type"], message)


# -- msjax -> file -> msjax ----------------------------------------------------------------------
def trained_step(steps=2):
    net, loss_fn, x, y = make_case("small")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), nn.Adam(net.trainable_params(), 0.01,
                                                                       use_amsgrad=True))
    for _ in range(steps):
        step(x, y)
    return step, x, y


def test_training_state_round_trips_and_training_resumes(tmp_path):
    step, x, y = trained_step()
    save_checkpoint(step, str(tmp_path / "train.ckpt"))
    fresh, _, _ = trained_step(steps=0)
    param_not_load, ckpt_not_load = load_param_into_net(fresh, load_checkpoint(str(tmp_path / "train.ckpt")))
    assert (param_not_load, ckpt_not_load) == ([], [])
    for name, value in values(step).items():
        np.testing.assert_array_equal(values(fresh)[name], value, err_msg=name)
    assert int(fresh.optimizer.global_step.asnumpy()[0]) == 2
    np.testing.assert_allclose(fresh(x, y).asnumpy(), step(x, y).asnumpy(), rtol=0, atol=0)
    for name, value in values(step).items():
        np.testing.assert_array_equal(values(fresh)[name], value, err_msg=name)


def test_save_forms_append_dict_and_choice_func(tmp_path):
    net = Small()
    save_checkpoint(net.trainable_params(), str(tmp_path / "list.ckpt"))
    save_checkpoint([{"name": p.name, "data": p} for p in net.get_parameters()], str(tmp_path / "dicts"))
    from_file = load_checkpoint(str(tmp_path / "list.ckpt"))
    save_checkpoint(from_file, str(tmp_path / "dict.ckpt"), append_dict={"epoch": 3, "note": "ok"})
    dicts = load_checkpoint(str(tmp_path / "dicts.ckpt"))  # '.ckpt' appended, as in MindSpore
    again = load_checkpoint(str(tmp_path / "dict.ckpt"))
    assert list(again) == list(values(net)) + ["epoch", "note"]
    assert again["note"] == "ok" and repr(again["epoch"]) == \
        "Parameter (name=epoch, shape=(), dtype=Int64, requires_grad=True)"
    for name, value in values(net).items():
        np.testing.assert_array_equal(dicts[name].asnumpy(), value)
        np.testing.assert_array_equal(again[name].asnumpy(), value)


def test_save_choice_and_append_match_mindspore(tmp_path):
    expected = LOAD["save_choice_and_append"]
    net = Small()
    save_checkpoint(net, str(tmp_path / "choice.ckpt"), choice_func=lambda n: n.startswith("fc2"),
                    append_dict={"epoch": 3, "lr": Tensor(np.float32(0.5)), "fc2.bias": 1.5})
    loaded = load_checkpoint(str(tmp_path / "choice.ckpt"))
    assert list(loaded) == expected["keys"]
    assert [repr(v) for v in loaded.values()] == expected["reprs"]


def test_save_without_suffix_adds_ckpt(tmp_path):
    save_checkpoint(Small(), str(tmp_path / "nosuffix"))
    assert sorted(p.name for p in tmp_path.iterdir()) == LOAD["save_no_suffix"]["files"]


# -- load_param_into_net against MindSpore ---------------------------------------------------------
@pytest.fixture
def small_ckpt(tmp_path):
    path = tmp_path / "small.ckpt"
    save_checkpoint(Small(), str(path))
    return str(path)


def test_plain_load_matches_mindspore(small_ckpt):
    expected = LOAD["plain_load"]
    net = Small()
    for p in net.get_parameters():
        p.set_data(Tensor(np.zeros(p.shape, np.float32)))
    param_dict = load_checkpoint(small_ckpt)
    result = load_param_into_net(net, param_dict)
    assert type(result).__name__ == expected["result_type"]
    assert list(result) == [expected["param_not_load"], expected["ckpt_not_load"]]
    assert list(param_dict) == expected["dict_keys"]
    assert [repr(v) for v in param_dict.values()] == expected["dict_repr"]
    for name, value in expected["values"].items():
        np.testing.assert_array_equal(values(net)[name], np.asarray(value, np.float32))


def test_load_with_net_and_prefix_filters_match_mindspore(small_ckpt):
    net = Small()
    for p in net.get_parameters():
        p.set_data(Tensor(np.full(p.shape, 7.0, np.float32)))
    param_dict = load_checkpoint(small_ckpt, net=net, filter_prefix="fc2")
    assert list(param_dict) == LOAD["load_with_net"]["dict_keys"]
    np.testing.assert_array_equal(values(net)["fc1.weight"],
                                  np.asarray(LOAD["load_with_net"]["values"]["fc1.weight"], np.float32))
    np.testing.assert_array_equal(values(net)["fc2.bias"], [7.0, 7.0])
    assert list(load_checkpoint(small_ckpt, choice_func=lambda n: n.endswith("bias"))) == \
        LOAD["load_choice"]["choice"]
    assert list(load_checkpoint(small_ckpt, specify_prefix=["fc1", "fc2.b"])) == \
        LOAD["load_choice"]["specify"]


def test_missing_extra_and_prefixed_names_match_mindspore(small_ckpt, tmp_path):
    param_dict = load_checkpoint(small_ckpt)
    del param_dict["fc1.bias"]
    param_dict["extra"] = Parameter(Tensor(np.ones(2, np.float32)), name="extra")
    assert list(load_param_into_net(Small(), param_dict)) == \
        [LOAD["load_extra_and_missing"]["param_not_load"], LOAD["load_extra_and_missing"]["ckpt_not_load"]]

    expected = LOAD["load_prefixed"]
    outer = Outer()
    save_checkpoint(outer, str(tmp_path / "outer.ckpt"))
    param_dict = load_checkpoint(str(tmp_path / "outer.ckpt"))
    assert list(param_dict) == expected["names"]
    net = Small()
    assert list(load_param_into_net(net, param_dict)) == \
        [expected["param_not_load"], expected["ckpt_not_load"]]
    for name, value in values(outer.backbone).items():
        np.testing.assert_array_equal(values(net)[name.removeprefix("backbone.")], value)
    assert list(load_param_into_net(Small(), param_dict, strict_load=True)) == \
        [expected["strict_param_not_load"], expected["strict_ckpt_not_load"]]


def test_dtype_conversion_matches_mindspore():
    expected = LOAD["load_dtype_convert"]
    net = Small()
    half = Parameter(Tensor(np.arange(3, dtype=np.float16)), name="fc1.bias")
    result = load_param_into_net(net, {"fc1.bias": half})
    assert [list(r) for r in result] == expected["result"]
    assert str(net.fc1.bias.dtype) == expected["dtype"]
    np.testing.assert_array_equal(net.fc1.bias.asnumpy(), expected["bias"])


def test_trailing_unit_axes_are_reshaped_away():
    """MindSpore 2.10 accepts a (3, 1, 1) value for a (3,) parameter (param_not_load and
    ckpt_not_load as below) but then stores it unreshaped; msjax keeps the parameter's shape."""
    expected = LOAD["load_trailing_one"]
    net = Small()
    result = load_param_into_net(net, {"fc1.bias": Parameter(
        Tensor(np.arange(3, dtype=np.float32).reshape(3, 1, 1)), name="fc1.bias")})
    assert list(result) == [expected["param_not_load"], expected["ckpt_not_load"]]
    np.testing.assert_array_equal(net.fc1.bias.asnumpy(), np.asarray(expected["bias"], np.float32).reshape(3))


def test_str_entries_are_skipped_as_in_mindspore():
    expected = LOAD["load_str_value"]
    assert list(load_param_into_net(Small(), {"fc1.bias": "abc"})) == \
        [expected["param_not_load"], expected["ckpt_not_load"]]


LOAD_ERRORS = {
    "load_shape_mismatch": lambda ckpt: load_param_into_net(
        Small(), {"fc1.weight": Parameter(Tensor(np.ones((2, 2), np.float32)), name="fc1.weight")}),
    "load_dtype_strict": lambda ckpt: load_param_into_net(
        Small(), {"fc1.bias": Parameter(Tensor(np.arange(3, dtype=np.float16)), name="fc1.bias")},
        strict_load=True),
    "load_dtype_int_float": lambda ckpt: load_param_into_net(
        Small(), {"fc1.bias": Parameter(Tensor(np.arange(3, dtype=np.int32)), name="fc1.bias")}),
    "load_bad_net": lambda ckpt: load_param_into_net({}, {}),
    "load_bad_dict": lambda ckpt: load_param_into_net(Small(), []),
    "load_bad_value": lambda ckpt: load_param_into_net(
        Small(), {"fc1.bias": Tensor(np.zeros(3, np.float32))}),
    "save_bad_obj": lambda ckpt: save_checkpoint(3, "x.ckpt"),
    "save_bad_name": lambda ckpt: save_checkpoint(Small(), 3),
    "save_bad_append": lambda ckpt: save_checkpoint(Small(), "x.ckpt", append_dict={"a": [1]}),
    "save_bad_list": lambda ckpt: save_checkpoint([1, 2], "x.ckpt"),
    "save_bad_async": lambda ckpt: save_checkpoint(Small(), "x.ckpt", async_save="foo"),
    "filter_bad": lambda ckpt: load_checkpoint(ckpt, filter_prefix=3),
    "filter_empty_str": lambda ckpt: load_checkpoint(ckpt, filter_prefix=["fc1", ""]),
    "filter_all": lambda ckpt: load_checkpoint(ckpt, filter_prefix="fc"),
}


def class_names(message):
    return re.sub(r"<class '(?:[\w.]+\.)?(\w+)'>", r"<class '\1'>", message)


@pytest.mark.parametrize("case", sorted(LOAD_ERRORS))
def test_errors_match_mindspore(case, small_ckpt, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    expected = LOAD[case]
    with pytest.raises(Exception) as info:
        LOAD_ERRORS[case](small_ckpt)
    assert (type(info.value).__name__, class_names(str(info.value))) == \
        (expected["type"], class_names(expected["message"]))


def test_a_failed_load_changes_no_parameter(small_ckpt):
    """msjax loads all-or-nothing: fc2.weight's bad shape leaves fc1 untouched too."""
    net = Small()
    for p in net.get_parameters():
        p.set_data(Tensor(np.zeros(p.shape, np.float32)))
    param_dict = load_checkpoint(small_ckpt)
    param_dict["fc2.weight"] = Parameter(Tensor(np.ones((5, 5), np.float32)), name="fc2.weight")
    with pytest.raises(RuntimeError, match="should have the same shape"):
        load_param_into_net(net, param_dict)
    for value in values(net).values():
        assert not value.any()


def test_bfloat16_parameters_round_trip(tmp_path):
    param = Parameter(Tensor(np.array([1.5, -2.0, 0.0078125], np.float32), msjax.bfloat16), name="b")
    save_checkpoint([param], str(tmp_path / "b.ckpt"))
    loaded = load_checkpoint(str(tmp_path / "b.ckpt"))["b"]
    assert str(loaded.dtype) == "BFloat16"
    np.testing.assert_array_equal(loaded.asnumpy().astype(np.float32), [1.5, -2.0, 0.0078125])


def test_golden_small_weights_are_the_checkpoint_values(small_ckpt):
    """The 'small' model of the goldens is what optim_extra.py saved and loaded."""
    for name, value in LOAD["plain_load"]["values"].items():
        np.testing.assert_array_equal(LENET["small/init/" + name], np.asarray(value, np.float32))
