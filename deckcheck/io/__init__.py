"""Input and output plumbing: reading user files (regular files and stdin only, bounded),
writing files atomically, safe YAML, where data lives, the errors shown as messages, and the
progress line on a terminal."""
