"""msjax's core: dtypes, the Tensor box, Parameters, the state rule (state.py), the context and
the global random key. It imports nothing else of msjax: every other layer builds on it."""
