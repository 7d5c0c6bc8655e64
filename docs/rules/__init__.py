"""The player rules (``<game>.md``), as implemented, with our rulings.

An importable package only so that the rules ship as package data in a wheel: the
client's rules reference reads them with ``importlib.resources.files("docs.rules")``.
"""
