import sys

from game.cli import main

if __name__ == "__main__":  # bot worker processes re-import this module: do not start the CLI there
    sys.exit(main())
