from deckkit.cli import console

console()
