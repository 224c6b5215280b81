"""ASARA (Kiesling & Kramer, Ravensburger 2010)."""
