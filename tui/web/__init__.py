"""The browser: ``harbormaster serve`` (the app in a browser tab through textual-serve) and its guard (tokens, origins,
hosts, the tabs it ends)."""
