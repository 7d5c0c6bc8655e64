"""Procedural art and sound generators used by ``python -m tools.build_assets``."""
