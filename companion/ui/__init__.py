"""Kivy widgets and screens of the touchscreen app (one ``.kv`` file per screen)."""
