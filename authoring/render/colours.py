"""Which ink reads on a coloured fill: the one with the higher contrast ratio (WCAG 2's
definition: relative luminances, lighter over darker, each plus 0.05), so a club's colour
carries the same ink on every piece it is printed on."""

from __future__ import annotations

from reportlab.lib import colors


def relative_luminance(colour: colors.Color) -> float:
    """WCAG 2's relative luminance of an sRGB colour: 0 for black, 1 for white."""

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722 * linear(colour.blue)
    )


def contrast(first: colors.Color, second: colors.Color) -> float:
    """The contrast ratio of two colours, 1 (none) to 21 (black on white)."""
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def ink_on(fill: colors.Color, dark: colors.Color) -> colors.Color:
    """`dark` or white, whichever contrasts more with `fill` (dark on a tie)."""
    return dark if contrast(fill, dark) >= contrast(fill, colors.white) else colors.white
