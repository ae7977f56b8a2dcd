"""Test double of matplotlib for running MindSpore's tutorials without a display or matplotlib:
the plotting calls the tutorials make do nothing (their printed output is what is compared)."""
