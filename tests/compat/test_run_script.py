"""`msjax run FILE.py [args]` behaves as `python FILE.py [args]`, with `import mindspore`
answered by msjax."""
import os
import subprocess
import sys
import textwrap

import pytest

from msjax._src.compat.cli import main
from tests.compat.msjax_command import REPO, run_msjax

SCRIPT = textwrap.dedent("""\
    import pickle
    import sys


    class Point:
        pass


    def fail(message):
        raise ValueError(message)


    command = sys.argv[1]
    if command == "show":
        print("argv:", sys.argv)
        print("name:", __name__, "main module:", sys.modules["__main__"].__name__)
        print("file:", __file__)
        print("path[0]:", sys.path[0])
        print("pickles a __main__ class:", type(pickle.loads(pickle.dumps(Point()))).__name__)
    elif command == "raise":
        fail("bad value 42")
    elif command == "exit":
        sys.exit(int(sys.argv[2]) if sys.argv[2].isdigit() else sys.argv[2])
""")


@pytest.fixture(scope="module")
def script_dir(tmp_path_factory):
    directory = tmp_path_factory.mktemp("scripts")
    (directory / "script.py").write_text(SCRIPT)
    (directory / "syntax_error.py").write_text("x = (\n")
    return directory


def _python(*args, cwd):
    return subprocess.run([sys.executable, *args], check=False, cwd=cwd, capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize("args", [
    ["script.py", "show", "a b", "--flag", "-o"],
    ["script.py", "exit", "3"],
    ["script.py", "exit", "a message"],
    ["syntax_error.py"],
], ids=["argv-name-file-path", "exit-code", "exit-message", "syntax-error"])
def test_prints_and_exits_exactly_as_python_does(args, script_dir):
    expected = _python(*args, cwd=script_dir)
    got = run_msjax("run", *args, cwd=script_dir)
    assert (got.returncode, got.stdout, got.stderr) == (
        expected.returncode, expected.stdout, expected.stderr)


def test_uncaught_exception_traceback_is_pythons_and_shows_only_the_users_lines(script_dir):
    got = run_msjax("run", "script.py", "raise", cwd=script_dir)
    expected = _python("script.py", "raise", cwd=script_dir)
    assert (got.returncode, got.stdout, got.stderr) == (
        expected.returncode, expected.stdout, expected.stderr)
    assert got.returncode == 1
    assert got.stderr.splitlines() == [
        "Traceback (most recent call last):",
        f'  File "{script_dir / "script.py"}", line 21, in <module>',
        '    fail("bad value 42")',
        f'  File "{script_dir / "script.py"}", line 10, in fail',
        "    raise ValueError(message)",
        "ValueError: bad value 42",
    ]


def test_import_mindspore_runs_on_msjax_even_with_real_mindspore_installed(tmp_path):
    """`msjax run` is the explicit request for msjax that `install()` waits for."""
    fake = tmp_path / "site" / "mindspore"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('the real MindSpore was imported')\n")
    (tmp_path / "train.py").write_text(textwrap.dedent("""\
        import mindspore
        from mindspore import nn, ops, Tensor
        print(mindspore.__name__, ops.add(Tensor([1, 2]), Tensor([3, 4])), nn.Dense.__name__)
    """))
    got = run_msjax("run", "train.py", cwd=tmp_path,
                    env_extra={"PYTHONPATH": f"{tmp_path / 'site'}{os.pathsep}{REPO}"})
    assert (got.returncode, got.stderr) == (0, "")
    assert got.stdout == "mindspore [4 6] Dense\n"  # the module keeps MindSpore's name


def test_missing_script_is_reported_with_pythons_exit_status(tmp_path, capsys):
    assert main(["run", str(tmp_path / "missing.py")]) == 2
    assert capsys.readouterr().err == (
        f"msjax run: can't open file '{tmp_path / 'missing.py'}': No such file or directory\n")


def test_notebook_options_are_refused_before_a_script(tmp_path, capsys):
    with pytest.raises(SystemExit) as info:
        main(["run", "--allow-errors", str(tmp_path / "script.py")])
    assert info.value.code == 2
    assert "--allow-errors and --timeout are for notebooks" in capsys.readouterr().err
