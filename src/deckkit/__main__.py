from deckkit.cli import main

raise SystemExit(main())
