"""Turning results into rich tables for people and plain dicts for JSON and CSV."""
