"""The class test's parts, one concern a module: scripts/class_test.py runs them on one hub."""
