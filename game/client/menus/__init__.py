"""The menu scenes (pygame-gui): title, game choice, setup, pause, settings, rules, results."""
