//! Tool badges: the image `assets/reactor/badges/<badge_key>.png` where one exists, otherwise a
//! procedural badge (a coloured rounded shape with a short text label), so a palette is complete
//! with no art at all.

use crate::reactor::edit::{Layer, Tool};
use crate::reactor::level::{Carrier, Item, Quantity};
use crate::reactor::present::{CARRIER_COLOURS, QUANTITY_COLOURS};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Where badge images are looked for: beside the working directory, then the source tree.
pub fn badge_dirs() -> Vec<PathBuf> {
    vec![
        PathBuf::from("assets/reactor/badges"),
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/reactor/badges"),
    ]
}

/// A procedural badge: its colour, its label and whether it is round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    pub colour: [u8; 3],
    pub label: &'static str,
    pub round: bool,
}

/// How a tool's procedural badge looks on `layer` (network tools take the layer's carrier colour).
pub fn look(tool: Tool, layer: Layer) -> Look {
    let carrier = layer.carrier().map_or([200, 200, 200], |c: Carrier| CARRIER_COLOURS[c as usize]);
    let (colour, label, round) = match tool {
        Tool::Cursor => ([200, 200, 210], "SEL", false),
        Tool::Floor => ([95, 100, 110], "FLR", false),
        Tool::Wall => ([120, 95, 70], "WALL", false),
        Tool::Robot => ([240, 240, 240], "BOT", true),
        Tool::Consumer => ([120, 220, 130], "CONS", false),
        Tool::Valve => ([210, 210, 190], "VLV", true),
        Tool::Junction => ([160, 160, 180], "JCT", false),
        Tool::Door => ([200, 150, 40], "DOOR", false),
        Tool::Terminal => ([90, 220, 240], "EYE", false),
        Tool::Supply(Item::FuelNeutralizer) => (CARRIER_COLOURS[0], "N-F", false),
        Tool::Supply(Item::CoolantNeutralizer) => (CARRIER_COLOURS[1], "N-C", false),
        Tool::Supply(Item::ElectricityNeutralizer) => (CARRIER_COLOURS[2], "N-E", false),
        Tool::Supply(Item::HeatShield) => ([255, 150, 40], "SHLD", false),
        Tool::Sprinkler => ([80, 150, 255], "SPRK", true),
        Tool::Reactor => ([245, 200, 70], "RCTR", true),
        Tool::Hazard(Quantity::Fuel) => (QUANTITY_COLOURS[0], "FUEL", false),
        Tool::Hazard(Quantity::Water) => (QUANTITY_COLOURS[1], "H2O", false),
        Tool::Hazard(Quantity::Electricity) => (QUANTITY_COLOURS[2], "ELEC", false),
        Tool::Hazard(Quantity::Heat) => (QUANTITY_COLOURS[3], "HEAT", false),
        Tool::Erase => ([90, 60, 60], "DEL", false),
        Tool::Pipe => (carrier, "PIPE", false),
        Tool::Source => (carrier, "SRC", true),
        Tool::Integrity => (carrier, "INT", false),
        Tool::Leak => (carrier, "LEAK", true),
    };
    Look { colour, label, round }
}

/// Badge images as egui textures, read once per key (a key without a file is remembered as such).
#[derive(Default)]
pub struct Badges {
    dirs: Vec<PathBuf>,
    loaded: HashMap<&'static str, Option<egui::TextureHandle>>,
}

impl Badges {
    pub fn new(dirs: Vec<PathBuf>) -> Badges {
        Badges { dirs, loaded: HashMap::new() }
    }

    /// The image for `key`, if a PNG of that name is in one of the folders and decodes.
    pub fn image(&mut self, ctx: &egui::Context, key: &'static str) -> Option<egui::TextureHandle> {
        let dirs = &self.dirs;
        self.loaded
            .entry(key)
            .or_insert_with(|| {
                let file = dirs.iter().map(|d| d.join(format!("{key}.png"))).find(|p| p.is_file())?;
                let image = read_rgba(&file)?;
                Some(ctx.load_texture(key, image, egui::TextureOptions::LINEAR))
            })
            .clone()
    }
}

/// A PNG as an egui image (any colour type png expands to 8-bit RGB or RGBA).
fn read_rgba(path: &Path) -> Option<egui::ColorImage> {
    let file = std::fs::File::open(path).ok()?;
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().ok()?;
    let mut buf = vec![0; reader.output_buffer_size()?];
    let info = reader.next_frame(&mut buf).ok()?;
    let size = [info.width as usize, info.height as usize];
    let pixels = &buf[..info.buffer_size()];
    match info.color_type {
        png::ColorType::Rgba => Some(egui::ColorImage::from_rgba_unmultiplied(size, pixels)),
        png::ColorType::Rgb => Some(egui::ColorImage::from_rgb(size, pixels)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reactor::edit::tools_for;

    #[test]
    fn every_tool_has_a_short_label_and_network_tools_take_their_layer_colour() {
        for layer in Layer::ALL {
            for tool in tools_for(layer) {
                let l = look(tool, layer);
                assert!(!l.label.is_empty() && l.label.len() <= 4, "{tool:?}: {:?}", l.label);
            }
        }
        assert_eq!(look(Tool::Pipe, Layer::Fuel).colour, CARRIER_COLOURS[Carrier::Fuel as usize]);
        assert_eq!(look(Tool::Pipe, Layer::Coolant).colour, CARRIER_COLOURS[Carrier::Coolant as usize]);
    }

    #[test]
    fn a_png_badge_is_used_where_present_and_a_missing_one_is_none() {
        let dir = std::env::temp_dir().join(format!("hollowdeep-badges-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let rgba: Vec<u8> = (0..4 * 4).flat_map(|_| [255, 0, 0, 255]).collect();
        crate::app::screenshot::write_png(&dir.join("tool-wall.png"), 4, 4, &rgba).unwrap();
        let ctx = egui::Context::default();
        let mut badges = Badges::new(vec![dir.clone()]);
        let wall = badges.image(&ctx, "tool-wall").expect("the PNG is read");
        assert_eq!(wall.size(), [4, 4]);
        assert!(badges.image(&ctx, "tool-door").is_none(), "no file: the procedural badge");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
