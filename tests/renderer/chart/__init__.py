"""Chart test fixtures: template builders (templates.py) and the part-level test kit (kit.py)."""
