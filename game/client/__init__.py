"""pygame-ce client for Tabletop Trio."""
