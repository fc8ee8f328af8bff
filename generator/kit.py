"""Writing a kit folder: every file, a manifest.json, all or nothing.

Files go to a hidden temporary folder beside the destination, which is renamed into place
at the end: an error leaves no half-written kit, and the previous kit stays as it was.
"""

import gc
import hashlib
import json
import math
import os
import shutil
import tempfile
from collections.abc import Iterable
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from generator import __version__, progress
from generator.errors import QuarryError
from generator.games import MAX_PUZZLES
from generator.output import check_writable, output_error, output_errors, umask
from generator.render.layouts import LayoutBook, Paper, SheetLayout
from generator.stopping import checkpoint, deferred, publishing, worker_pool


def _safe_name(name: str) -> str:
    if not name or name in (".", "..") or "/" in name or "\\" in name or name.startswith("."):
        raise QuarryError(f"kit name {name!r} must be a plain folder name")
    return name


class KitWriter:
    """Collects the files of one kit and publishes them as `<out>/<name>/`.

    Use as a context manager: `path(relative)` gives where to write a file, `add(...)`
    records it; on a clean exit the manifest is written and the folder renamed into place.
    """

    def __init__(
        self, out: Path, name: str, meta: dict, gallery: bool = True, refresh_index: bool = True
    ) -> None:
        self.out = Path(out)
        self.name = _safe_name(name)
        self.meta = meta
        self.gallery = gallery  # index.html and its previews (kit --no-gallery: only prints)
        # Once published, rewrite OUT/index.html when Quarry wrote it (kit all writes its own).
        self.refresh_index = refresh_index and gallery
        self.files: list[dict] = []
        self.guide = None  # a render.document.guide.KitGuide once describe() is called
        self.needs = None  # engine.table.Needs once set_table() is called
        self.provided: list = []  # engine.table.Provided: what the kit's pieces give a table
        self.balance: dict | None = None  # engine.balance.to_json, once set_balance() is called
        self._tmp: Path | None = None
        self._shown_in: dict[str, set[str]] = {}  # SVG path -> the PDFs that print it
        self._svg_texts: dict[str, str] = {}  # SVG text -> the first path written with it

    def __enter__(self) -> "KitWriter":
        try:
            with output_errors(self.out), deferred():  # a signal never leaves it unrecorded
                self.out.mkdir(parents=True, exist_ok=True)
                self._tmp = Path(tempfile.mkdtemp(prefix=f".{self.name}.", dir=self.out))
                # mkdtemp makes the folder private (0700); a published kit follows the umask.
                self._tmp.chmod(0o777 & ~umask())
        except BaseException:
            self._discard()
            raise
        return self

    def path(self, relative: str) -> Path:
        """Return where to write `relative` inside the kit (folders are created)."""
        assert self._tmp is not None
        target = (self._tmp / relative).resolve()
        if self._tmp.resolve() not in target.parents:
            raise QuarryError(f"file name {relative!r} would leave the kit folder")
        target.parent.mkdir(parents=True, exist_ok=True)
        return target

    def write_text(self, relative: str, text: str, kind: str) -> Path:
        """Write a text file into the kit and record it with its kind."""
        target = self.path(relative)
        target.write_text(text, encoding="utf-8")
        self.add(relative, kind)
        if relative.endswith(".svg"):
            self._svg_texts.setdefault(text, relative)
        return target

    def svg_paths(self, texts: Iterable[str | None]) -> list[str]:
        """Return the paths of the kit's SVG files (written with write_text) that hold one
        of `texts`, each once, in the order of `texts` (None and texts no file holds are
        skipped): what to pass as add(shows=...) for a PDF drawn from those texts."""
        paths = (self._svg_texts.get(text) for text in texts if text is not None)
        return list(dict.fromkeys(path for path in paths if path is not None))

    def add(
        self, relative: str, kind: str, pages: int | None = None, shows: Iterable[str] = ()
    ) -> None:
        """Record a file already written at path(relative); PDFs give their page count and
        the kit's SVG components they print (`shows`: their paths), which the manifest
        lists on each SVG as "pdf" and the gallery links to."""
        checkpoint()  # a signal some library swallowed stops the kit here
        for svg in shows:
            self._shown_in.setdefault(svg, set()).add(relative)
        progress.note(f"{self.name}/{relative}")
        progress.advance("files")
        record = {"path": relative, "kind": kind}
        if pages is not None:
            record["pages"] = pages
        self.files.append(record)

    def describe(
        self, title: str, about: str, assembly: list[str], back_options: bool = True
    ) -> None:
        """Give the kit a guide page: the game or deck's `title`, a line `about` it, and the
        steps to cut and put it together. Files listed with to_print() appear on it.
        back_options=False when the verb takes no --back-offset or --backs (the guide then
        does not suggest them)."""
        from generator.render.document.guide import KitGuide

        self.guide = KitGuide(title, about, list(assembly), back_options=back_options)

    def provide(
        self,
        name: str,
        count: int,
        worth: int = 1,
        footprint_mm: tuple[float, float] | None = None,
    ) -> None:
        """Record that the kit prints `count` of the piece `name` (each worth `worth`; its
        footprint on the table when it stands on the board), for the table check
        (engine.table): count what was drawn, never what the needs ask for."""
        from generator.engine.table import Provided

        if count > 0:
            self.provided.append(Provided(name, count, worth, footprint_mm))

    def set_table(self, needs) -> None:
        """Give the kit its table's needs (engine.table.Needs): the manifest keeps them
        beside what the kit provides, and the guide says for how many players the kit was
        printed and what to bring."""
        self.needs = needs
        if self.guide is not None:
            self.guide.players = needs.players
            self.guide.bring = [item.text() for item in needs.bring]

    def set_balance(self, balance, players: int | None) -> None:
        """Give the kit the balance its default game claims (engine.balance.Balance) at
        `players` (None: every count measured): the manifest keeps the figures and the
        guide says them."""
        from generator.engine.balance import guide_balance, to_json

        self.balance = to_json(balance, players)
        if self.guide is not None:
            self.guide.balance = guide_balance(balance, players)

    def to_print(
        self,
        paper: Paper,
        relative: str,
        what: str,
        copies: int = 1,
        two_sided: bool = False,
        note: str = "",
    ) -> None:
        """List the PDF `relative` (already added) on `paper`'s guide page and in its
        print-all file: what it holds, how many copies, printed on one side or two."""
        from generator.render.document.guide import PrintItem

        assert self.guide is not None, "describe() the kit before listing files to print"
        self.guide.add(paper, PrintItem(relative, what, copies, two_sided, note))

    def __exit__(self, exc_type, exc, tb) -> None:
        assert self._tmp is not None
        if exc_type is not None:
            self._discard()
            self._raise_output_error(exc)
            return
        old = None  # the previous kit, once replaced
        try:
            self._write_guides()
            entries = self._entries()
            if self.gallery:
                entries += self._write_gallery(entries)
            self._write_manifest(entries)
            with publishing():  # in a worker: only while the parent waits for it
                old = self._publish()
        except BaseException as error:
            self._discard()
            self._raise_output_error(error)
            raise
        finally:
            if old is not None:
                self._discard(old)
        if self.refresh_index:
            from generator.render.gallery.kits_index import refresh_kits_index

            refresh_kits_index(self.out)

    def _discard(self, folder: Path | None = None) -> None:
        """Remove `folder` (default: the temporary folder), whole, even if a signal comes."""
        folder = folder or self._tmp
        if folder is not None:
            with deferred():
                shutil.rmtree(folder, ignore_errors=True)

    def _raise_output_error(self, error: BaseException | None) -> None:
        """Raise the one-line OutputError for an OS error about the out folder; else return
        (the error goes on as it is)."""
        if isinstance(error, OSError):
            mapped = output_error(error, self.out)
            if mapped is not None:
                raise mapped from None

    def _write_guides(self) -> None:
        """Write 00-guide-<paper>.pdf and print-all-<paper>.pdf for every paper the guide
        lists files on."""
        if self.guide is None:
            return
        from generator.render.document.guide import write_guide, write_print_all

        seed = self.meta.get("seed")
        for name, paper in self.guide.papers.items():
            guide_file = f"00-guide-{name}.pdf"
            pages = write_guide(self.path(guide_file), paper, self.guide, seed)
            self.add(guide_file, "guide", pages=pages)
            everything = f"print-all-{name}.pdf"
            pages = write_print_all(self.path(everything), self._tmp, guide_file, self.guide, name)
            self.add(everything, "print-all", pages=pages)

    def _entry(self, record: dict) -> dict:
        """Return the manifest entry of the file `record`: with its sha256 and size in
        bytes, an SVG's size in mm and the PDFs that print it."""
        from generator.render.svg import svg_size_mm  # svglib and reportlab: only when writing

        file = self._tmp / record["path"]
        data = file.read_bytes()
        entry = {**record, "sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}
        if file.suffix == ".svg":
            width, height = svg_size_mm(data.decode("utf-8"))
            entry["width_mm"], entry["height_mm"] = round(width, 3), round(height, 3)
            if record["path"] in self._shown_in:
                entry["pdf"] = sorted(self._shown_in[record["path"]])
        return entry

    def _entries(self) -> list[dict]:
        return [self._entry(record) for record in self.files]

    def _manifest(self, entries: list[dict], by_path: bool = True) -> dict:
        """Return the manifest of the kit's files `entries` (sorted by path, or with
        by_path=False in the order they were written, which the gallery shows)."""
        if by_path:
            entries = sorted(entries, key=lambda entry: entry["path"])
        manifest = {"name": self.name, "quarry": __version__, **self.meta, "files": entries}
        if self.guide is not None:
            manifest["print"] = self.guide.to_json()
        if self.needs is not None:
            manifest["table"] = {
                "needs": self.needs.to_json(),
                "provided": [piece.to_json() for piece in self.provided],
            }
        if self.balance is not None:
            manifest["balance"] = self.balance
        return manifest

    def _write_gallery(self, entries: list[dict]) -> list[dict]:
        """Write index.html and the components' PNG previews (render.gallery); return their
        manifest entries."""
        from generator.render.gallery import write_gallery

        guide = self.guide
        written = write_gallery(
            self._tmp,
            self._manifest(entries, by_path=False),
            guide.title if guide else self.name,
            guide.about if guide else "",
            guide.assembly if guide else [],
        )
        records = [{"path": path, "kind": kind} for path, kind in written]
        self.files += records
        return [self._entry(record) for record in records]

    def _write_manifest(self, entries: list[dict]) -> None:
        manifest = self._manifest(entries)
        text = json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        (self._tmp / "manifest.json").write_text(text, encoding="utf-8")

    def _publish(self) -> Path | None:
        """Rename the temporary folder into place; return the folder holding the previous
        kit (to remove), or None. If the rename fails, the previous kit is put back."""
        final = self.out / self.name
        old = None
        if final.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{self.name}.old.", dir=self.out))
            os.replace(final, old / self.name)
        try:
            os.replace(self._tmp, final)
        except BaseException:
            if old is not None:
                os.replace(old / self.name, final)
                os.rmdir(old)
            raise
        return old

    @property
    def final_path(self) -> Path:
        return self.out / self.name


# How card sheets carry the backs (the --backs choices), as render.imposition names the modes.
BACK_MODES = {"duplex": "duplex", "fold": "fold", "none": "fronts"}
KIT_PAPERS = {"a4": ("a4",), "letter": ("letter",), "both": ("a4", "letter")}
INKS = ("normal", "low")
MAX_BACK_OFFSET = 10.0


@dataclass(frozen=True)
class KitRequest:
    """What a game's kit builder is given: where to write, the papers to write (`paper` is
    the first), the seed, and how to print the card sheets: `backs` (duplex, fold or none),
    the `sheet` layout's name, the duplex `back_offset` (x, y in mm) and the `ink` (normal,
    or low: light card backs, no large solid areas). Builders that make one file use
    `paper`; game kits write every paper in `papers`. `players` (`quarry kit GAME
    --players N`, for games with the "kit-players" capability) sizes the kit for that
    many players; None: for any table the game allows. `design` (`--design`, for games
    with the "kit-design" capability) is the file of a designed board, map, deck or
    variant that every component of the kit shows instead of the default."""

    writer: KitWriter
    book: LayoutBook
    paper: Paper
    seed: int
    papers: tuple[Paper, ...] = ()  # empty: just `paper`
    backs: str = "duplex"
    sheet: str = "default"
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink: str = "normal"
    players: int | None = None
    design: Path | None = None  # `kit GAME --design`: the design's own file, checked to exist

    def __post_init__(self) -> None:
        if not self.papers:
            object.__setattr__(self, "papers", (self.paper,))

    @property
    def back_mode(self) -> str:
        """Return the imposition mode for `backs`: "duplex", "fold" or "fronts"."""
        return BACK_MODES[self.backs]

    def sheet_layout(self) -> SheetLayout:
        """Return the SheetLayout card sheets are imposed with: `sheet`, its backs shifted by
        `back_offset`."""
        x, y = self.back_offset
        return replace(self.book.sheet(self.sheet), back_offset_x=x, back_offset_y=y)


def check_backs(backs: str, back_offset: tuple[float, float]) -> str:
    """Return the imposition mode for the --backs choice `backs`, after checking it and the
    back offsets (QuarryError, naming the option, for a value Quarry cannot use)."""
    if backs not in BACK_MODES:
        raise QuarryError(f"--backs must be duplex, fold or none, got {backs!r}")
    for value in back_offset:
        if not math.isfinite(value) or abs(value) > MAX_BACK_OFFSET:
            raise QuarryError(
                f"back offsets are at most {MAX_BACK_OFFSET:g} mm either way, got {value}"
            )
    return BACK_MODES[backs]


@dataclass(frozen=True)
class PrintOptions:
    """The print options of `quarry kit`, as given: --paper (a4, letter or both), --backs,
    --sheet, --back-offset-x/-y, --ink, and --gallery/--no-gallery (index.html, its
    previews and the balance chart, or only the files that print)."""

    paper: str = "both"
    backs: str = "duplex"
    sheet: str = "default"
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink: str = "normal"
    gallery: bool = True

    def check(self, book: LayoutBook) -> None:
        """Raise QuarryError (one line, naming the option) for any value Quarry cannot use."""
        if self.paper not in KIT_PAPERS:
            raise QuarryError(f"--paper must be a4, letter or both, got {self.paper!r}")
        check_backs(self.backs, self.back_offset)
        sheets = book.names("sheet")
        if self.sheet not in sheets:
            raise QuarryError(f"--sheet must be one of {', '.join(sheets)}, got {self.sheet!r}")
        if self.ink not in INKS:
            raise QuarryError(f"--ink must be normal or low, got {self.ink!r}")

    def meta(self) -> dict:
        """Return the options as a kit's manifest records them."""
        return {
            "paper": self.paper,
            "papers": list(KIT_PAPERS[self.paper]),
            "backs": self.backs,
            "sheet": self.sheet,
            "back_offset": list(self.back_offset),
            "ink": self.ink,
        }

    def request(self, writer: KitWriter, book: LayoutBook, seed: int) -> KitRequest:
        """Return the KitRequest for these (checked) options."""
        papers = tuple(book.paper(name) for name in KIT_PAPERS[self.paper])
        return KitRequest(
            writer,
            book,
            papers[0],
            seed,
            papers=papers,
            backs=self.backs,
            sheet=self.sheet,
            back_offset=self.back_offset,
            ink=self.ink,
        )


def write_game_kits(
    game: str,
    out: Path,
    seed: int,
    options: PrintOptions | None = None,
    jobs: int = 1,
    players: int | None = None,
    design: Path | None = None,
) -> list[Path]:
    """Write the kit of `game` (or of every game, for "all") with the print `options`;
    return the kit folders. The game and every option are checked before any work.
    `players` (--players) is for one game with the "kit-players" capability, within its
    player range.

    With `jobs` above 1, "all" builds the games side by side in that many worker processes;
    each game's files are the same bytes either way. "all" also writes OUT/index.html,
    linking every kit in OUT (render.gallery.write_kits_index); any other kit written into
    OUT refreshes that index when it is there.
    """
    from generator.games import registry

    options = options or PrintOptions()
    games = registry()
    if game != "all" and game not in games:
        known = ", ".join([*games, "all"])
        raise QuarryError(f"unknown game {game!r}; known: {known}")
    options.check(LayoutBook())
    if players is not None:
        check_kit_players(games.get(game), players)
    if design is not None:
        design = design_file(games.get(game), design)
    chosen = list(games.values()) if game == "all" else [games[game]]
    names = [entry.name for entry in chosen if entry.build_kit is not None]
    check_writable(out)
    if jobs > 1 and len(names) > 1:
        # Each worker publishes its own kit, and only while this process waits for it
        # (stopping.publishing): an error or a signal here stops them all first.
        with worker_pool(min(jobs, len(names))) as pool:
            futures = [
                pool.submit(_write_game_kit, name, out, seed, options, None, False)
                for name in names
            ]
            written = [future.result() for future in progress.counted(futures, "kits")]
    else:
        written = [
            _write_game_kit(name, out, seed, options, players, game != "all", design)
            for name in progress.counted(names, "kits")
        ]
    if game == "all" and written and options.gallery:
        from generator.render.gallery.kits_index import write_kits_index

        write_kits_index(Path(out))
    return written


def design_file(entry, path: Path) -> Path:
    """Return the design's own file for `kit GAME --design PATH`: PATH itself, or in a
    design folder the file `generate` wrote there. QuarryError (one line) for "all", a game
    whose kit takes no design, or a path that holds none."""
    from generator.games import registry

    if entry is None or "kit-design" not in entry.capabilities:
        takes = [name for name, game in registry().items() if "kit-design" in game.capabilities]
        name = "all" if entry is None else entry.name
        raise QuarryError(
            f"--design is only for the kit of {' or '.join(takes) or 'no game'}, not {name!r}"
        )
    path = Path(path)
    if path.is_dir():
        inside = path / entry.design_file
        if not inside.is_file():
            raise QuarryError(
                f"{path} holds no {entry.design_file}; expected a folder written by "
                f"quarry generate {entry.design_verb}, or the file itself"
            )
        return inside
    if not path.exists():
        raise QuarryError(f"{path}: no such file or folder; expected a {entry.name} design")
    return path


def design_kit_name(design: Path, design_file: str) -> str:
    """Return the folder name of a designed game's kit: after the design folder (the file's
    folder when the file is generate's own, `design_file`), else after the file."""
    stem = design.parent.name if design.name == design_file else design.stem
    return f"{stem}-kit"


def check_kit_players(entry, players: int) -> None:
    """Raise QuarryError (one line) unless the registered game `entry` (None for "all")
    sizes its kit by player count (the "kit-players" capability) and `players` is within
    its range."""
    from generator.games import registry

    if entry is None or "kit-players" not in entry.capabilities:
        sized = [name for name, game in registry().items() if "kit-players" in game.capabilities]
        name = "all" if entry is None else entry.name
        raise QuarryError(
            f"--players is only for the kit of {' or '.join(sized) or 'no game'}, not {name!r}"
        )
    low, high = entry.players
    if not low <= players <= high:
        raise QuarryError(f"--players for {entry.name} must be {low} to {high}, got {players}")


@contextmanager
def fewer_collections():
    """Run the block with Python's cyclic garbage collector called less often (restored
    after). A kit makes millions of small objects (svglib's and reportlab's drawings,
    platypus's lines), nearly none of them in cycles: at the default thresholds the
    collector took a tenth of the CPU of `kit all` (1.9 s of 19, 2,600 collections), at
    these 0.7 s. It frees the same objects later; nothing written changes."""
    old = gc.get_threshold()
    gc.set_threshold(10_000, 50, 50)
    try:
        yield
    finally:
        gc.set_threshold(*old)


def _write_game_kit(
    name: str,
    out: Path,
    seed: int,
    options: PrintOptions,
    players: int | None = None,
    refresh_index: bool = True,
    design: Path | None = None,
) -> Path:
    """Write the kit of the registered game `name` (sized for `players`, and of the
    `design` file, if given); return its folder (runs in a worker process for `quarry kit
    all --jobs N`, so it takes only plain values)."""
    from generator.games import registry

    entry = registry()[name]
    book = LayoutBook()
    meta = {"kind": "game", "game": entry.name, "seed": seed, **options.meta()}
    if players is not None:
        meta["players"] = players
    folder = entry.name
    if design is not None:
        data = Path(design).read_bytes()
        meta["design"] = {"file": Path(design).name, "sha256": hashlib.sha256(data).hexdigest()}
        folder = design_kit_name(Path(design), entry.design_file)
    with (
        fewer_collections(),
        KitWriter(out, folder, meta, options.gallery, refresh_index) as writer,
    ):
        request = replace(options.request(writer, book, seed), players=players, design=design)
        entry.build_kit(request)
        if entry.balance is not None and design is None:  # a design's balance is its report's
            writer.set_balance(entry.balance(), players)
        # balance.svg, for the gallery: the default game's (a design's own balance is in
        # the report of its design folder)
        if entry.simulate is not None and options.gallery and design is None:
            from generator.render.charts.balance import write_balance_chart

            write_balance_chart(writer, entry, seed, players)
    return writer.final_path


def write_deck_kit(
    deck_path: Path,
    out: Path,
    paper: str,
    seed: int,
    layouts: list[Path],
    sheet: str | None,
    backs: str,
    back_offset: tuple[float, float],
) -> tuple[Path, str]:
    """Render a custom deck into OUT/<deck>/: card sheets PDF, one SVG per distinct card.

    Returns the kit folder and a one-line summary. Everything is checked before drawing.
    """
    from generator.decks import load_deck, render_deck
    from generator.render.imposition import FRONTS, impose
    from generator.render.pdf import Footer
    from generator.render.sheets import CardFace, write_card_sheets

    back_mode = check_backs(backs, back_offset)
    book = LayoutBook(layouts)
    sheet_paper = book.paper(paper)
    deck = load_deck(Path(deck_path), book)
    layout = replace(
        book.sheet(sheet or deck.sheet), back_offset_x=back_offset[0], back_offset_y=back_offset[1]
    )
    mode = back_mode if deck.back else FRONTS
    imposition = impose(sheet_paper, deck.card, layout, mode)
    rendered = render_deck(deck, layout.bleed)
    faces = [
        CardFace(card.front, card.back, card.row.label)
        for card in rendered
        for _ in range(card.row.count)
    ]
    meta = {
        "kind": "deck",
        "deck": deck.name,
        "paper": sheet_paper.name,
        "seed": seed,
        "backs": mode,
        "sheet": layout.name,
        "cards": len(faces),
    }
    pdf_name = f"cards-{sheet_paper.name}{'-fold' if mode == 'fold' else ''}.pdf"
    with KitWriter(out, deck.slug, meta) as writer:
        shared_back = len({card.back for card in rendered}) == 1
        for card in rendered:
            writer.write_text(f"svg/{card.row.slug}-front.svg", card.front, "card-front")
            if card.back is not None and not shared_back:
                writer.write_text(f"svg/{card.row.slug}-back.svg", card.back, "card-back")
        if rendered[0].back is not None and shared_back:
            writer.write_text("svg/back.svg", rendered[0].back, "card-back")
        footer = Footer(deck.name, "cards", seed)
        pages = write_card_sheets(writer.path(pdf_name), faces, imposition, footer)
        writer.add(pdf_name, "card-sheets", pages=pages, shows=card_svgs(writer, faces))
        record_deck(writer, "cards", faces)
        writer.describe(
            deck.name,
            f"A deck of {len(faces)} cards ({deck.card.name}), {imposition.per_page} a sheet.",
            card_steps(mode, layout.bleed > 0),
        )
        writer.to_print(sheet_paper, pdf_name, "The cards", two_sided=mode == "duplex")
    summary = (
        f"{len(faces)} cards ({len(rendered)} distinct), {imposition.per_page} a page, "
        f"{pages} pages of {sheet_paper.name}, backs: {mode}"
    )
    return writer.final_path, summary


def record_deck(writer: KitWriter, name: str, faces: list) -> None:
    """Record in `writer`'s manifest, under "decks", the cards of deck `name` in the order
    they are printed (a card printed twice is listed twice), each as {"front": path,
    "back": path or null}: the kit's SVG files (already written) that hold the same text
    as the card's sides. The PNG and Tabletop Simulator exports read faces and backs from
    it. A deck recorded again (the same deck on a second paper) is left as it was."""
    decks = writer.meta.setdefault("decks", {})
    if name in decks:
        return
    paths: dict[str, str] = {}
    for record in writer.files:
        if record["path"].endswith(".svg"):
            text = writer.path(record["path"]).read_text(encoding="utf-8")
            paths.setdefault(text, record["path"])
    decks[name] = [
        {"front": paths[face.front], "back": None if face.back is None else paths[face.back]}
        for face in faces
    ]


def card_svgs(writer: KitWriter, faces: list) -> list[str]:
    """Return the kit's SVG files that hold the fronts and backs of `faces` (CardFaces):
    what a card sheet PDF of them shows (KitWriter.add's `shows`)."""
    return writer.svg_paths(side for face in faces for side in (face.front, face.back))


def card_steps(mode: str, bleed: bool) -> list[str]:
    """Return the guide's steps for cutting card sheets imposed with backs `mode` (duplex,
    fold or fronts) and with or without bleed."""
    cut = (
        "Cut along the crop marks outside the card grid; with bleed there are two marks "
        "at each edge: cut on the inner one."
        if bleed
        else "Cut along the crop marks outside the card grid, one straight cut right "
        "across the sheet for each mark."
    )
    if mode == "fold":
        return [
            "Fold each sheet along the dashed line in the middle, printed sides out, and "
            "glue the halves together.",
            cut,
        ]
    return [cut]


BIG_PAPER = {"letter": "tabloid", "tabloid": "tabloid"}


def write_board_kit(
    board_path: Path, out: Path, paper: str, seed: int, layouts: list[Path]
) -> tuple[Path, str]:
    """Tile an SVG board into OUT/<board>/: tiled pages, one big page, and the SVG itself.

    Returns the kit folder and a one-line summary.
    """
    from generator.decks import slugify
    from generator.render.pdf import Footer
    from generator.render.tiling import (
        TILE_ASSEMBLY,
        plan_tiles,
        read_board_svg,
        write_board_page,
        write_tiled_board,
    )

    board_path = Path(board_path)
    book = LayoutBook(layouts)
    book.check_user_kinds(("paper", "tiling"), "quarry tile")
    sheet_paper = book.paper(paper)
    tiling = book.tiling("default")
    svg_text, width, height = read_board_svg(board_path)  # size, depth, UTF-8: userfiles
    plan = plan_tiles(width, height, sheet_paper, tiling)
    big = book.paper(BIG_PAPER.get(sheet_paper.name, "a3"))
    name = slugify(board_path.stem)
    meta = {"kind": "board", "board": board_path.name, "paper": sheet_paper.name, "seed": seed}
    with KitWriter(out, name, meta) as writer:
        writer.write_text("board.svg", svg_text, "board")
        tiled = f"board-{sheet_paper.name}-tiled.pdf"
        footer = Footer(board_path.stem, "board", seed)
        pages = write_tiled_board(writer.path(tiled), svg_text, sheet_paper, tiling, footer)
        writer.add(tiled, "board-tiles", pages=pages, shows=["board.svg"])
        whole = "board-one-page.pdf"
        pages = write_board_page(writer.path(whole), svg_text, big, footer)
        writer.add(whole, "board-page", pages=pages, shows=["board.svg"])
        writer.describe(
            board_path.stem,
            f"A board of {width:.0f} x {height:.0f} mm on {plan.rows} x {plan.cols} pages.",
            [
                "Each tile's footer names it and shows where it lies in the tile map; lay "
                "them out in that order.",
                TILE_ASSEMBLY,
                f"{whole} is the whole board on one {big.name} page, for a copy shop.",
            ],
        )
        writer.to_print(sheet_paper, tiled, "The board in tiles")
    summary = (
        f"{width:.0f} x {height:.0f} mm board on {plan.rows} x {plan.cols} pages of "
        f"{sheet_paper.name}, and on one page"
    )
    return writer.final_path, summary


def write_puzzle_files(request: KitRequest, puzzles: list, write_book) -> None:
    """Write puzzles.json (each puzzle's to_json()) and puzzles-<paper>.pdf into the kit of
    `request`: what a game's write_puzzle_book does, with the game's
    `write_book(target, paper, puzzles, seed) -> pages` laying out the book."""
    plain = [puzzle.to_json() for puzzle in puzzles]
    text = json.dumps(plain, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    request.writer.write_text("puzzles.json", text, "puzzles")
    name = f"puzzles-{request.paper.name}.pdf"
    pages = write_book(request.writer.path(name), request.paper, puzzles, request.seed)
    request.writer.add(name, "puzzle-book", pages=pages)


def write_puzzle_kit(
    game, out: Path, paper: str, seed: int, count: int, difficulty: str, loops: bool
) -> tuple[Path, str]:
    """Generate `count` certified puzzles of `game` and write OUT/<game>-puzzles/ (a book PDF
    and puzzles.json). Limits are checked before any puzzle is made."""
    if not 1 <= count <= MAX_PUZZLES:
        raise QuarryError(f"--count must be from 1 to {MAX_PUZZLES}, got {count}")
    if difficulty not in ("easy", "medium", "hard"):
        raise QuarryError(f"--difficulty must be easy, medium or hard, got {difficulty!r}")
    book = LayoutBook()
    sheet_paper = book.paper(paper)
    check_writable(out)  # before the puzzles are made
    puzzles = game.make_puzzles(count, difficulty, seed, loops)
    meta = {
        "kind": "puzzles",
        "game": game.name,
        "paper": sheet_paper.name,
        "seed": seed,
        "difficulty": difficulty,
        "count": count,
        "loops": loops,
    }
    with KitWriter(out, f"{game.name}-puzzles", meta) as writer:
        game.write_puzzle_book(KitRequest(writer, book, sheet_paper, seed), puzzles)
        writer.describe(
            f"{game.title}: puzzles",
            f"{count} {difficulty} deduction puzzles, each with exactly one answer.",
            [
                "The first page explains the puzzles; the solutions, with the reasoning "
                "step by step, are at the back: fold those pages away before you start.",
                "puzzles.json holds every puzzle, to make the same book again.",
            ],
        )
        for record in writer.files:
            if record["kind"] == "puzzle-book":
                writer.to_print(sheet_paper, record["path"], "The puzzle book")
    ids = ", ".join(p.id for p in puzzles[:3]) + (", ..." if count > 3 else "")
    return writer.final_path, f"{count} {difficulty} puzzles, each certified unique ({ids})"
