"""`msjax.compat.install()`: `import mindspore` is answered by msjax, module for module."""
import os
import subprocess
import sys
import textwrap

import pytest

import msjax
import msjax.compat
from tests.compat.msjax_command import REPO, run_msjax


@pytest.fixture
def alias():
    msjax.compat.install(force=True)
    yield
    msjax.compat.uninstall()


def test_import_mindspore_is_msjax(alias):
    import mindspore
    # every name is msjax's own object; the module keeps MindSpore's identity
    assert mindspore.__msjax__ is msjax and mindspore.__name__ == "mindspore"
    assert mindspore.Tensor is msjax.Tensor and mindspore.nn is msjax.nn
    assert mindspore.__version__ == "2.10.0" and msjax.__version__ != mindspore.__version__
    mindspore.some_flag = 1  # set on msjax, as MindSpore's code sets module attributes
    try:
        assert msjax.some_flag == 1
    finally:
        del msjax.some_flag


def test_classes_report_mindspore_modules_under_the_alias(alias):
    import mindspore
    import mindspore.dataset
    assert repr(type(mindspore.Tensor(1))) == "<class 'mindspore.common.tensor.Tensor'>"
    assert mindspore.nn.Dense.__module__ == "mindspore.nn.layer.basic"
    assert (mindspore.dataset.GeneratorDataset.__module__
            == "mindspore.dataset.engine.datasets_user_defined")
    msjax.compat.uninstall()
    assert msjax.Tensor.__module__ == "msjax._src.core.tensor"
    assert msjax.nn.Dense.__module__.startswith("msjax._src.nn")


def test_from_mindspore_import_names(alias):
    from mindspore import Tensor, nn, ops
    assert (nn, ops, Tensor) == (msjax.nn, msjax.ops, msjax.Tensor)
    print_value = repr(ops.add(Tensor([1.0]), Tensor([2.0])))
    assert print_value == "Tensor(shape=[1], dtype=Float32, value= [ 3.00000000e+00])"


def test_submodules_are_msjax_modules_not_copies(alias):
    import mindspore
    import mindspore.nn
    import mindspore.numpy as mnp
    from mindspore.common.initializer import initializer
    assert mindspore.nn is msjax.nn
    assert mnp is msjax.numpy
    assert initializer is msjax.common.initializer.initializer
    assert sys.modules["mindspore.numpy"] is msjax.numpy


def test_unimplemented_module_names_the_missing_msjax_module(alias):
    with pytest.raises(ModuleNotFoundError) as info:
        import mindspore.not_a_module  # noqa: F401
    assert info.value.name == "mindspore.not_a_module"
    assert "No module named 'mindspore.not_a_module'" in str(info.value)
    assert "msjax does not implement it yet (it would be 'msjax.not_a_module')" in str(info.value)


def test_uninstall_forgets_the_alias(alias):
    import mindspore
    msjax.compat.uninstall()
    assert "mindspore" not in sys.modules
    with pytest.raises(ModuleNotFoundError):
        import mindspore  # noqa: F401


_WITH_REAL_MINDSPORE = textwrap.dedent("""
    import sys
    import msjax
    import mindspore
    print("import msjax leaves mindspore alone:", getattr(mindspore, "IS_REAL_MINDSPORE", False))
    import msjax.compat
    msjax.compat.install()
    import mindspore
    print("install() leaves real mindspore alone:", getattr(mindspore, "IS_REAL_MINDSPORE", False))
    del sys.modules["mindspore"]
    msjax.compat.install(force=True)
    import mindspore
    print("install(force=True) is msjax:", mindspore.__msjax__ is msjax)
""")


_REACHED_CLASSES = """
import mindspore
from msjax._src.reference import mindspore_class_modules
reached = wrong = 0
for public, defined in sorted(mindspore_class_modules().items()):
    value = mindspore
    try:
        for part in public.split(".")[1:]:
            value = getattr(value, part)
    except AttributeError:  # (a private module msjax does not have, or a missing name)
        continue
    if isinstance(value, type) and value.__name__ == defined.rpartition(".")[2]:
        reached += 1
        if not value.__module__.startswith("mindspore."):
            wrong += 1
            print("msjax's module:", public, value.__module__)
print("reached", reached, "wrong", wrong)
"""


def test_classes_found_on_first_use_report_mindspore_modules(tmp_path):
    # A fresh process: `mindspore.EarlyStopping` (looked up in msjax.train on first use),
    # `mindspore.dataset.GeneratorDataset` with mindspore.dataset reached as an attribute (not
    # imported), and the generated `mindspore.ops.auto_generate.AcosExt` (built on first use)
    # report the modules MindSpore 2.10 defines them in (reference/mindspore_2.10.0_class_modules.json,
    # recorded from MindSpore), as every class of that record reached from `mindspore` does.
    script = tmp_path / "identity.py"
    script.write_text(textwrap.dedent("""
        import mindspore as ms
        print(ms.EarlyStopping)
        print(ms.dataset.GeneratorDataset)
        print(ms.train.History)
        print(ms.ops.auto_generate.AcosExt)
    """) + _REACHED_CLASSES)
    proc = run_msjax("run", str(script), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[:4] == [
        "<class 'mindspore.train.callback._early_stop.EarlyStopping'>",
        "<class 'mindspore.dataset.engine.datasets_user_defined.GeneratorDataset'>",
        "<class 'mindspore.train.callback._history.History'>",
        "<class 'mindspore.ops.auto_generate.gen_ops_prim.AcosExt'>",
    ]
    reached, wrong = map(int, lines[-1].split()[1::2])
    assert reached > 1100 and wrong == 0, lines[4:]


def test_with_real_mindspore_installed_the_alias_is_used_only_when_asked_for(tmp_path):
    fake = tmp_path / "site" / "mindspore"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("IS_REAL_MINDSPORE = True\n")
    proc = subprocess.run([sys.executable, "-c", _WITH_REAL_MINDSPORE], check=False,
                          capture_output=True,
                          text=True, timeout=120, cwd=tmp_path,
                          env=dict(os.environ, PYTHONPATH=f"{tmp_path / 'site'}{os.pathsep}{REPO}"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "import msjax leaves mindspore alone: True",
        "install() leaves real mindspore alone: True",
        "install(force=True) is msjax: True",
    ]
