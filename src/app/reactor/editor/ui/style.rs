//! The editor's own colours: what every panel and the board's marks share.

/// An sRGB triple as egui's colour.
pub fn colour([r, g, b]: [u8; 3]) -> egui::Color32 {
    egui::Color32::from_rgb(r, g, b)
}

/// Errors red, warnings amber (the panel's and the board's marks).
pub const ERROR: egui::Color32 = egui::Color32::from_rgb(255, 90, 70);
pub const WARNING: egui::Color32 = egui::Color32::from_rgb(245, 190, 60);
