"""Refresh constraints.txt: the exact versions the suite was last run with.

    python tools/refresh_constraints.py            # newest releases within pyproject's ranges
    python tools/refresh_constraints.py --freeze-only   # re-record, run nothing (after a manual pin)

Run it on a schedule (monthly, and before a release): it makes a fresh virtual environment in a
temporary folder, installs msjax with its test extras resolved afresh within pyproject's ranges
(ignoring the current constraints.txt), records `pip freeze` as the candidate constraints and runs
the README's test command in that environment. constraints.txt is replaced only when the whole
suite passes; otherwise the old pins stay, and the script prints which versions moved and the
suite's last lines, so a breaking release is found here, deliberately, not by a user.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import platform
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[1]
CONSTRAINTS = REPO / "constraints.txt"


def _run(cmd, **kwargs):
    print("+", " ".join(map(str, cmd)), flush=True)
    return subprocess.run(cmd, check=True, **kwargs)


def _pins(text: str) -> dict:
    pins = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            pins[name.lower()] = version
    return pins


def _freeze(python: pathlib.Path) -> str:
    frozen = subprocess.run([python, "-m", "pip", "freeze", "--exclude-editable"], check=True,
                            capture_output=True, text=True).stdout
    header = (f"# The exact versions msjax's suite last passed with (Python "
              f"{platform.python_version()}, {platform.machine()}).\n"
              "# Made by `python tools/refresh_constraints.py`; install with\n"
              "#   pip install -c constraints.txt -e '.[test]'\n")
    return header + "".join(line + "\n" for line in sorted(frozen.splitlines(), key=str.lower)
                            if line and not line.startswith("#"))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--freeze-only", action="store_true",
                        help="record the versions in a fresh install with the current pins and "
                             "run nothing")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="msjax-refresh-") as tmp:
        venv = pathlib.Path(tmp) / "venv"
        _run([sys.executable, "-m", "venv", venv])
        python = venv / "bin" / "python"
        _run([python, "-m", "pip", "install", "-q", "--upgrade", "pip"])
        extra = ["-c", CONSTRAINTS] if args.freeze_only and CONSTRAINTS.exists() else []
        # PIP_CONSTRAINT would apply the old pins to this resolve too: ignore it.
        env = {k: v for k, v in os.environ.items() if k != "PIP_CONSTRAINT"}
        _run([python, "-m", "pip", "install", "-q", *extra, "-e", f"{REPO}[test]"], env=env)
        candidate = _freeze(python)
        old = CONSTRAINTS.read_text() if CONSTRAINTS.exists() else ""
        before, after = _pins(old), _pins(candidate)
        for name in sorted(set(before) | set(after)):
            if before.get(name) != after.get(name):
                print(f"  {name}: {before.get(name, '-')} -> {after.get(name, '-')}")
        if args.freeze_only:
            CONSTRAINTS.write_text(candidate)
            return 0
        CONSTRAINTS.write_text(candidate)  # the suite checks the installed versions against it
        env = dict(os.environ, PATH=f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
                   VIRTUAL_ENV=str(venv))
        suite = subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                               cwd=REPO, env=env, capture_output=True, text=True)
        print("\n".join(suite.stdout.splitlines()[-15:]))
        if suite.returncode != 0:
            CONSTRAINTS.write_text(old)
            print("The suite fails with these versions: constraints.txt is unchanged. Fix msjax "
                  "(or bound the release that broke it in pyproject.toml) and refresh again.")
            return 1
        print("constraints.txt now pins the versions above; commit it.")
        return 0


if __name__ == "__main__":
    sys.exit(main())
