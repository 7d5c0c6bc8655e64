"""The client's images, sounds and UI theme, listed in ``manifest.toml``.

An importable package only so that the files ship as package data in a wheel and are
found with ``importlib.resources.files("assets")`` wherever the game is installed
(``game.client.assets.DEFAULT_ROOT``).  ``python -m tools.build_assets`` regenerates them.
"""
