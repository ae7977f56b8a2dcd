"""Running checks that need several devices or processes, in subprocesses.

JAX reads XLA_FLAGS once, when it starts, and the test session's JAX has started long before a
test runs; so checks that need 8 host devices run in a pytest subprocess started with
`XLA_FLAGS=--xla_force_host_platform_device_count=8`. Each check module (`checks_*.py`, not
collected by the main session) runs once per session module; the main session reports one test
per check function, with the failure text of the subprocess.
"""
from __future__ import annotations

import ast
import os
import pathlib
import socket
import subprocess
import sys
import tempfile
from xml.etree import ElementTree

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def device_env(devices: int, **extra) -> dict:
    """The environment of a subprocess whose JAX has `devices` CPU devices."""
    # not a pytest-xdist worker's variables: the subprocess is a pytest run of its own
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("PYTEST_XDIST_", "PYTEST_CURRENT_TEST"))}
    env["XLA_FLAGS"] = (env.get("XLA_FLAGS", "") +
                        f" --xla_force_host_platform_device_count={devices}").strip()
    env["JAX_PLATFORMS"] = "cpu"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.update(extra)
    return env


def check_names(module: str) -> list[str]:
    """The check functions (`test_*`) of tests/parallel/<module>, read without importing it."""
    tree = ast.parse((HERE / module).read_text())
    return [node.name for node in tree.body
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")]


class CheckResult:
    """What the cases of one check function did: failure messages, expected-failure reasons."""

    def __init__(self):
        self.failures: list[str] = []
        self.xfailed: list[str] = []


def run_checks(module: str, devices: int = 8, timeout: float = 1800) -> dict[str, CheckResult]:
    """Run tests/parallel/<module> under pytest with `devices` host devices; per check function,
    what its cases did."""
    with tempfile.TemporaryDirectory() as scratch:
        report = pathlib.Path(scratch) / "report.xml"
        proc = subprocess.run(
            [sys.executable, "-m", "pytest", str(HERE / module), "-q", "-p", "no:cacheprovider",
             f"--junitxml={report}", "-o", "junit_family=xunit1"],
            cwd=ROOT, env=device_env(devices), capture_output=True, text=True, timeout=timeout,
            check=False)
        if not report.exists():
            raise AssertionError(f"the check run of {module} did not finish:\n{proc.stdout}\n"
                                 f"{proc.stderr}")
        results = {name: CheckResult() for name in check_names(module)}
        seen: set[str] = set()
        for case in ElementTree.parse(report).iter("testcase"):
            name = case.get("name", "").split("[")[0]
            seen.add(name)
            result = results.setdefault(name, CheckResult())
            for problem in list(case.iter("failure")) + list(case.iter("error")):
                result.failures.append(f"{case.get('name')}: {problem.get('message', '')}\n"
                                       f"{problem.text or ''}")
            for skipped in case.iter("skipped"):
                if skipped.get("type") == "pytest.xfail":
                    result.xfailed.append(skipped.get("message", ""))
        for name, result in results.items():
            if name not in seen:
                result.failures.append(f"{name} did not run:\n{proc.stdout[-4000:]}")
        return results


def wait_for(processes, timeout: float = 900) -> None:
    """Wait for every process (killing those still running when one wait fails) and assert each
    exited with 0, showing its output otherwise."""
    try:
        outputs = [p.communicate(timeout=timeout) for p in processes]
    finally:
        for p in processes:
            if p.poll() is None:
                p.kill()
    for p, (out, err) in zip(processes, outputs):
        assert p.returncode == 0, f"worker failed ({p.returncode}):\n{out}\n{err[-3000:]}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def dot_signatures(text) -> list:
    """Each dot's operand shapes, as "dot(f32[4,16], f32[16,2])": in the computation that holds
    it, its operands are that computation's parameters or instructions, each with its shape on
    its line."""
    lines, signatures = text.splitlines(), []
    for index, line in enumerate(lines):
        if " dot(" not in line:
            continue
        start = index
        while start > 0 and not lines[start].rstrip().endswith("{"):
            start -= 1
        shapes = {}
        for body in lines[start + 1:index + 1]:
            body = body.strip()
            if " = " in body:
                name, rest = body.split(" = ", 1)
                shapes[name.replace("ROOT ", "").lstrip("%")] = rest.split("{")[0].split(" ")[0]
        operands = line.split(" dot(", 1)[1].split(")")[0].split(", ")
        signatures.append("dot(" + ", ".join(shapes.get(o.lstrip("%"), o) for o in operands)
                          + ")")
    return signatures


def dot_signature(text):
    """The first dot's operand shapes (`dot_signatures`)."""
    signatures = dot_signatures(text)
    if not signatures:
        raise AssertionError("no dot in the program:\n" + text[:3000])
    return signatures[0]
