//! The settings file: window, video, accessibility, sound and key bindings. Written with defaults on first
//! run; every bad value is reported by name and replaced by its default.

use super::files::{move_aside, read_optional, replace_record};
use super::writer::write_kept;
use crate::app::key_book;
use crate::app::keys::{key_from_name, key_name, Bindings};
use crate::audio::tuning::AUDIO;
use crate::audio::Levels;
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};

pub const SETTINGS_FORMAT_VERSION: u64 = 1;
const SETTINGS_FORMAT_NAME: &str = "hollowdeep-settings";
/// Horizontal field of view limits, in degrees: narrower is a keyhole, wider bends walls too much.
pub const FOV_RANGE: (f32, f32) = (50.0, 110.0);

#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub window_width: u32,
    pub window_height: u32,
    pub fullscreen: bool,
    pub vsync: bool,
    pub fov_degrees: f32,
    pub reduced_effects: bool,
    /// Off: the automap overlay cannot be opened (for players who map by memory).
    pub automap: bool,
    /// Sound volumes in percent, and the mute switch (a file without them reads the defaults).
    pub master_volume: u8,
    pub effects_volume: u8,
    pub ambience_volume: u8,
    pub muted: bool,
    pub bindings: Bindings,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            window_width: 1280,
            window_height: 720,
            fullscreen: false,
            vsync: true,
            fov_degrees: crate::render::camera::DEFAULT_MAX_HFOV_DEGREES,
            reduced_effects: false,
            automap: true,
            master_volume: AUDIO.default_master,
            effects_volume: AUDIO.default_effects,
            ambience_volume: AUDIO.default_ambience,
            muted: false,
            bindings: Bindings::default(),
        }
    }
}

pub fn path(config_dir: &Path) -> PathBuf {
    config_dir.join("settings.json")
}

impl Settings {
    /// The volumes as the mixer applies them.
    pub fn levels(&self) -> Levels {
        Levels::from_percent(self.master_volume, self.effects_volume, self.ambience_volume, self.muted)
    }

    pub fn to_text(&self) -> String {
        let bindings: Map<String, Value> = key_book::book()
            .into_iter()
            .map(|row| {
                let keys = self.bindings.keys(row);
                (row.name.to_string(), json!(keys.iter().map(|k| key_name(*k)).collect::<Vec<_>>()))
            })
            .collect();
        let value = json!({
            "format": SETTINGS_FORMAT_NAME,
            "version": SETTINGS_FORMAT_VERSION,
            "window_width": self.window_width,
            "window_height": self.window_height,
            "fullscreen": self.fullscreen,
            "vsync": self.vsync,
            "fov_degrees": self.fov_degrees,
            "reduced_effects": self.reduced_effects,
            "automap": self.automap,
            "master_volume": self.master_volume,
            "effects_volume": self.effects_volume,
            "ambience_volume": self.ambience_volume,
            "muted": self.muted,
            "bindings": bindings,
        });
        serde_json::to_string_pretty(&value).expect("settings are plain data")
    }

    /// Reads settings text. Bad values become defaults; each problem is one sentence in the list.
    pub fn from_text(text: &str) -> Result<(Settings, Vec<String>), String> {
        let value: Value = serde_json::from_str(text).map_err(|e| format!("it is not valid JSON ({e})"))?;
        let Value::Object(obj) = value else { return Err("it is not a JSON object".into()) };
        if obj.get("format").and_then(Value::as_str) != Some(SETTINGS_FORMAT_NAME) {
            return Err("it is not a Hollowdeep settings file".into());
        }
        if obj.get("version").and_then(Value::as_u64) != Some(SETTINGS_FORMAT_VERSION) {
            return Err(format!(
                "it was written for another version (this one reads {SETTINGS_FORMAT_VERSION})"
            ));
        }
        let mut s = Settings::default();
        let mut problems = Vec::new();
        for (key, v) in &obj {
            let ok = match key.as_str() {
                "format" | "version" => true,
                "window_width" => set_u32(v, 320, 16_384, &mut s.window_width),
                "window_height" => set_u32(v, 200, 16_384, &mut s.window_height),
                "fullscreen" => set_bool(v, &mut s.fullscreen),
                "vsync" => set_bool(v, &mut s.vsync),
                "reduced_effects" => set_bool(v, &mut s.reduced_effects),
                "automap" => set_bool(v, &mut s.automap),
                "master_volume" => set_percent(v, &mut s.master_volume),
                "effects_volume" => set_percent(v, &mut s.effects_volume),
                "ambience_volume" => set_percent(v, &mut s.ambience_volume),
                "muted" => set_bool(v, &mut s.muted),
                "fov_degrees" => match v.as_f64().map(|f| f as f32) {
                    Some(f) if (FOV_RANGE.0..=FOV_RANGE.1).contains(&f) => {
                        s.fov_degrees = f;
                        true
                    }
                    _ => false,
                },
                "bindings" => {
                    read_bindings(v, &mut s.bindings, &mut problems);
                    true
                }
                _ => {
                    problems.push(format!("Settings: unknown key '{key}' is ignored."));
                    true
                }
            };
            if !ok {
                let default = Settings::default();
                problems.push(format!(
                    "Settings: '{key}' has a bad value {v}; using the default {}.",
                    default_text(&default, key)
                ));
            }
        }
        Ok((s, problems))
    }
}

fn default_text(d: &Settings, key: &str) -> String {
    match key {
        "window_width" => d.window_width.to_string(),
        "window_height" => d.window_height.to_string(),
        "fullscreen" => d.fullscreen.to_string(),
        "vsync" => d.vsync.to_string(),
        "reduced_effects" => d.reduced_effects.to_string(),
        "automap" => d.automap.to_string(),
        "fov_degrees" => d.fov_degrees.to_string(),
        "master_volume" => d.master_volume.to_string(),
        "effects_volume" => d.effects_volume.to_string(),
        "ambience_volume" => d.ambience_volume.to_string(),
        "muted" => d.muted.to_string(),
        _ => "value".into(),
    }
}

fn set_u32(v: &Value, lo: u32, hi: u32, out: &mut u32) -> bool {
    match v.as_u64() {
        Some(n) if (u64::from(lo)..=u64::from(hi)).contains(&n) => {
            *out = n as u32;
            true
        }
        _ => false,
    }
}

fn set_percent(v: &Value, out: &mut u8) -> bool {
    match v.as_u64() {
        Some(n) if n <= 100 => {
            *out = n as u8;
            true
        }
        _ => false,
    }
}

fn set_bool(v: &Value, out: &mut bool) -> bool {
    v.as_bool().map(|b| *out = b).is_some()
}

fn read_bindings(v: &Value, bindings: &mut Bindings, problems: &mut Vec<String>) {
    let Value::Object(map) = v else {
        problems.push(
            "Settings: 'bindings' must be an object of action names to key lists; using the defaults.".into(),
        );
        return;
    };
    for (action, keys) in map {
        let Some(row) = key_book::named(action) else {
            problems.push(format!("Settings: unknown binding '{action}' is ignored."));
            continue;
        };
        let parsed: Option<Vec<_>> = keys
            .as_array()
            .map(|list| list.iter().map(|k| k.as_str().and_then(key_from_name)).collect::<Option<Vec<_>>>())
            .unwrap_or(None);
        match parsed {
            Some(list) if !list.is_empty() => bindings.set(row, list),
            // Name this action's own default keys, as the other settings name their default value.
            _ => problems.push(format!(
                "Settings: binding '{action}' has a bad value {keys}; it must be a list of key names, so the default {} is used.",
                json!(row.keys.iter().map(|k| key_name(*k)).collect::<Vec<_>>())
            )),
        }
    }
}

/// Loads the settings, writing defaults on first run. Returns the warnings to show the player.
pub fn load(config_dir: &Path) -> Result<(Settings, Vec<String>), String> {
    let path = path(config_dir);
    match read_optional(&path) {
        Ok(None) => {
            let defaults = Settings::default();
            write_kept(&path, &defaults.to_text())?;
            Ok((defaults, Vec::new()))
        }
        Ok(Some(text)) => match Settings::from_text(&text) {
            Ok(found) => Ok(found),
            Err(why) => set_aside(&path, &why),
        },
        Err(why) => set_aside(&path, &why),
    }
}

/// Writes the settings (atomically: a failed write leaves the old file whole).
pub fn save(config_dir: &Path, settings: &Settings) -> Result<(), String> {
    // A file damaged (or hand-edited wrongly) since it was loaded is set aside, never overwritten.
    let note =
        replace_record(&path(config_dir), &settings.to_text(), |old| Settings::from_text(old).is_ok())?;
    if let Some(note) = note {
        eprintln!("hollowdeep: {note}");
    }
    Ok(())
}

fn set_aside(path: &Path, why: &str) -> Result<(Settings, Vec<String>), String> {
    let moved = move_aside(path, "unusable")?;
    let defaults = Settings::default();
    write_kept(path, &defaults.to_text())?;
    Ok((
        defaults,
        vec![format!(
            "The settings file {} could not be used: {why}. It was moved to {} and defaults were written.",
            path.display(),
            moved.display()
        )],
    ))
}
