"""What the app keeps: localStorage, the saved matches, backups, match files and links."""
