"""Settings: the colour theme, back up everything and restore it in another browser; the
share link's QR code, read back by a real QR reader (zxing-cpp, test-only)."""

import numpy as np
import zxingcpp

from app_driver import act, board_state, click, open_app
from engines import expect_download

URL = "/?mode=hotseat&length=3&seed=settings-1"
FAST = {"animate": False}

QR_PIXELS = """async () => {
  const svg = document.querySelector('#share-qr svg');
  const img = new Image();
  img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg.outerHTML);
  await img.decode();
  const side = 4 * svg.viewBox.baseVal.width;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = side;
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(img, 0, 0, side, side);
  const data = ctx.getImageData(0, 0, side, side).data;
  const grey = [];
  for (let i = 0; i < data.length; i += 4) grey.push(data[i]);
  return {side, grey};
}"""


def test_the_share_link_shows_as_a_qr_code_a_phone_reads(page, base_url):
    open_app(page, base_url + URL, prefs=FAST)
    assert page.locator("#share-qr").is_hidden()
    page.click("#show-qr")
    page.wait_for_selector("#share-qr svg")
    assert page.get_attribute("#show-qr", "aria-expanded") == "true"
    pixels = page.evaluate(QR_PIXELS)
    image = np.array(pixels["grey"], dtype=np.uint8).reshape(pixels["side"], pixels["side"])
    found = [code.text for code in zxingcpp.read_barcodes(image)]
    assert found == [page.input_value("#share-link")]
    # a move changes the link: the code follows
    before = page.input_value("#share-link")
    click(page, "#roll")
    assert page.input_value("#share-link") != before
    pixels = page.evaluate(QR_PIXELS)
    image = np.array(pixels["grey"], dtype=np.uint8).reshape(pixels["side"], pixels["side"])
    assert [code.text for code in zxingcpp.read_barcodes(image)] == [page.input_value("#share-link")]


def test_the_theme_chosen_in_settings_is_kept(browser, base_url):
    context = browser.new_context(color_scheme="light")
    try:
        page = open_app(context.new_page(), base_url + URL, prefs=FAST)
        assert page.evaluate("document.documentElement.dataset.theme") == "light"
        page.click("#settings-button")
        page.wait_for_selector("#settings-dialog[open]")
        assert page.input_value("#pref-theme") == "auto"
        page.select_option("#pref-theme", "dark")
        page.wait_for_function("document.documentElement.dataset.theme === 'dark'")
        # the persistence line says something, in words
        page.wait_for_function("document.getElementById('storage-persist').textContent.length > 20")
        # a new visit (another tab of the same browser) starts dark, before Python runs
        again = context.new_page()
        again.goto(base_url + URL)
        assert again.evaluate("document.documentElement.dataset.theme") == "dark"
    finally:
        context.close()


def test_everything_backed_up_comes_back_in_another_browser(browser, base_url, tmp_path):
    # Given a match played a little in one browser
    first = browser.new_context()
    try:
        page = open_app(first.new_page(), base_url + URL, prefs=FAST)
        click(page, "#roll")
        state = board_state(page)
        page.click("#settings-button")
        with expect_download(page) as saved:
            page.click("#backup-all")
        path = tmp_path / saved.name
        path.write_text(saved.text, encoding="utf-8")
        assert path.name.startswith("backgammon-backup-") and path.stat().st_size > 500
    finally:
        first.close()
    # When another browser restores the file
    second = browser.new_context()
    try:
        page = open_app(second.new_page(), base_url + "/?lang=en", prefs=FAST)
        page.click("#settings-button")
        act(page, lambda: page.set_input_files("#restore-file", str(path)))
        page.wait_for_function("document.getElementById('message').textContent.includes('Backup restored')")
        # Then the same match is on the board
        after = board_state(page)
        assert after["checkers"] == state["checkers"] and after["dice"] == state["dice"]
        assert after["position_id"] == state["position_id"] and after["match_id"] == state["match_id"]
    finally:
        second.close()


def test_a_file_that_is_no_backup_is_refused_and_changes_nothing(browser, base_url, tmp_path):
    context = browser.new_context()
    try:
        page = open_app(context.new_page(), base_url + URL + "&lang=en", prefs=FAST)
        click(page, "#roll")
        state = board_state(page)
        bad = tmp_path / "notes.json"
        bad.write_text('{"app": "chess"}', encoding="utf-8")
        page.click("#settings-button")
        act(page, lambda: page.set_input_files("#restore-file", str(bad)))
        assert "not written by this app" in page.text_content("#message")
        assert board_state(page)["checkers"] == state["checkers"]
    finally:
        context.close()


def test_the_shot_counter_lights_the_rolls_the_engine_counts(page, base_url):
    from game import Position
    from game.shots import shots
    open_app(page, base_url + URL + "&lang=en", prefs=FAST)
    page.click("#show-shots")
    page.wait_for_selector("#shot-counter p.empty")          # before the opening roll: nothing to count
    click(page, "#roll")
    page.wait_for_selector("#shot-counter table.shot-grid")
    # the opening roll is being played: the opponent's shots at the start are none
    assert page.locator("#shot-counter td.lit").count() == 0
    dice = tuple(int(d) for d in board_state(page)["dice"])
    # play a move that leaves a blot, typed
    plays = Position.start().legal_moves(dice)
    play = max(plays, key=lambda p: shots(Position.start().play(p)).hits)
    expected = shots(Position.start().play(play))
    assert expected.hits > 0
    act(page, lambda: (page.fill("#move-input", str(play)), page.press("#move-input", "Enter")))
    page.wait_for_function(f"document.querySelectorAll('#shot-counter td.lit').length === {expected.hits}")
    caption = page.text_content("#shot-counter caption")
    assert f"{expected.hits} of 36" in caption
    lit = page.eval_on_selector_all("#shot-counter td.lit", "els => els.map(e => e.getAttribute('aria-label'))")
    assert sorted(lit) == sorted(f"{a}-{b}: yes" for a in range(1, 7) for b in range(1, 7)
                                 if expected.hit[a - 1][b - 1])
