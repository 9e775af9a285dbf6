"""Render the app's icons (static/img/*.svg) to the PNGs the web app manifest names.

The SVGs are the sources; the PNGs are committed, so this runs only after an
SVG changes. It draws each SVG in Debian's Chromium through Playwright (the
browser the tests use), so it needs no image library:

    icon.svg          -> icon-192.png, icon-512.png   (purpose "any")
    icon-maskable.svg -> icon-maskable-512.png        (purpose "maskable")

Usage: python3 tools/icons.py
"""

import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
IMG = ROOT / "static" / "img"
CHROMIUM = "/usr/bin/chromium"

#: (source SVG, PNG written, size in pixels)
RENDERS = (
    ("icon.svg", "icon-192.png", 192),
    ("icon.svg", "icon-512.png", 512),
    ("icon-maskable.svg", "icon-maskable-512.png", 512),
)


def main() -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            for source, target, size in RENDERS:
                page = browser.new_page(viewport={"width": size, "height": size})
                svg = (IMG / source).read_text()
                page.set_content(
                    "<style>html,body{margin:0;background:transparent}svg{display:block;"
                    f"width:{size}px;height:{size}px}}</style>{svg}"
                )
                page.screenshot(path=str(IMG / target), omit_background=True)
                page.close()
                print(f"icons: static/img/{target} ({size}x{size}) from {source}")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
