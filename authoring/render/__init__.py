"""The game-agnostic PDF rendering core: paper and sizes, fonts, documents, imposition, flow."""
