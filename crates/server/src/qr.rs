//! A QR code drawn as inline SVG (the pairing sheet's board links): the `qrcode` crate
//! makes the symbol, this draws its dark modules as one path with the standard four-module
//! quiet zone, so it prints sharp at any size.

use maud::{Markup, html};
use qrcode::{Color, EcLevel, QrCode};

/// The light border the standard asks around a symbol, in modules.
pub const QUIET_ZONE: usize = 4;

/// `text` as a QR code of side `size_mm` millimetres, labelled `label` for screen readers;
/// `None` when `text` is too long for any QR code.
pub fn svg(text: &str, size_mm: u32, label: &str) -> Option<Markup> {
    // Level M: a printed sheet survives a crease or a coffee ring.
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let width = code.width();
    let side = width + 2 * QUIET_ZONE;
    let mut path = String::new();
    for (k, c) in code.to_colors().iter().enumerate() {
        if *c == Color::Dark {
            let (x, y) = (k % width + QUIET_ZONE, k / width + QUIET_ZONE);
            path.push_str(&format!("M{x} {y}h1v1h-1z"));
        }
    }
    Some(html! {
        svg.qr xmlns="http://www.w3.org/2000/svg" viewBox={ "0 0 " (side) " " (side) }
            width={ (size_mm) "mm" } height={ (size_mm) "mm" } role="img" aria-label=(label)
            shape-rendering="crispEdges" data-modules=(width) {
            rect width=(side) height=(side) fill="#fff" {}
            path d=(path) fill="#000" {}
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_is_drawn_and_an_overlong_text_is_not() {
        let m = svg(
            "https://shatar.example/events/e/rounds/1/boards/1/tablet?key=k",
            30,
            "x",
        )
        .expect("fits")
        .into_string();
        assert!(m.starts_with("<svg class=\"qr\""), "{m}");
        assert!(m.contains("M4 4h1v1h-1z"), "a finder pattern's corner: {m}");
        assert!(svg(&"x".repeat(8000), 30, "x").is_none());
    }
}
