"""msjax's implementation. Nothing outside msjax imports from here."""
import jax as _jax

# MindSpore's default integer is Int64 and Float64 tensors are common: JAX must keep 64-bit types.
_jax.config.update("jax_enable_x64", True)
