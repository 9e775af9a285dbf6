"""tools/pack.py's split: game.zip holds what main.py's imports run, game-later.zip the rest."""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import pack  # noqa: E402


def test_the_first_screen_s_modules_and_texts_come_first_the_bot_and_lessons_later():
    first, later = pack.split()
    first = {rel.as_posix() for rel in first}
    later = {rel.as_posix() for rel in later}
    assert {"game/web/page.py", "game/web/later.py", "game/app/controller.py",
            "game/app/view/board_svg.py", "game/app/view/geometry.py", "game/app/text/locales/fr.po"} <= first
    assert {"game/bot/net.py", "game/bot/weights.bin", "game/bot/bearoff.bin",
            "game/lessons/reader.py", "game/formats/mat_read.py"} <= later
    assert not first & later and first | later == {rel.as_posix() for rel in pack.game_files()}


def test_a_module_imported_at_the_top_of_a_first_one_is_first_too(tmp_path):
    files = {
        "main.py": "from game.web.page import Page\n",
        "game/__init__.py": "",
        "game/web/__init__.py": "",
        "game/web/page.py": "from ..rules import N\nfrom . import dom\n\ndef later():\n    from game import bot\n",
        "game/web/dom.py": "",
        "game/rules.py": "try:\n    import game.extra\nexcept ImportError:\n    pass\nN = 15\n",
        "game/extra.py": "",
        "game/bot/__init__.py": "",
        "game/bot/net.bin": "x",
        "game/texts/fr.po": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    first, later = pack.split(tmp_path)
    assert sorted(rel.as_posix() for rel in later) == ["game/bot/__init__.py", "game/bot/net.bin"]
    assert "game/texts/fr.po" in {rel.as_posix() for rel in first}
