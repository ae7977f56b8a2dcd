"""Every dataset test starts from MindSpore's default dataset.config and leaves it so."""
import pytest

from msjax._src.dataset import config


@pytest.fixture(autouse=True)
def default_dataset_config():
    saved = dict(config._settings)
    yield
    config._settings.clear()
    config._settings.update(saved)
