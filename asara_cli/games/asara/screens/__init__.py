"""ASARA's screens: status, score, the move line, the year end and the final evaluation,
as rich renderables and as plain data."""
