"""The games asara-cli referees, one package each."""
