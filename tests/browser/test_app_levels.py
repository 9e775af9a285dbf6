"""The New match form: the computer's level opens on the default (the strongest within the time
budget) and says in words what each level is, in English and in French."""

from app_driver import act, open_app

from game.app.text.i18n import translator
from game.app.keep.urlparams import DEFAULT_LEVEL, LEVELS


def test_the_level_chooser_opens_on_the_default_and_says_each_level(page, base_url):
    """In English, then in French (the language menu, in the same page: one page load)."""
    open_app(page, f"{base_url}/?lang=en", prefs={"animate": False})
    for language in ("en", "fr"):
        if language == "fr":
            page.click("#setup-cancel")
            page.wait_for_selector("#new-match-dialog[open]", state="detached")
            act(page, lambda: page.select_option("#lang", "fr"))
        page.click("#new-match")
        page.wait_for_selector("#new-match-dialog[open]")
        assert page.input_value('#new-match-form select[name="level"]') == DEFAULT_LEVEL == "expert"
        notes = page.locator("#level-notes li").all_inner_texts()
        tr = translator(language)
        assert notes == [tr(f"level.{level}_about") for level in LEVELS]
        assert page.get_attribute('#new-match-form select[name="level"]', "aria-describedby") == "level-notes"
