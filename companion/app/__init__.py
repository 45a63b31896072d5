"""The app: its window, controller, view-models, settings and the computer's seats."""
