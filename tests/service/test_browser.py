"""The web page end to end in a real headless Chromium (Debian's chromium and chromedriver):
check a deck, create an event, register, see the registration in the organiser list."""

from __future__ import annotations

import shutil

import pytest

from tests.conftest import DECKS
from tests.service.conftest import EVENT_DAY, deck_text

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="Chromium not installed: apt-get install chromium chromium-driver (.ci/run does)",
)

# as root in a closed network: no sandbox, no background connections
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=412,915",  # a phone
)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service as DriverService

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium')}")
    driver = webdriver.Chrome(options=options, service=DriverService(executable_path=DRIVER))
    driver.set_page_load_timeout(30)
    driver.implicitly_wait(5)  # only a safety net: submit() waits for the next page
    yield driver
    driver.quit()


def by_id(driver, element_id: str):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, element_id)


def all_css(driver, selector: str):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


def set_value(driver, element_id: str, value: str) -> None:
    """Date inputs and long decks: set the value as a script would, then fire input events."""
    driver.execute_script(
        "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
        "e.dispatchEvent(new Event('input', {bubbles: true}));",
        element_id,
        value,
    )


def next_page(driver, act) -> None:
    """Do ``act`` (a click that navigates) and wait until a new page has fully loaded.

    The old page is marked with a script variable; the new one has none. Polling the old
    page's elements instead races with the navigation: chromedriver then answers with
    errors such as "Node with given id does not belong to the document".
    """
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    driver.execute_script("window.deckcheckOldPage = true;")
    act()

    def loaded(d) -> bool:
        try:
            return d.execute_script(
                "return window.deckcheckOldPage === undefined && document.readyState === 'complete'"
            )
        except WebDriverException:  # mid-navigation: no document to ask yet
            return False

    WebDriverWait(driver, 30).until(loaded)


def submit(driver, form_id: str) -> None:
    """Click the form's button and wait until the next page has replaced this one."""
    from selenium.webdriver.common.by import By

    button = by_id(driver, form_id).find_element(By.CSS_SELECTOR, "button[type=submit]")
    next_page(driver, button.click)


def unlabelled_controls(driver) -> list[str]:
    """Visible form controls without a <label for=...> (or an aria-label)."""
    return driver.execute_script(
        "return [...document.querySelectorAll('input, select, textarea')]"
        ".filter(e => e.type !== 'hidden')"
        '.filter(e => !(e.id && document.querySelector(`label[for="${e.id}"]`))'
        "          && !e.getAttribute('aria-label'))"
        ".map(e => e.name || e.outerHTML);"
    )


def test_check_a_pasted_deck_and_see_the_violations(browser, live, tmp_path):
    browser.get(live.url + "/")
    assert browser.find_element("tag name", "html").get_attribute("lang") == "en"
    assert unlabelled_controls(browser) == []
    set_value(browser, "date", EVENT_DAY)
    by_id(browser, "deck").send_keys((DECKS / "AI_Albaz.ydk").read_text())
    submit(browser, "check-form")
    verdict = by_id(browser, "verdict").text
    assert "5 problem(s)" in verdict and "2026.05" in verdict
    items = [li.text for li in all_css(browser, "#violations > li")]
    assert len(items) == 5
    forbidden = next(t for t in items if "DC301" in t)
    assert 'Maxx "C"' in forbidden and "count 3" in forbidden and "limit 0" in forbidden
    assert sum("DC002" in t for t in items) == 3
    # the deck is listed with card names and counts
    cells = [td.text for td in all_css(browser, ".decklist td")]
    assert "Ash Blossom & Joyous Spring" in cells
    # what was pasted stays in the box
    assert "#main" in by_id(browser, "deck").get_attribute("value")
    browser.save_screenshot(str(tmp_path / "report.png"))


def test_upload_a_deck_file(browser, live):
    browser.get(live.url + "/")
    set_value(browser, "date", EVENT_DAY)
    by_id(browser, "file").send_keys(str(DECKS / "AI_Blackwing.ydk"))
    submit(browser, "check-form")
    assert by_id(browser, "report-title").text == "Legal: tcg on 2026-06-01"
    assert browser.execute_script("return document.getElementById('violations')") is None


def test_create_an_event_register_and_see_it_listed(browser, live):
    # the organiser creates the event and keeps the token
    browser.get(live.url + "/")
    by_id(browser, "event-name").send_keys("Browser Regional")
    set_value(browser, "event-date", EVENT_DAY)
    submit(browser, "event-form")
    token = by_id(browser, "token").get_attribute("value")
    assert len(token) >= 40
    next_page(browser, by_id(browser, "event-link").click)
    assert "Browser Regional" in browser.find_element("tag name", "h1").text
    assert unlabelled_controls(browser) == []

    # a player registers a legal deck
    by_id(browser, "player").send_keys("Mira Okafor")
    set_value(browser, "deck", deck_text())
    submit(browser, "register-form")
    assert "Mira Okafor is registered" in by_id(browser, "registered").text
    assert len(by_id(browser, "new-player-key").get_attribute("value")) >= 40

    # another player's deck is refused, with the reasons
    by_id(browser, "player").clear()
    by_id(browser, "player").send_keys("Sam Rivera")
    set_value(browser, "deck", (DECKS / "AI_Nekroz.ydk").read_text())
    submit(browser, "register-form")
    assert "Not registered" in by_id(browser, "error").text
    assert any("Herald of the Arc Light" in li.text for li in all_css(browser, "#violations > li"))
    event_url = browser.current_url.removesuffix("/register")

    # a wrong token is refused, the right one lists the registration
    browser.get(event_url + "/organiser")
    by_id(browser, "token").send_keys("not-the-token")
    submit(browser, "organiser-form")
    assert "does not match" in by_id(browser, "error").text
    by_id(browser, "token").clear()
    by_id(browser, "token").send_keys(token)
    submit(browser, "organiser-form")
    assert by_id(browser, "count").text.startswith("1 player(s) registered")
    rows = [tr.text for tr in all_css(browser, "#registrations tbody tr")]
    assert len(rows) == 1
    assert "Mira Okafor" in rows[0] and "40/15/0" in rows[0]
