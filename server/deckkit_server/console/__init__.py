"""The web console (server-rendered HTML, no JavaScript framework): ``pages.routes()``."""
