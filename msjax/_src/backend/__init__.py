"""How programs reach XLA fast: the eager program cache, quick compiles, the compiled-call fast
path, the compile cache and the platform-specific rewrites (CPU: conv_as_dot, stacked outputs).
Meaning lives in core/, ops/ and transforms/; this layer only changes speed."""
