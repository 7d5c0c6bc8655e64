"""The tutorial scenarios, one TOML file per game (read with importlib.resources)."""
