"""The shared colour palette: a dark, warm, flat board-game look."""

INK = (33, 27, 24)  # darkest brown-black, text on light cards
BG_DARK = (28, 23, 21)
BG_MID = (52, 40, 34)
PANEL = (58, 46, 40)
PANEL_LIGHT = (84, 68, 58)
CREAM = (246, 236, 216)
PAPER = (252, 247, 236)
PAPER_SHADE = (236, 224, 200)
AMBER = (242, 165, 65)
AMBER_DARK = (196, 118, 32)
GOLD = (232, 190, 80)
RED = (214, 69, 65)
RED_DARK = (150, 40, 38)
TEAL = (58, 166, 160)
BLUE = (66, 133, 204)
GREEN = (96, 176, 92)
PURPLE = (140, 100, 190)
FELT_TOP = (44, 92, 74)
FELT_BOTTOM = (24, 56, 45)
MUTED = (150, 132, 118)

# Hacktrick players: white and red markers.
HACKTRICK_PLAYERS = [(245, 242, 235), (216, 60, 56)]
# Hakkutsu pawns 0..3 (also used for generic player colours).
PLAYER_COLOURS = [(66, 133, 204), (214, 69, 65), (96, 176, 92), (236, 190, 52)]
PLAYER_NAMES = ["blue", "red", "green", "yellow"]
