"""Tabletop Simulator's saved-object JSON: the object states a deck, a card, a tile (boards)
and a token are saved as, as TTS writes them (Saves/Saved Objects/*.json).

A custom deck's cards are numbered CardID = key * 100 + index: `key` names the CustomDeck
entry (a card sheet with its back), `index` the card's slot on the sheet, counted row by
row from the top left. The last slot of a sheet is the face TTS shows for a hidden card.
"""

import hashlib
from dataclasses import dataclass

TINT = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # TTS's default card tint
WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}


@dataclass(frozen=True)
class SheetRef:
    """A card sheet as a deck refers to it: its CustomDeck key, image URLs and grid."""

    key: int
    face_url: str
    back_url: str
    columns: int
    rows: int

    def custom_deck(self) -> dict:
        """Return the CustomDeck entry of this sheet."""
        return {
            "FaceURL": self.face_url,
            "BackURL": self.back_url,
            "NumWidth": self.columns,
            "NumHeight": self.rows,
            "BackIsHidden": True,
            "UniqueBack": False,
            "Type": 0,
        }


def guid(name: str) -> str:
    """Return a TTS object id (6 hex digits) made from `name`: the same every run."""
    return hashlib.sha256(name.encode("utf-8")).hexdigest()[:6]


def transform(x: float, z: float, face_down: bool = False, scale: float = 1.0) -> dict:
    """Return a Transform at (x, z) on the table, face down (turned over its long axis)
    or up, scaled evenly in x and z."""
    return {
        "posX": round(x, 3),
        "posY": 1.0,
        "posZ": round(z, 3),
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": round(scale, 4),
        "scaleY": 1.0,
        "scaleZ": round(scale, 4),
    }


def _base(name: str, nickname: str, guid: str, place: dict) -> dict:
    return {
        "Name": name,
        "GUID": guid,
        "Transform": place,
        "Nickname": nickname,
        "Description": "",
        "ColorDiffuse": TINT if name in ("Card", "CardCustom", "DeckCustom") else WHITE,
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "Hands": name in ("Card", "CardCustom", "DeckCustom"),
    }


def card_object(card_id: int, nickname: str, sheet: SheetRef, guid: str, place: dict) -> dict:
    """Return one card's object state (inside a deck, or alone on the table)."""
    state = _base("Card", nickname, guid, place)
    deck = {str(sheet.key): sheet.custom_deck()}
    state.update({"CardID": card_id, "SidewaysCard": False, "CustomDeck": deck})
    return state


def deck_object(
    nickname: str, cards: list[tuple[int, str]], sheets: list[SheetRef], uid: str, place: dict
) -> dict:
    """Return a deck's object state (GUID `uid`): `cards` as (CardID, nickname) from top to
    bottom, on the card sheets `sheets`. A deck of one card is saved as that card alone."""
    by_key = {sheet.key: sheet for sheet in sheets}
    inner = [
        card_object(card_id, name, by_key[card_id // 100], guid(f"{uid}/{n}"), place)
        for n, (card_id, name) in enumerate(cards)
    ]
    if len(inner) == 1:
        single = inner[0]
        single["GUID"], single["Nickname"] = uid, nickname
        return single
    state = _base("DeckCustom", nickname, uid, place)
    state.update(
        {
            "SidewaysCard": False,
            "DeckIDs": [card_id for card_id, _ in cards],
            "CustomDeck": {str(sheet.key): sheet.custom_deck() for sheet in sheets},
            "ContainedObjects": inner,
        }
    )
    return state


def tile_object(nickname: str, url: str, guid: str, place: dict) -> dict:
    """Return a Custom_Tile (a board) showing `url` on both sides, at the image's aspect."""
    state = _base("Custom_Tile", nickname, guid, place)
    state["CustomImage"] = {
        "ImageURL": url,
        "ImageSecondaryURL": url,
        "ImageScalar": 1.0,
        "WidthScale": 0.0,
        "CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False, "Stretch": False},
    }
    return state


def token_object(nickname: str, url: str, guid: str, place: dict) -> dict:
    """Return a Custom_Token showing `url`."""
    state = _base("Custom_Token", nickname, guid, place)
    state["CustomImage"] = {
        "ImageURL": url,
        "ImageSecondaryURL": "",
        "ImageScalar": 1.0,
        "WidthScale": 0.0,
        "CustomToken": {"Thickness": 0.2, "MergeDistancePixels": 15.0, "Stackable": False},
    }
    return state


def saved_object(name: str, states: list[dict]) -> dict:
    """Return the saved-object document holding `states` (no date: the same kit gives the
    same file)."""
    return {
        "SaveName": name,
        "GameMode": "",
        "Date": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": states,
        "TabStates": {},
        "VersionNumber": "",
    }
