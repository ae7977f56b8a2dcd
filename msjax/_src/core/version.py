"""msjax's version (`msjax.__version__`; pyproject.toml's). The compile cache names its entries
with it."""
__version__ = "0.1.0"
MINDSPORE_VERSION = "2.10.0"  # the MindSpore release whose API msjax implements (`mindspore.__version__`)
