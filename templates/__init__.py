"""The shipped games' rulebook templates, one folder a game (installed as authoring.templates)."""
