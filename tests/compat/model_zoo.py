"""The MindSpore model zoo (github.com/mindspore-ai/models, not part of this project) for the tests
that run its scripts unchanged: a checkout named by MSJAX_MODELS_DIR, or a folder of it taken from
a git repository of it (MSJAX_MODELS_GIT, by default the one the project's `fetch` tool mirrors).
Without either the test skips, saying so."""
import os
import pathlib
import subprocess

import pytest

DEFAULT_GIT = "/work/.mirror/mindspore-ai+models/repo"


def zoo_folder(folder: str, tmp_path_factory) -> pathlib.Path:
    """The zoo's `folder` (e.g. "official/nlp/LSTM"), from a checkout or extracted from git."""
    checkout = os.environ.get("MSJAX_MODELS_DIR")
    if checkout:
        return pathlib.Path(checkout) / folder
    git_dir = os.environ.get("MSJAX_MODELS_GIT", DEFAULT_GIT)
    if not os.path.isdir(git_dir):
        pytest.skip("no model zoo checkout: set MSJAX_MODELS_DIR to a checkout of "
                    "github.com/mindspore-ai/models (or MSJAX_MODELS_GIT to a clone of it)")
    target = tmp_path_factory.mktemp("models")
    archive = subprocess.run(["git", f"--git-dir={git_dir}", "archive", "HEAD", folder],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target / folder
