"""msjax's version (`msjax.__version__`; pyproject.toml's). The compile cache names its entries
with it."""
__version__ = "0.1.0"
