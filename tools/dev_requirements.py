"""Print the development requirements declared in pyproject.toml, one per line.

The Makefile pipes this into ``pip install -r /dev/stdin`` so that the list
lives in one place (``[project.optional-dependencies] dev``).
"""

import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def dev_requirements() -> list[str]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return list(tomllib.load(f)["project"]["optional-dependencies"]["dev"])


if __name__ == "__main__":
    print("\n".join(dev_requirements()))
