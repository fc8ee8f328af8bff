"""The kit galleries in a real browser: headless Chromium (Debian's, through its
chromedriver) opens each index.html from disk, as a player would.

Run by `make test-browser`, not by `make test`: every test here is marked "browser", which
pyproject.toml's addopts deselect (`-m "not browser"`) unless `-m browser` is given.

Two game kits (The Most Dangerous Game: a board beside cards and tokens; The Hunt: a map
sheet) and an OUT/index.html over them stand in for `quarry kit all`, whose index is the
same function's work over five kits.
"""

import io
import os
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

from generator.kit import PrintOptions, write_game_kits
from generator.render.gallery.kits_index import write_kits_index

pytestmark = pytest.mark.browser

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
GAMES = ("island", "hunt")
WIDTH, HEIGHT = 1280, 900  # the window; the page gets what the browser leaves of it
SHOTS = os.environ.get("QUARRY_SHOTS")  # a folder to keep the screenshots in, to look at


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("kits")
    for game in GAMES:
        write_game_kits(game, folder, 2, PrintOptions(paper="a4"))
    write_kits_index(folder)
    return folder


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tmp_path_factory.mktemp("chromium-profile")
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={profile}",
        f"--window-size={WIDTH},{HEIGHT}",
        "--force-device-scale-factor=1",
        "--hide-scrollbars",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def _open(browser, page: Path) -> None:
    browser.get(page.as_uri())
    # get() waits for the load event, but chromedriver can hand back control a moment early
    # on a busy machine (CI once saw "interactive"); wait for it rather than fail on it.
    WebDriverWait(browser, 30).until(
        lambda driver: driver.execute_script("return document.readyState") == "complete"
    )


def _pages(out: Path) -> list[Path]:
    return [out / "index.html", *(out / game / "index.html" for game in GAMES)]


def _local(url: str, out: Path) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", f"{url} is not a file beside the page"
    return Path(unquote(parsed.path))


IMAGES = """
return Array.from(document.images).map(i => [i.currentSrc || i.src, i.complete, i.naturalWidth]);
"""
LINKS = "return Array.from(document.links).map(a => a.href);"
BOXES = """
return Array.from(document.querySelectorAll(arguments[0])).map(e => {
  const r = e.getBoundingClientRect();
  return [r.left, r.top + window.scrollY, r.width, r.height];
});
"""


@pytest.mark.parametrize("which", range(1 + len(GAMES)), ids=["out", *GAMES])
def test_every_image_loads(browser, out, which):
    page = _pages(out)[which]
    _open(browser, page)
    images = browser.execute_script(IMAGES)
    assert images, f"{page} shows no image"
    for src, complete, natural_width in images:
        assert complete and natural_width > 0, f"{src} did not load in {page}"
        assert _local(src, out).is_relative_to(out)


@pytest.mark.parametrize("which", range(1 + len(GAMES)), ids=["out", *GAMES])
def test_every_link_points_at_a_file_that_exists(browser, out, which):
    page = _pages(out)[which]
    _open(browser, page)
    links = browser.execute_script(LINKS)
    assert len(links) > 3
    for href in links:
        target = _local(href.split("#")[0], out)
        assert target.is_file(), f"{href} in {page}"
        assert target.resolve().is_relative_to(out.resolve())


def test_components_keep_their_true_proportions_on_screen(browser, out):
    _open(browser, out / "island" / "index.html")
    arts = browser.execute_script(BOXES, "figure.component .art svg")
    widths = browser.execute_script(
        "return Array.from(document.querySelectorAll('figure.component'))"
        ".map(f => parseFloat(f.style.getPropertyValue('--w')));"
    )
    assert len(arts) == len(widths) > 20
    px_per_mm = arts[0][2] / widths[0]
    for (_, _, width, _), mm in zip(arts, widths, strict=True):
        assert width == pytest.approx(mm * px_per_mm, abs=1.0)
    view = browser.execute_script("return [window.innerWidth, window.innerHeight]")
    assert max(box[2] for box in arts) <= view[0], "the widest component fits the window"
    assert max(box[3] for box in arts) <= view[1], "and the tallest"


def _shot(browser, name: str) -> Image.Image:
    image = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("RGB")
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        image.save(Path(SHOTS) / f"{name}.png")
    return image


def _colours(image: Image.Image) -> int:
    return len(image.getcolors(maxcolors=1 << 20) or [])


def test_the_gallery_screenshot_shows_the_component_grid(browser, out):
    _open(browser, out / "island" / "index.html")
    # The largest group (the cards) in view.
    browser.execute_script(
        "const grids = Array.from(document.querySelectorAll('#components .grid'));"
        "grids.sort((a, b) => b.children.length - a.children.length);"
        "grids[0].scrollIntoView();"
    )
    scrolled = browser.execute_script("return window.scrollY")
    image = _shot(browser, "island-components")
    view = browser.execute_script("return [window.innerWidth, window.innerHeight]")
    assert image.size == tuple(view)
    assert _colours(image) > 500, "not a blank page"
    boxes = browser.execute_script(BOXES, "figure.component")
    on_screen = [b for b in boxes if b[1] - scrolled >= 0 and b[1] + b[3] - scrolled <= view[1]]
    assert on_screen, "a component in view"
    # A grid: the cards' row holds several components side by side, left to right.
    rows: dict[int, list] = {}
    for box in boxes:
        rows.setdefault(round(box[1]), []).append(box)
    assert max(len(row) for row in rows.values()) >= 3
    for left, top, width, height in on_screen[:6]:
        top -= scrolled
        art = image.crop((int(left), int(top), int(left + width), int(top + height)))
        assert _colours(art) > 20, "each component drawn in its box"


def test_the_kits_index_screenshot_shows_each_kit(browser, out):
    _open(browser, out / "index.html")
    image = _shot(browser, "out-index")
    assert _colours(image) > 500
    kits = browser.execute_script(BOXES, "section.kit")
    assert len(kits) == len(GAMES)
    assert kits[0][1] == pytest.approx(kits[1][1], abs=1), "the kits side by side"
    for left, top, width, height in kits:
        box = image.crop((int(left), int(top), int(left + width), int(top + height)))
        assert _colours(box) > 50, "each kit with its preview"
