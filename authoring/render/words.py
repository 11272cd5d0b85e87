"""How printed numbers and names are spelt and ordered: one range format, one name order.

A range is printed "1-16" (a hyphen, as the original charts and the designers' workbooks
write it), a single number alone ("100").

Names are put in order by the Unicode Collation Algorithm with its default table (DUCET,
through pyuca), untailored: a roster mixes nations, and no one language's alphabet (Danish
files Æ and Ø after Z, Swedish Ö after Z, German Ö as O) is right for all of them. Under
that rule letters are compared first without their accents, strokes and case, ligatures
spelt out (Æ as AE, ß as ss, Ø as O, Ł as L), so "Ærø" files with "Aero" after "Aaron" and
"Østergaard" beside "Ostergaard"; only names equal at that level are told apart by accent
(Zoe before Zoë), then by case.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyuca import Collator

RANGE_DASH = "-"


def number_range(first: int, last: int) -> str:
    """A range of numbers as a chart prints it: "1-16", or "100" alone."""
    return str(first) if first == last else f"{first}{RANGE_DASH}{last}"


@cache
def _collator() -> Collator:
    # Imported here: validation formats ranges with this module, and loading the collation
    # table would slow every `validate` for the kits' sake.
    from pyuca import Collator

    return Collator()


def name_key(name: str) -> tuple[int, ...]:
    """Sort key putting names in the documented international order (see the module)."""
    return tuple(_collator().sort_key(name))
