//! The title screen and its pages: continue the saved run, new run, new run with a seed, high
//! scores, settings with key rebinding, quit; and the question asked before a new run would replace
//! a waiting save. Pure state: keys in, a choice out, the menu overlay to draw. No file is touched
//! here; the window does what a choice asks.

use super::keys::{menu_hint, MenuStep, MENU, ROWS as MENU_ROWS};
use crate::app::key_book::book;
use crate::app::keys::{key_name, Bindings};
use crate::app::persist::settings::{Settings, FOV_RANGE};
use crate::app::reactor::campaign_page::CampaignPage;
use crate::render::Overlay;
use winit::keyboard::KeyCode;

/// The game's name as the title screen shows it.
pub const TITLE: &str = "HOLLOWDEEP";
/// The longest seed the seed page takes: every u64 has at most 20 digits.
const SEED_DIGITS: usize = 20;
/// The Reactor page's entry that opens the level editor.
pub const EDITOR_ITEM: &str = "Reactor editor";
/// The Keys page's entry that puts every binding back to the key table's defaults.
const RESET_KEYS_ITEM: &str = "Reset every key to its default";
/// Field-of-view steps the settings page cycles through, in degrees.
const FOV_STEP: f32 = 10.0;

/// What the window must do after a key on the title screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TitleChoice {
    None,
    /// Continue the waiting save.
    Continue,
    /// Start a new run (`seed`: chosen, or none for a random one). `abandon` says the player agreed
    /// to set the waiting save aside; `command_line` that it is the run the command line asked for.
    NewRun {
        seed: Option<u64>,
        abandon: bool,
        command_line: bool,
    },
    /// The settings changed: write them and apply them.
    SettingsChanged,
    /// Play the shipped reactor level of this index.
    Reactor(usize),
    /// Open the reactor level editor on a new level.
    Editor,
    /// Replay shipped reactor level `level` with a share code's actions (the campaign page's field).
    ReplayCode {
        level: usize,
        actions: Vec<crate::reactor::script::Action>,
    },
    Quit,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Page {
    Main,
    Seed,
    Scores,
    Settings,
    Keys {
        waiting: bool,
    },
    /// The reactor campaign: its groups and levels.
    Reactor,
    /// Asked before a new run when a save waits.
    Confirm {
        seed: Option<u64>,
        command_line: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MainItem {
    Continue,
    NewRun,
    NewRunWithSeed,
    Reactor,
    Daily,
    Scores,
    Settings,
    Quit,
}

pub struct Title {
    page: Page,
    selected: usize,
    /// The waiting save in words ("depth 3, turn 120"), if there is one.
    save: Option<String>,
    /// The high-score table, one line per row.
    scores: Vec<String>,
    pub settings: Settings,
    seed_text: String,
    /// A line under the title: what went wrong last, or what just happened.
    note: Option<String>,
    /// The reactor campaign as its page lists it.
    campaign: CampaignPage,
    /// Today's date (UTC) when the daily run is offered.
    daily: Option<String>,
    /// The campaign page's share-code field while it is open: what has been typed so far.
    code: Option<String>,
}

impl Title {
    pub fn new(save: Option<String>, scores: Vec<String>, settings: Settings) -> Title {
        Title {
            page: Page::Main,
            selected: 0,
            save,
            scores,
            settings,
            seed_text: String::new(),
            note: None,
            campaign: CampaignPage::default(),
            daily: None,
            code: None,
        }
    }

    /// Offers today's daily run (`date`, UTC) on the main page.
    pub fn with_daily(mut self, date: String) -> Title {
        self.daily = Some(date);
        self
    }

    /// Lists the reactor campaign under a "Reactor Maintenance" entry of the main page.
    pub fn with_campaign(mut self, campaign: CampaignPage) -> Title {
        self.campaign = campaign;
        self
    }

    /// Opens the question before a new run (for a run asked for on the command line while a save
    /// waits); `seed` is the run's.
    pub fn confirm_new_run(&mut self, seed: Option<u64>) {
        self.go(Page::Confirm { seed, command_line: true });
    }

    /// Opens the campaign page with the cursor on shipped level `shipped` (where a level played
    /// from it is left); on its first level when the campaign does not list that one.
    pub fn open_campaign_at(&mut self, shipped: usize) {
        self.go(Page::Reactor);
        self.selected = self.campaign.row_of(shipped).unwrap_or(0);
        self.pass_headers(1);
    }

    pub fn set_note(&mut self, note: &str) {
        self.note = Some(note.to_string());
    }

    pub fn has_save(&self) -> bool {
        self.save.is_some()
    }

    fn main_items(&self) -> Vec<MainItem> {
        let mut items = Vec::new();
        if self.save.is_some() {
            items.push(MainItem::Continue);
        }
        items.extend([MainItem::NewRun, MainItem::NewRunWithSeed]);
        if !self.campaign.rows.is_empty() {
            items.push(MainItem::Reactor);
        }
        if self.daily.is_some() {
            items.push(MainItem::Daily);
        }
        items.extend([MainItem::Scores, MainItem::Settings, MainItem::Quit]);
        items
    }

    /// On the campaign page, moves the cursor off a group's header, going on by `stride` (1 down,
    /// count - 1 up) until it rests on a level or on Back.
    fn pass_headers(&mut self, stride: usize) {
        if self.page != Page::Reactor {
            return;
        }
        let count = self.item_count();
        for _ in 0..count {
            let on_header =
                self.selected < self.campaign.rows.len() && !self.campaign.selectable(self.selected);
            if !on_header {
                return;
            }
            self.selected = (self.selected + stride) % count;
        }
    }

    fn go(&mut self, page: Page) {
        self.page = page;
        self.code = None;
        self.selected = 0;
    }

    /// The number of choices on the open page.
    fn item_count(&self) -> usize {
        match &self.page {
            Page::Main => self.main_items().len(),
            Page::Seed | Page::Scores => 1,
            // The campaign's rows, the editor, Back.
            Page::Reactor => self.campaign.rows.len() + 2,
            Page::Settings => SETTING_ROWS.len(),
            // Every command, the reset, Back.
            Page::Keys { .. } => book().len() + 2,
            Page::Confirm { .. } => 2,
        }
    }

    /// A key press. Text fields and key capture read the raw key first; everything else goes
    /// through the key table's menu context.
    pub fn key(&mut self, key: KeyCode, bindings: &Bindings) -> TitleChoice {
        if self.page == (Page::Keys { waiting: true }) {
            return self.capture(key);
        }
        if self.page == Page::Reactor {
            if self.code.is_some() {
                return self.code_key(key);
            }
            if key == CODE_KEY {
                self.code = Some(String::new());
                self.note = None;
                return TitleChoice::None;
            }
        }
        if self.page == Page::Seed {
            if let Some(digit) = digit_of(key) {
                if self.seed_text.len() < SEED_DIGITS {
                    self.seed_text.push(digit);
                }
                return TitleChoice::None;
            }
            if key == KeyCode::Backspace {
                self.seed_text.pop();
                return TitleChoice::None;
            }
        }
        match bindings.command(MENU_ROWS, key, false, &[MENU]) {
            Some(step) => self.step(step),
            None => TitleChoice::None,
        }
    }

    pub fn step(&mut self, step: MenuStep) -> TitleChoice {
        match step {
            MenuStep::Up => {
                self.move_cursor(false);
                TitleChoice::None
            }
            MenuStep::Down => {
                self.move_cursor(true);
                TitleChoice::None
            }
            MenuStep::Back => {
                match self.page {
                    Page::Main => {}
                    Page::Keys { .. } => self.go(Page::Settings),
                    _ => self.go(Page::Main),
                }
                TitleChoice::None
            }
            MenuStep::Take => self.take(),
            MenuStep::Lower => self.adjust_setting(false),
            MenuStep::Raise => self.adjust_setting(true),
        }
    }

    /// Up or down one choice, passing over the campaign's headers. The ends are walls, not doors:
    /// ↑ on the first choice stays there (wrapping took a player reaching for "New run" to Quit),
    /// and so does a move that would only find headers.
    fn move_cursor(&mut self, down: bool) {
        let count = self.item_count();
        let mut at = self.selected;
        loop {
            let next = if down { at + 1 } else { at.wrapping_sub(1) };
            if next >= count {
                return;
            }
            at = next;
            let header =
                self.page == Page::Reactor && at < self.campaign.rows.len() && !self.campaign.selectable(at);
            if !header {
                self.selected = at;
                return;
            }
        }
    }

    fn take(&mut self) -> TitleChoice {
        self.note = None;
        match self.page.clone() {
            Page::Main => match self.main_items()[self.selected.min(self.main_items().len() - 1)] {
                MainItem::Continue => TitleChoice::Continue,
                MainItem::NewRun => self.new_run(None),
                MainItem::NewRunWithSeed => {
                    self.seed_text.clear();
                    self.go(Page::Seed);
                    TitleChoice::None
                }
                MainItem::Scores => {
                    self.go(Page::Scores);
                    TitleChoice::None
                }
                MainItem::Daily => {
                    let seed = self.daily.as_deref().map(crate::app::crawler::daily::seed_of);
                    self.new_run(seed)
                }
                MainItem::Reactor => {
                    self.go(Page::Reactor);
                    self.pass_headers(1);
                    TitleChoice::None
                }
                MainItem::Settings => {
                    self.go(Page::Settings);
                    TitleChoice::None
                }
                MainItem::Quit => TitleChoice::Quit,
            },
            Page::Seed => match self.seed_text.parse::<u64>() {
                Ok(seed) => self.new_run(Some(seed)),
                Err(_) if self.seed_text.is_empty() => {
                    self.note = Some("Type the seed's digits first.".into());
                    TitleChoice::None
                }
                Err(_) => {
                    self.note = Some(format!("A seed is a whole number up to {}.", u64::MAX));
                    TitleChoice::None
                }
            },
            Page::Scores => {
                self.go(Page::Main);
                TitleChoice::None
            }
            Page::Reactor => match self.campaign.rows.get(self.selected) {
                Some(row) if !row.open => {
                    let before = row.group.saturating_sub(1);
                    let name = self.campaign.group_names.get(before).cloned().unwrap_or_default();
                    self.note = Some(format!("Locked: win a level of {name} to open it."));
                    TitleChoice::None
                }
                Some(row) => row.level.map_or(TitleChoice::None, TitleChoice::Reactor),
                None if self.selected == self.campaign.rows.len() => TitleChoice::Editor,
                None => {
                    self.go(Page::Main);
                    TitleChoice::None
                }
            },
            Page::Settings => self.change_setting(),
            Page::Keys { .. } => match self.selected {
                i if i < book().len() => {
                    self.page = Page::Keys { waiting: true };
                    TitleChoice::None
                }
                i if i == book().len() => {
                    self.settings.bindings = Bindings::default();
                    self.note = Some("Every key is back to its default.".into());
                    TitleChoice::SettingsChanged
                }
                _ => {
                    self.go(Page::Settings);
                    TitleChoice::None
                }
            },
            Page::Confirm { seed, command_line } => {
                if self.selected == 1 {
                    TitleChoice::NewRun { seed, abandon: true, command_line }
                } else {
                    self.go(Page::Main);
                    TitleChoice::None
                }
            }
        }
    }

    /// A new run: at once when no save waits, otherwise after the question.
    fn new_run(&mut self, seed: Option<u64>) -> TitleChoice {
        if self.save.is_some() {
            self.go(Page::Confirm { seed, command_line: false });
            TitleChoice::None
        } else {
            TitleChoice::NewRun { seed, abandon: false, command_line: false }
        }
    }

    /// A key while the share-code field is open: characters a code can hold are typed, Backspace
    /// takes one back, Esc closes the field, Enter replays the code's level with its actions (as
    /// `--replay-code` does) or says in one sentence on the page why it cannot, keeping the text so
    /// a mistyped character can be mended.
    fn code_key(&mut self, key: KeyCode) -> TitleChoice {
        let Some(text) = self.code.as_mut() else { return TitleChoice::None };
        match key {
            KeyCode::Escape => self.code = None,
            KeyCode::Backspace => {
                text.pop();
            }
            KeyCode::Enter | KeyCode::NumpadEnter => match crate::app::reactor::play::shared_level(text) {
                Ok((level, actions)) => {
                    self.code = None;
                    self.note = None;
                    return TitleChoice::ReplayCode { level, actions };
                }
                Err(why) => self.note = Some(why),
            },
            key => {
                if let Some(c) = code_char(key).filter(|_| text.len() < crate::reactor::share::MAX_CODE) {
                    text.push(c);
                }
            }
        }
        TitleChoice::None
    }

    fn capture(&mut self, key: KeyCode) -> TitleChoice {
        let row = self.selected;
        self.page = Page::Keys { waiting: false };
        if key == KeyCode::Escape {
            return TitleChoice::None;
        }
        if key_name(key) == "?" {
            self.note = Some("That key cannot be bound; try another.".into());
            return TitleChoice::None;
        }
        let book = book();
        let Some(&row) = book.get(row) else { return TitleChoice::None };
        let taken = self.settings.bindings.rebind(&book, row, key);
        self.note = Some(self.settings.bindings.rebind_note(row, &taken));
        TitleChoice::SettingsChanged
    }

    fn change_setting(&mut self) -> TitleChoice {
        let s = &mut self.settings;
        match SETTING_ROWS[self.selected.min(SETTING_ROWS.len() - 1)] {
            SettingRow::ReducedEffects => s.reduced_effects = !s.reduced_effects,
            SettingRow::Automap => s.automap = !s.automap,
            SettingRow::Fullscreen => s.fullscreen = !s.fullscreen,
            SettingRow::Vsync => s.vsync = !s.vsync,
            SettingRow::FieldOfView => {
                let next = (s.fov_degrees / FOV_STEP).round() * FOV_STEP + FOV_STEP;
                s.fov_degrees = if next > FOV_RANGE.1 { FOV_RANGE.0.ceil() } else { next };
            }
            SettingRow::Keys => {
                self.go(Page::Keys { waiting: false });
                return TitleChoice::None;
            }
            SettingRow::MasterVolume => next_volume(&mut s.master_volume),
            SettingRow::EffectsVolume => next_volume(&mut s.effects_volume),
            SettingRow::AmbienceVolume => next_volume(&mut s.ambience_volume),
            SettingRow::Sound => s.muted = !s.muted,
            SettingRow::Back => {
                self.go(Page::Main);
                return TitleChoice::None;
            }
        }
        TitleChoice::SettingsChanged
    }

    /// ← or → on the settings page: a switch off or on, a number down or up by its step, held at
    /// its ends (Enter still cycles). Nothing to write when the value stays.
    fn adjust_setting(&mut self, up: bool) -> TitleChoice {
        if self.page != Page::Settings {
            return TitleChoice::None;
        }
        let before = self.settings.clone();
        let s = &mut self.settings;
        let step = crate::audio::tuning::AUDIO.volume_step;
        let volume = |v: &mut u8| {
            *v = if up { v.saturating_add(step).min(100) } else { v.saturating_sub(step) };
        };
        match SETTING_ROWS[self.selected.min(SETTING_ROWS.len() - 1)] {
            SettingRow::ReducedEffects => s.reduced_effects = up,
            SettingRow::Automap => s.automap = up,
            SettingRow::Fullscreen => s.fullscreen = up,
            SettingRow::Vsync => s.vsync = up,
            SettingRow::FieldOfView => {
                let stepped = (s.fov_degrees / FOV_STEP).round() * FOV_STEP;
                let next = if up { stepped + FOV_STEP } else { stepped - FOV_STEP };
                s.fov_degrees = next.clamp(FOV_RANGE.0.ceil(), FOV_RANGE.1.floor());
            }
            SettingRow::MasterVolume => volume(&mut s.master_volume),
            SettingRow::EffectsVolume => volume(&mut s.effects_volume),
            SettingRow::AmbienceVolume => volume(&mut s.ambience_volume),
            SettingRow::Sound => s.muted = !up,
            SettingRow::Keys | SettingRow::Back => {}
        }
        if self.settings == before {
            TitleChoice::None
        } else {
            TitleChoice::SettingsChanged
        }
    }

    /// The menu overlay of the open page.
    pub fn overlay(&self, bindings: &Bindings) -> Overlay {
        let hint = menu_hint(bindings);
        let (mut lines, items): (Vec<String>, Vec<String>) = match &self.page {
            Page::Main => {
                let items = self
                    .main_items()
                    .iter()
                    .map(|item| match item {
                        MainItem::Continue => {
                            format!("Continue ({})", self.save.as_deref().unwrap_or("saved run"))
                        }
                        MainItem::NewRun => "New run".into(),
                        MainItem::NewRunWithSeed => "New run with a seed".into(),
                        MainItem::Reactor => "Reactor Maintenance".into(),
                        MainItem::Daily => {
                            format!("Daily run ({})", self.daily.as_deref().unwrap_or("today"))
                        }
                        MainItem::Scores => "High scores".into(),
                        MainItem::Settings => "Settings".into(),
                        MainItem::Quit => "Quit".into(),
                    })
                    .collect();
                (vec!["A dungeon that lies to you, deeper without end.".into()], items)
            }
            Page::Seed => (
                vec![
                    "Type the seed (digits), then choose Start.".into(),
                    format!("Seed: {}_", self.seed_text),
                ],
                vec!["Start".into()],
            ),
            Page::Scores => {
                let lines = if self.scores.is_empty() {
                    vec!["No finished runs yet.".into()]
                } else {
                    self.scores.clone()
                };
                (lines, vec!["Back".into()])
            }
            Page::Reactor => {
                let mut items: Vec<String> = self.campaign.rows.iter().map(|r| r.label.clone()).collect();
                items.push(EDITOR_ITEM.into());
                items.push("Back".into());
                let mut lines = vec!["Keep a failing reactor from melting down, then start it.".into()];
                lines.extend(self.campaign.teaching_line(self.selected));
                lines.push(match &self.code {
                    Some(text) => format!("Share code: {text}_   (Enter replays it, Esc closes)"),
                    None => format!(
                        "{}: type a share code (RM1-...) to replay its solution",
                        crate::app::keys::key_label(CODE_KEY)
                    ),
                });
                (lines, items)
            }
            Page::Settings => {
                let keys = |name: &str| {
                    MENU_ROWS
                        .iter()
                        .find(|r| r.info.name == name)
                        .map_or("?".into(), |r| bindings.keys_text(&r.info, "/"))
                };
                let line = format!(
                    "{} {} change a value (Enter steps it). Changes are saved at once.",
                    keys("menu_lower"),
                    keys("menu_raise")
                );
                (vec![line], self.settings_items())
            }
            Page::Keys { waiting } => {
                let line = if *waiting {
                    format!(
                        "Press the new key for {} (Esc keeps the old one).",
                        book().get(self.selected).map_or("?", |r| r.label)
                    )
                } else {
                    "Choose a command, then press its new key.".into()
                };
                let mut items: Vec<String> = book()
                    .into_iter()
                    .map(|b| format!("{:<22} {}", b.label, self.settings.bindings.keys_text(b, " ")))
                    .collect();
                items.push(RESET_KEYS_ITEM.into());
                items.push("Back".into());
                (vec![line], items)
            }
            Page::Confirm { .. } => (
                vec![
                    format!("A saved run is waiting ({}).", self.save.as_deref().unwrap_or("saved run")),
                    "A new run sets it aside for good: it is moved out of the way, not continued.".into(),
                ],
                vec!["Keep it and go back".into(), "Set it aside and start a new run".into()],
            ),
        };
        if let Some(note) = &self.note {
            lines.push(note.clone());
        }
        Overlay::Menu { title: TITLE.into(), lines, items, selected: self.selected, hint }
    }

    fn settings_items(&self) -> Vec<String> {
        let s = &self.settings;
        let on = |b: bool| if b { "on" } else { "off" };
        SETTING_ROWS
            .iter()
            .map(|row| match row {
                SettingRow::ReducedEffects => format!("Reduced effects: {}", on(s.reduced_effects)),
                SettingRow::Automap => format!("Automap: {}", on(s.automap)),
                SettingRow::Fullscreen => format!("Fullscreen: {}", on(s.fullscreen)),
                SettingRow::Vsync => format!("V-sync: {}", on(s.vsync)),
                SettingRow::FieldOfView => format!("Field of view: {} degrees", s.fov_degrees.round()),
                SettingRow::Keys => "Keys...".into(),
                SettingRow::MasterVolume => format!("Master volume: {}%", s.master_volume),
                SettingRow::EffectsVolume => format!("Effects volume: {}%", s.effects_volume),
                SettingRow::AmbienceVolume => format!("Ambience volume: {}%", s.ambience_volume),
                SettingRow::Sound => format!("Sound: {}", on(!s.muted)),
                SettingRow::Back => "Back".into(),
            })
            .collect()
    }
}

/// The settings page's choices, in the order shown: the page's labels and what taking one does
/// both read this list, so they cannot fall out of step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SettingRow {
    ReducedEffects,
    Automap,
    Fullscreen,
    Vsync,
    FieldOfView,
    Keys,
    MasterVolume,
    EffectsVolume,
    AmbienceVolume,
    /// Sound on, or muted (as the mute key does).
    Sound,
    Back,
}

const SETTING_ROWS: [SettingRow; 11] = [
    SettingRow::ReducedEffects,
    SettingRow::Automap,
    SettingRow::Fullscreen,
    SettingRow::Vsync,
    SettingRow::FieldOfView,
    SettingRow::Keys,
    SettingRow::MasterVolume,
    SettingRow::EffectsVolume,
    SettingRow::AmbienceVolume,
    SettingRow::Sound,
    SettingRow::Back,
];

/// A volume row steps up, and from full back to silence.
fn next_volume(percent: &mut u8) {
    let step = crate::audio::tuning::AUDIO.volume_step;
    *percent = if *percent >= 100 { 0 } else { (*percent / step * step + step).min(100) };
}

/// The campaign page's key that opens the share-code field.
const CODE_KEY: KeyCode = KeyCode::KeyP;

/// The character a key types into a share code: a letter (as a capital), a digit, a dash or a space.
fn code_char(key: KeyCode) -> Option<char> {
    use KeyCode as K;
    const LETTERS: [KeyCode; 26] = [
        K::KeyA,
        K::KeyB,
        K::KeyC,
        K::KeyD,
        K::KeyE,
        K::KeyF,
        K::KeyG,
        K::KeyH,
        K::KeyI,
        K::KeyJ,
        K::KeyK,
        K::KeyL,
        K::KeyM,
        K::KeyN,
        K::KeyO,
        K::KeyP,
        K::KeyQ,
        K::KeyR,
        K::KeyS,
        K::KeyT,
        K::KeyU,
        K::KeyV,
        K::KeyW,
        K::KeyX,
        K::KeyY,
        K::KeyZ,
    ];
    if let Some(i) = LETTERS.iter().position(|k| *k == key) {
        return Some((b'A' + i as u8) as char);
    }
    match key {
        K::Minus | K::NumpadSubtract => Some('-'),
        K::Space => Some(' '),
        k => digit_of(k),
    }
}

fn digit_of(key: KeyCode) -> Option<char> {
    use KeyCode as K;
    let digits = [
        (K::Digit0, K::Numpad0),
        (K::Digit1, K::Numpad1),
        (K::Digit2, K::Numpad2),
        (K::Digit3, K::Numpad3),
        (K::Digit4, K::Numpad4),
        (K::Digit5, K::Numpad5),
        (K::Digit6, K::Numpad6),
        (K::Digit7, K::Numpad7),
        (K::Digit8, K::Numpad8),
        (K::Digit9, K::Numpad9),
    ];
    digits.iter().position(|&(a, b)| key == a || key == b).and_then(|d| char::from_digit(d as u32, 10))
}

#[cfg(test)]
mod tests {
    use super::*;
    use KeyCode as K;

    fn title(save: bool) -> Title {
        Title::new(save.then(|| "depth 3, turn 120".to_string()), vec![], Settings::default())
    }

    fn press(t: &mut Title, keys: &[KeyCode]) -> TitleChoice {
        let b = Bindings::default();
        let mut last = TitleChoice::None;
        for &k in keys {
            last = t.key(k, &b);
        }
        last
    }

    fn items(t: &Title) -> Vec<String> {
        let Overlay::Menu { items, .. } = t.overlay(&Bindings::default()) else { panic!("a menu") };
        items
    }

    #[test]
    fn the_reactor_page_opens_the_level_editor() {
        let mut t = with_campaign();
        assert_eq!(items(&t)[2], "Reactor Maintenance");
        press(&mut t, &[K::ArrowDown, K::ArrowDown, K::Enter]);
        assert_eq!(items(&t)[6..], [EDITOR_ITEM, "Back"], "after the campaign's rows");
        // From the first level: the second, the third (past a header), then the editor.
        assert_eq!(press(&mut t, &[K::ArrowDown, K::ArrowDown, K::ArrowDown, K::Enter]), TitleChoice::Editor);
    }

    #[test]
    fn the_main_page_offers_continue_only_when_a_save_waits() {
        assert_eq!(items(&title(false))[0], "New run");
        let with = items(&title(true));
        assert_eq!(with[0], "Continue (depth 3, turn 120)");
        assert_eq!(with.len(), 6);
        assert_eq!(press(&mut title(true), &[K::Enter]), TitleChoice::Continue);
        assert_eq!(
            press(&mut title(false), &[K::ArrowUp, K::Enter]),
            TitleChoice::NewRun { seed: None, abandon: false, command_line: false },
            "up on the first choice stays there"
        );
    }

    #[test]
    fn a_new_run_while_a_save_waits_asks_first_and_keeping_it_goes_back() {
        assert_eq!(
            press(&mut title(false), &[K::Enter]),
            TitleChoice::NewRun { seed: None, abandon: false, command_line: false }
        );
        let mut t = title(true);
        assert_eq!(press(&mut t, &[K::ArrowDown, K::Enter]), TitleChoice::None, "asks");
        let Overlay::Menu { lines, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert!(lines[0].contains("A saved run is waiting (depth 3, turn 120)"), "{lines:?}");
        assert_eq!(press(&mut t, &[K::Enter]), TitleChoice::None, "the first answer keeps it");
        assert_eq!(items(&t)[0], "Continue (depth 3, turn 120)", "back on the main page");
        assert_eq!(
            press(&mut t, &[K::ArrowDown, K::Enter, K::ArrowDown, K::Enter]),
            TitleChoice::NewRun { seed: None, abandon: true, command_line: false }
        );
    }

    #[test]
    fn a_seed_is_typed_in_digits_and_a_bad_one_says_why() {
        let mut t = title(false);
        press(&mut t, &[K::ArrowDown, K::Enter]);
        assert_eq!(press(&mut t, &[K::Enter]), TitleChoice::None);
        let Overlay::Menu { lines, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert!(lines.iter().any(|l| l.contains("digits first")), "{lines:?}");
        let choice = press(&mut t, &[K::Digit4, K::KeyQ, K::Numpad2, K::Digit7, K::Backspace, K::Enter]);
        assert_eq!(choice, TitleChoice::NewRun { seed: Some(42), abandon: false, command_line: false });
        let mut t = title(false);
        press(&mut t, &[K::ArrowDown, K::Enter]);
        press(&mut t, &[K::Digit9; 20]);
        assert_eq!(press(&mut t, &[K::Enter]), TitleChoice::None, "20 nines do not fit a u64");
        assert_eq!(press(&mut t, &[K::Escape]), TitleChoice::None);
        assert_eq!(items(&t)[0], "New run", "Esc goes back");
    }

    /// Issue 15: the volumes and the mute switch are on the settings page.
    #[test]
    fn volumes_step_and_wrap_and_sound_turns_off_from_the_settings_page() {
        let mut t = title(false);
        press(&mut t, &[K::ArrowDown, K::ArrowDown, K::ArrowDown, K::Enter]);
        let row = |t: &Title, label: &str| items(t).iter().position(|i| i.starts_with(label)).unwrap();
        let master = row(&t, "Master volume");
        for _ in 0..master {
            press(&mut t, &[K::ArrowDown]);
        }
        let before = t.settings.master_volume;
        assert_eq!(press(&mut t, &[K::Enter]), TitleChoice::SettingsChanged);
        let step = crate::audio::tuning::AUDIO.volume_step;
        assert_eq!(t.settings.master_volume, (before + step).min(100));
        while t.settings.master_volume < 100 {
            press(&mut t, &[K::Enter]);
        }
        press(&mut t, &[K::Enter]);
        assert_eq!(t.settings.master_volume, 0, "full wraps to silence");
        assert_eq!(items(&t)[master], "Master volume: 0%");
        let sound = row(&t, "Sound");
        for _ in master..sound {
            press(&mut t, &[K::ArrowDown]);
        }
        assert_eq!(items(&t)[sound], "Sound: on");
        press(&mut t, &[K::Enter]);
        assert!(t.settings.muted);
        assert_eq!(items(&t)[sound], "Sound: off");
    }

    fn selected(t: &Title) -> usize {
        let Overlay::Menu { selected, .. } = t.overlay(&Bindings::default()) else { panic!("a menu") };
        selected
    }

    /// Issue 34: ↑ on "New run" wrapped to Quit, one Enter from closing the game.
    #[test]
    fn menus_stop_at_their_ends_instead_of_wrapping() {
        let mut t = title(true);
        press(&mut t, &[K::ArrowUp, K::KeyW]);
        assert_eq!(selected(&t), 0, "up on the first choice stays");
        let last = items(&t).len() - 1;
        press(&mut t, &vec![K::ArrowDown; last + 3]);
        assert_eq!(selected(&t), last, "down on the last choice stays");
        assert_eq!(items(&t)[last], "Quit");
    }

    /// Issue 34: values changed only by Enter (volume 80, 90, 100, then 0); ← and → step them down
    /// and up and hold at the ends.
    #[test]
    fn left_and_right_lower_and_raise_a_setting_and_hold_at_its_ends() {
        let mut t = title(false);
        press(&mut t, &[K::ArrowDown, K::ArrowDown, K::ArrowDown, K::Enter]);
        let row = |t: &Title, label: &str| items(t).iter().position(|i| i.starts_with(label)).unwrap();
        let master = row(&t, "Master volume");
        press(&mut t, &vec![K::ArrowDown; master]);
        let step = crate::audio::tuning::AUDIO.volume_step;
        let before = t.settings.master_volume;
        assert_eq!(press(&mut t, &[K::ArrowLeft]), TitleChoice::SettingsChanged);
        assert_eq!(t.settings.master_volume, before.saturating_sub(step));
        press(&mut t, &[K::ArrowRight; 20]);
        assert_eq!(t.settings.master_volume, 100, "→ holds at full, never wraps to silence");
        assert_eq!(press(&mut t, &[K::ArrowRight]), TitleChoice::None, "nothing changed, nothing to save");
        press(&mut t, &[K::KeyQ; 20]);
        assert_eq!(t.settings.master_volume, 0, "Q, the other turn key, lowers too and holds at 0");
        // The field of view holds at its range's ends; a switch turns off with ← and on with →.
        let fov = row(&t, "Field of view");
        press(&mut t, &vec![K::ArrowUp; master - fov]);
        press(&mut t, &[K::ArrowRight; 20]);
        assert_eq!(t.settings.fov_degrees, FOV_RANGE.1.floor());
        press(&mut t, &[K::ArrowLeft; 20]);
        assert_eq!(t.settings.fov_degrees, FOV_RANGE.0.ceil());
        press(&mut t, &[K::ArrowUp, K::ArrowUp, K::ArrowUp, K::ArrowUp]);
        assert_eq!(press(&mut t, &[K::ArrowRight]), TitleChoice::SettingsChanged);
        assert!(t.settings.reduced_effects);
        assert_eq!(press(&mut t, &[K::ArrowRight]), TitleChoice::None);
        press(&mut t, &[K::ArrowLeft]);
        assert!(!t.settings.reduced_effects);
        let Overlay::Menu { lines, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert!(lines[0].starts_with("Q/← E/→ change a value"), "{lines:?}");
    }

    /// Issue 34: a rebinding took a key from another command without a word, and nothing undid it.
    #[test]
    fn a_rebinding_says_which_command_lost_the_key_and_the_keys_can_be_reset() {
        let mut t = title(false);
        press(&mut t, &[K::ArrowDown, K::ArrowDown, K::ArrowDown, K::Enter]);
        let keys_row = items(&t).iter().position(|i| i == "Keys...").unwrap();
        press(&mut t, &vec![K::ArrowDown; keys_row]);
        press(&mut t, &[K::Enter]);
        let wait = book().iter().position(|b| b.name == "wait").unwrap();
        press(&mut t, &vec![K::ArrowDown; wait]);
        assert_eq!(press(&mut t, &[K::Enter, K::KeyM]), TitleChoice::SettingsChanged);
        let Overlay::Menu { lines, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert!(lines.iter().any(|l| l == "Wait is now M (it was Automap's, which keeps Tab)."), "{lines:?}");
        let reset = items(&t).iter().position(|i| i == RESET_KEYS_ITEM).expect("a reset entry");
        assert_eq!(reset, book().len());
        press(&mut t, &vec![K::ArrowDown; reset - wait]);
        assert_eq!(press(&mut t, &[K::Enter]), TitleChoice::SettingsChanged);
        assert_eq!(t.settings.bindings, Bindings::default());
        assert_eq!(items(&t).last().map(String::as_str), Some("Back"));
    }

    #[test]
    fn settings_toggle_and_keys_rebind_through_the_menu() {
        let mut t = title(false);
        press(&mut t, &[K::ArrowDown, K::ArrowDown, K::ArrowDown, K::Enter]);
        assert_eq!(items(&t)[0], "Reduced effects: off");
        assert_eq!(press(&mut t, &[K::Enter]), TitleChoice::SettingsChanged);
        assert!(t.settings.reduced_effects);
        assert_eq!(
            press(&mut t, &[K::ArrowDown, K::ArrowDown, K::ArrowDown, K::ArrowDown, K::Enter]),
            TitleChoice::SettingsChanged
        );
        assert_ne!(t.settings.fov_degrees, Settings::default().fov_degrees);
        assert!(t.settings.fov_degrees >= FOV_RANGE.0 && t.settings.fov_degrees <= FOV_RANGE.1);
        // Keys...: choose "Move forward", press K.
        press(&mut t, &[K::ArrowDown, K::Enter]);
        assert!(items(&t)[0].starts_with("Move forward"), "{:?}", items(&t));
        assert_eq!(press(&mut t, &[K::Enter, K::KeyK]), TitleChoice::SettingsChanged);
        let play = [crate::app::crawler::keys::PLAY];
        assert_eq!(
            crate::app::crawler::keys::lookup(&t.settings.bindings, K::KeyK, false, &play),
            Some(crate::app::crawler::keys::RunKey::Act(crate::game::Action::MoveForward))
        );
        assert_eq!(press(&mut t, &[K::Enter, K::Escape]), TitleChoice::None, "Esc keeps the old key");
        assert_eq!(t.settings.bindings.keys(book()[0]), [K::KeyK]);
    }

    #[test]
    fn every_page_draws_a_menu_with_the_hint_from_the_key_table() {
        let mut t = title(true);
        for keys in [
            &[][..],
            &[K::ArrowDown, K::ArrowDown, K::Enter][..],
            &[K::Escape, K::ArrowDown, K::ArrowDown, K::ArrowDown, K::Enter][..],
        ] {
            press(&mut t, keys);
            let Overlay::Menu { title, hint, items, selected, .. } = t.overlay(&Bindings::default()) else {
                panic!()
            };
            assert_eq!(title, TITLE);
            assert_eq!(hint, "↑ ↓ choose   Enter takes   Esc goes back");
            assert!(selected < items.len());
        }
    }

    fn with_campaign() -> Title {
        use crate::app::reactor::campaign_page::CampaignRow;
        let row = |label: &str, group, level, open| CampaignRow { label: label.into(), group, level, open };
        let page = CampaignPage {
            rows: vec![
                row("Tutorial", 0, None, true),
                row("first", 0, Some(4), true),
                row("Group 1", 1, None, true),
                row("second", 1, Some(7), true),
                row("Group 2", 2, None, false),
                row("third", 2, Some(9), false),
            ],
            teaches: vec!["pulses".into(), "valves".into(), "water".into()],
            group_names: vec!["Tutorial".into(), "Group 1".into(), "Group 2".into()],
        };
        title(false).with_campaign(page)
    }

    #[test]
    fn the_campaign_page_passes_over_headers_and_a_locked_level_says_why() {
        let mut t = with_campaign();
        // New run, New run with a seed, Reactor Maintenance.
        press(&mut t, &[K::ArrowDown, K::ArrowDown, K::Enter]);
        let Overlay::Menu { selected, lines, items, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert_eq!((selected, items[selected].as_str()), (1, "first"), "the cursor starts on a level");
        assert!(lines.iter().any(|l| l.contains("Tutorial teaches: pulses")), "{lines:?}");
        assert_eq!(press(&mut t, &[K::ArrowDown]), TitleChoice::None);
        assert_eq!(press(&mut t, &[K::Enter]), TitleChoice::Reactor(7), "the header was passed over");
        press(&mut t, &[K::ArrowDown, K::Enter]);
        let Overlay::Menu { lines, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert!(lines.iter().any(|l| l.contains("Locked: win a level of Group 1")), "{lines:?}");
        // Up stops at the first level: above it is only the first group's header.
        press(&mut t, &[K::ArrowUp, K::ArrowUp, K::ArrowUp]);
        let Overlay::Menu { selected, items, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert_eq!(items[selected], "first");
    }

    /// The keys that type `text` into the share-code field.
    fn typing(text: &str) -> Vec<KeyCode> {
        let every: Vec<KeyCode> = [K::Minus, K::Space]
            .into_iter()
            .chain([K::Digit0, K::Digit1, K::Digit2, K::Digit3, K::Digit4])
            .chain([K::Digit5, K::Digit6, K::Digit7, K::Digit8, K::Digit9])
            .chain([K::KeyA, K::KeyB, K::KeyC, K::KeyD, K::KeyE, K::KeyF, K::KeyG, K::KeyH, K::KeyI])
            .chain([K::KeyJ, K::KeyK, K::KeyL, K::KeyM, K::KeyN, K::KeyO, K::KeyP, K::KeyQ, K::KeyR])
            .chain([K::KeyS, K::KeyT, K::KeyU, K::KeyV, K::KeyW, K::KeyX, K::KeyY, K::KeyZ])
            .collect();
        text.chars()
            .map(|c| *every.iter().find(|k| code_char(**k) == Some(c)).expect("a key types it"))
            .collect()
    }

    #[test]
    fn a_share_code_typed_on_the_campaign_page_replays_its_level_and_a_bad_one_says_why() {
        use crate::app::reactor::play;
        let start = play::shipped_start(0).expect("the first shipped level");
        let line = "move:E move:E interact:3,1 move:E move:E move:E move:E move:E move:S move:S activate";
        let actions = crate::reactor::script::parse_actions(line).unwrap();
        let code = crate::reactor::share::encode(&start, &actions).expect("a code");
        let mut t = with_campaign();
        press(&mut t, &[K::ArrowDown, K::ArrowDown, K::Enter]);
        assert_eq!(press(&mut t, &[CODE_KEY]), TitleChoice::None, "P opens the field");
        let line_of = |t: &Title| {
            let Overlay::Menu { lines, .. } = t.overlay(&Bindings::default()) else { panic!() };
            lines.join("\n")
        };
        assert!(line_of(&t).contains("Share code: _"), "{}", line_of(&t));
        // A mistyped character: one sentence on the page, and the text stays to be mended.
        // (The fifth character is whole data, never the last one's padding bits.)
        let mut bad: Vec<char> = code.chars().collect();
        bad[5] = if bad[5] == '2' { '3' } else { '2' };
        let bad: String = bad.into_iter().collect();
        assert_eq!(press(&mut t, &typing(&bad)), TitleChoice::None);
        assert_eq!(press(&mut t, &[K::Enter]), TitleChoice::None);
        let page = line_of(&t);
        let note = page.lines().find(|l| l.starts_with("That code cannot be replayed:")).expect("the why");
        assert!(note.ends_with('.') && !note.contains(". "), "one sentence: {note}");
        assert!(page.contains(&format!("Share code: {bad}_")), "the text stays: {page}");
        // Backspace takes it back; the right code replays its level with its actions.
        press(&mut t, &vec![K::Backspace; bad.len()]);
        press(&mut t, &typing(&code));
        let choice = press(&mut t, &[K::Enter]);
        assert_eq!(choice, TitleChoice::ReplayCode { level: 0, actions });
        assert!(!line_of(&t).contains("Share code:"), "the field closes on a replay");
        // Esc closes the field without leaving the page; the menu keys work again.
        press(&mut t, &[CODE_KEY, K::KeyR, K::Escape]);
        assert!(!line_of(&t).contains("Share code:"));
        assert_eq!(press(&mut t, &[K::Enter]), TitleChoice::Reactor(4), "the cursor's level is taken");
    }

    #[test]
    fn a_level_left_opens_the_campaign_page_on_that_level() {
        let mut t = with_campaign();
        t.open_campaign_at(7);
        let Overlay::Menu { selected, items, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert_eq!(items[selected], "second");
        t.open_campaign_at(99);
        let Overlay::Menu { selected, items, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert_eq!(items[selected], "first", "an unlisted level: the first level, past its header");
    }
}
