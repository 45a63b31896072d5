"""Sharing finished games: the BG Stats link, its QR code, the CSV."""
