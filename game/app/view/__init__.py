"""What the page shows, as plain data and SVG text: the board, its places, its patches, the panes' data."""
