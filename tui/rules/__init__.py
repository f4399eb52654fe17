"""Pure-Python game model and rule calculations.

Nothing under ``tui.rules`` imports Textual, TinyDB or any other part of the
project outside ``tui.rules``; ``tests/test_layers.py`` keeps it that way.
"""
