"""The shipped games' workbooks and schemas, a folder a game (installed as authoring.content)."""
