"""`msjax coverage`: the counting rule on a small made-up tree, and a run on the real reference."""
from __future__ import annotations

import json
import re


from msjax._src.compat import coverage, usage_coverage
from msjax._src.compat.cli import main

_API = coverage.default_api_path()


def _write_api(path, modules):
    path.write_text(json.dumps({"modules": {m: {n: {"kind": "function", "signature": None}
                                                 for n in names} for m, names in modules.items()}}))
    return path


def test_a_name_counts_when_it_exists_and_a_test_uses_it(tmp_path):
    tests = tmp_path / "tests"
    (tests / "ops").mkdir(parents=True)
    (tests / "goldens").mkdir()
    (tests / "test_a.py").write_text(
        "import msjax as ms\n"
        "from msjax import ops as P, nn\n"
        "import msjax.numpy as mnp\n"
        "from msjax.common.initializer import Normal\n"
        "ms.Tensor([1]); P.add; nn.Dense; mnp.sum; ms.ops.mul\n"
        "EXPR = 'ops.sub(x, y)'\n")
    (tests / "ops" / "records.py").write_text("CASES = ['exp', 'no_such_op']\n")
    (tests / "ops" / "test_ops.py").write_text("NAME = 'table.json'\n")
    (tests / "goldens" / "table.json").write_text(json.dumps({"Abs": {"fn": "log"}}))
    (tests / "goldens" / "exprs.json").write_text(json.dumps(["ms.Parameter(x)"]))
    uses = coverage.scan_tests(tests)
    assert {"Tensor", "Parameter"} <= uses["mindspore"]
    assert {"add", "mul", "sub", "exp", "Abs", "log"} <= uses["mindspore.ops"]
    assert "Dense" in uses["mindspore.nn"]
    assert "sum" in uses["mindspore.numpy"]
    assert "Normal" in uses["mindspore.common.initializer"]
    api = {"mindspore": ["Tensor", "Parameter", "set_seed", "NoSuchThing"],
           "mindspore.ops": ["add", "exp", "Abs", "cosh"], "mindspore.nn": ["Dense"],
           "mindspore.numpy": ["sum"], "mindspore.common.initializer": ["Normal"]}
    table = {m.module: m for m in coverage.measure(api, uses)}
    assert table["mindspore"].covered == ["Tensor", "Parameter"]
    assert table["mindspore"].untested == ["set_seed"]
    assert table["mindspore"].missing == ["NoSuchThing"]
    assert table["mindspore.ops"].covered == ["add", "exp", "Abs"]
    assert table["mindspore.ops"].untested == ["cosh"]


def test_bare_strings_count_only_in_record_tables(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_b.py").write_text("MESSAGE = 'add'\n")
    assert "add" not in coverage.scan_tests(tests).get("mindspore.ops", set())


def test_private_and_odd_names_are_left_out(tmp_path):
    api = coverage.load_api(_write_api(tmp_path / "api.json",
                                       {"mindspore": ["Tensor", "_null", "0", "."]}))
    assert api == {"mindspore": ["Tensor"]}


def test_missing_reference_is_a_clear_error(tmp_path, capsys):
    assert main(["coverage", "--api", str(tmp_path / "nowhere.json")]) == 2
    err = capsys.readouterr().err
    assert "nowhere.json does not exist" in err and "--api" in err


def test_coverage_of_the_real_reference(tmp_path, capsys):
    out = tmp_path / "api_coverage.md"
    assert main(["coverage", "--write", str(out)]) == 0
    printed = capsys.readouterr().out
    for module in coverage.MODULES:
        assert module in printed
    assert re.search(r"usage-weighted: \d+\.\d% of 66497 uses of MindSpore names in 5,358 real "
                     r"MindSpore files are covered \(exist in msjax and are tested\); \d+\.\d% "
                     r"exist", printed)
    text = out.read_text()
    assert text.startswith("# msjax API coverage")
    table = {m.module: m for m in coverage.measure_tests(
        coverage.load_api(_API), coverage.repository_root() / "tests")[0]}
    for module, m in table.items():
        assert len(m.covered) + len(m.untested) + len(m.missing) == m.total
        assert f"| `{module}` | {m.total} | {len(m.covered)} |" in text
    assert "Tensor" in table["mindspore"].covered  # this very suite tests it
    assert "add" in table["mindspore.ops"].covered


def test_usage_weighted_coverage_counts_objects_the_tests_reach(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_c.py").write_text(
        "import msjax as ms\n"
        "from msjax.nn import Dense\n"
        "ms.Tensor([1]).asnumpy(); ms.GRAPH_MODE\n"
        "EXPR = 'mindspore.ops.add(x, y)'\n")
    usage = [("mindspore.common.tensor.Tensor", "mindspore.common", 400),  # same object as ms.Tensor
             ("mindspore.nn.layer.basic.Dense", "mindspore.nn", 300),
             ("mindspore.ops.function.math_func.add", "mindspore.ops", 200),
             ("mindspore.context.GRAPH_MODE", "mindspore.context", 100),  # a plain value: by name
             ("Tensor.asnumpy", "Tensor methods", 50),
             ("mindspore.nn.Conv2d", "mindspore.nn", 20),  # exists, untested here
             ("Tensor.reshape", "Tensor methods", 10),  # exists, untested here
             ("mindspore.nn.NoSuchLayer", "mindspore.nn", 5),
             ("mindspore.no_such_module.f", "mindspore", 4),
             ("mindspore.nn.optim.thor", "mindspore.nn", 1)]  # a function in MindSpore
    result = usage_coverage.measure_usage(usage, tests, coverage.scan_tests(tests))
    assert [n for n, _ in result.covered] == [
        "mindspore.common.tensor.Tensor", "mindspore.nn.layer.basic.Dense",
        "mindspore.ops.function.math_func.add", "mindspore.context.GRAPH_MODE", "Tensor.asnumpy"]
    assert [n for n, _ in result.untested] == ["mindspore.nn.Conv2d", "Tensor.reshape"]
    assert [n for n, _ in result.missing] == ["mindspore.nn.NoSuchLayer",
                                              "mindspore.no_such_module.f",
                                              "mindspore.nn.optim.thor"]
    assert result.total_files == 1090
    assert round(result.covered_percent, 2) == round(100 * 1050 / 1090, 2)
    assert round(result.present_percent, 2) == round(100 * 1080 / 1090, 2)


def test_golden_scripts_count_when_a_test_runs_them_on_msjax(tmp_path):
    tests = tmp_path / "tests"
    (tests / "goldens" / "scripts").mkdir(parents=True)
    (tests / "goldens" / "scripts" / "run_probe.py").write_text(
        "import mindspore as ms\nfrom mindspore import nn\nms.Tensor([1]); nn.Dense\n")
    (tests / "goldens" / "scripts" / "oracle_only.py").write_text(
        "import mindspore as ms\nms.ops.add\n")
    (tests / "test_d.py").write_text("SCRIPT = \"run_probe.py\"\n")
    usage = [("mindspore.common.tensor.Tensor", "mindspore.common", 3),
             ("mindspore.nn.Dense", "mindspore.nn", 2), ("mindspore.ops.add", "mindspore.ops", 1)]
    result = usage_coverage.measure_usage(usage, tests, coverage.scan_tests(tests))
    assert [n for n, _ in result.covered] == ["mindspore.common.tensor.Tensor", "mindspore.nn.Dense"]
    assert [n for n, _ in result.untested] == ["mindspore.ops.add"]


def test_the_table_counts_goldens_in_folders_and_objects_reached_by_other_paths(tmp_path):
    tests = tmp_path / "tests"
    (tests / "nn").mkdir(parents=True)
    (tests / "goldens" / "nn").mkdir(parents=True)
    (tests / "goldens" / "mint").mkdir(parents=True)
    (tests / "goldens" / "nn" / "layers.json").write_text(json.dumps({"a": {"expr": "nn.PReLU()"}}))
    (tests / "goldens" / "mint" / "layers.json").write_text(json.dumps(
        {"b": {"expr": "mint.nn.GELU()"}, "c": "HSwish"}))
    (tests / "nn" / "test_layers.py").write_text('GOLDEN = GOLDENS / "nn" / "layers.json"\n')
    (tests / "test_e.py").write_text("from msjax.train import Model\nModel\n")
    api = {"mindspore": ["Model"], "mindspore.nn": ["PReLU", "GELU", "HSwish"]}
    uses = coverage.scan_tests(tests)
    assert "PReLU" in uses["mindspore.nn"]  # a dotted string in goldens/nn/layers.json
    # `mint.nn.GELU` is mint's class, and the bare "HSwish" is in a golden no tests/nn file reads.
    assert not {"GELU", "HSwish"} & uses["mindspore.nn"]
    paths, _ = usage_coverage.scan_test_paths(tests)
    by_name = {m.module: m for m in coverage.measure(api, uses)}
    assert by_name["mindspore"].untested == ["Model"]  # names only: `mindspore.Model` unused
    table = {m.module: m for m in coverage.measure(api, uses,
                                                   usage_coverage.tested_objects(paths, uses))}
    assert table["mindspore"].covered == ["Model"]  # msjax.train.Model is mindspore.Model
    assert table["mindspore.nn"].covered == ["PReLU"]
    assert table["mindspore.nn"].untested == ["GELU", "HSwish"]
