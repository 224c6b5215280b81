"""What every game's referee shares: frozen values, findings, the name rule, word helpers.

Pure, standard library only, like each game's rules; it knows no game.
"""
