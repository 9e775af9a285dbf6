"""What the page shows, as plain data and text: the board's geometry and SVG, its patches, the fragments beside it, what a screen reader says of it."""
