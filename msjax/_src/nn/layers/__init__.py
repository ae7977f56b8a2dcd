"""`mindspore.nn` layers: one module per family (basic, activation, conv, pooling, normalization,
embedding). Each layer holds its Parameters and calls functional ops from the op table."""
