//! The title screen and its pages: the entries the games' fronts contribute and the pages they
//! open, then the title's own settings (with key rebinding) and Quit. Pure state: keys in, a choice
//! out, the menu overlay to draw. No file is touched and no game is named here; the launcher opens
//! what a choice asks for.

use super::keys::{menu_hint, MenuStep, MENU, ROWS as MENU_ROWS};
use crate::app::key_book::book;
use crate::app::keys::{key_name, Bindings};
use crate::app::persist::settings::{Settings, FOV_RANGE};
use crate::app::shell::menu::{Choice, Entry, Leads, MenuPage, Opener};
use crate::render::Overlay;
use winit::keyboard::KeyCode;

/// The game's name as the title screen shows it.
pub const TITLE: &str = "HOLLOWDEEP";
/// The Keys page's entry that puts every binding back to the key table's defaults.
const RESET_KEYS_ITEM: &str = "Reset every key to its default";
/// Field-of-view steps the settings page cycles through, in degrees.
const FOV_STEP: f32 = 10.0;

/// What the window must do after a key on the title screen.
#[derive(Debug)]
pub enum TitleChoice {
    None,
    /// Open what a front's entry or page asked for, over the title.
    Open(Opener),
    /// The settings changed: write them and apply them.
    SettingsChanged,
    Quit,
}

enum Page {
    Main,
    Settings,
    Keys {
        waiting: bool,
    },
    /// A page a game's front contributed (its campaign, a seed field, a question).
    Front(Box<dyn MenuPage>),
}

/// The main page's rows after the fronts' entries: the title's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Own {
    Settings,
    Quit,
}

/// A browser's page has nothing to quit to (ending the program there returns to the title), so it
/// offers no Quit.
const OWN: &[Own] = if cfg!(target_arch = "wasm32") { &[Own::Settings] } else { &[Own::Settings, Own::Quit] };

pub struct Title {
    page: Page,
    selected: usize,
    /// Where the cursor was on the main page, to come back to from a page.
    main_selected: usize,
    /// What the games' fronts put on the main page, in their order.
    entries: Vec<Entry>,
    pub settings: Settings,
    /// A line under the title: what went wrong last, or what just happened.
    note: Option<Note>,
}

/// The title's note and whether it speaks of the row it was said on (a locked level's "win a level
/// of…"): such a note goes with the cursor. A play-tester read one left standing over an open level.
struct Note {
    text: String,
    of_row: bool,
}

impl Title {
    pub fn new(entries: Vec<Entry>, settings: Settings) -> Title {
        Title { page: Page::Main, selected: 0, main_selected: 0, entries, settings, note: None }
    }

    /// The fronts' entries read again (a save was taken or set aside), keeping the open page.
    pub fn set_entries(&mut self, entries: Vec<Entry>) {
        self.entries = entries;
        if matches!(self.page, Page::Main) {
            self.selected = self.selected.min(self.item_count() - 1);
        }
    }

    /// Shows a front's page (a question the command line's run asks, a campaign page come back to).
    pub fn open_page(&mut self, page: Box<dyn MenuPage>) {
        if matches!(self.page, Page::Main) {
            self.main_selected = self.selected;
        }
        self.selected = page.first_item();
        self.page = Page::Front(page);
    }

    pub fn set_note(&mut self, note: &str) {
        self.say(note);
    }

    /// Shows `text` under the title until the page changes or another choice is taken.
    fn say(&mut self, text: impl Into<String>) {
        self.note = Some(Note { text: text.into(), of_row: false });
    }

    /// Opens `page`. A note belongs to the page it was said on: a play-tester saw "Move back is
    /// now W." from the keys page still standing on the main page two pages later.
    fn go(&mut self, page: Page) {
        self.note = None;
        if matches!(self.page, Page::Main) {
            self.main_selected = self.selected;
        }
        self.selected = match page {
            Page::Main => self.main_selected,
            _ => 0,
        };
        self.page = page;
    }

    /// The number of choices on the open page.
    fn item_count(&self) -> usize {
        match &self.page {
            Page::Main => self.entries.len() + OWN.len(),
            Page::Front(page) => page.items().len(),
            Page::Settings => SETTING_ROWS.len(),
            // Every command, the reset, Back.
            Page::Keys { .. } => book().len() + 2,
        }
    }

    fn selectable(&self, item: usize) -> bool {
        match &self.page {
            Page::Front(page) => page.selectable(item),
            _ => true,
        }
    }

    /// A key press. Text fields and key capture read the raw key first; everything else goes
    /// through the key table's menu context.
    pub fn key(&mut self, key: KeyCode, bindings: &Bindings) -> TitleChoice {
        if matches!(self.page, Page::Keys { waiting: true }) {
            return self.capture(key);
        }
        if let Page::Front(page) = &mut self.page {
            if let Some(choice) = page.typed(key) {
                return self.front_choice(choice);
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

    /// Up or down one choice, passing over rows the cursor may not rest on (a campaign's headers).
    /// The ends are walls, not doors: ↑ on the first choice stays there (wrapping took a player
    /// reaching for "New run" to Quit), and so does a move that would only find headers.
    fn move_cursor(&mut self, down: bool) {
        let count = self.item_count();
        let mut at = self.selected;
        loop {
            let next = if down { at + 1 } else { at.wrapping_sub(1) };
            if next >= count {
                return;
            }
            at = next;
            if self.selectable(at) {
                self.selected = at;
                if self.note.as_ref().is_some_and(|note| note.of_row) {
                    self.note = None;
                }
                return;
            }
        }
    }

    fn take(&mut self) -> TitleChoice {
        self.note = None;
        match &mut self.page {
            Page::Main => match self.entries.get(self.selected) {
                Some(entry) => match entry.leads.clone() {
                    Leads::Screen(opener) => TitleChoice::Open(opener),
                    Leads::Page(make) => {
                        self.open_page(make());
                        TitleChoice::None
                    }
                },
                None => match OWN[(self.selected - self.entries.len()).min(OWN.len() - 1)] {
                    Own::Settings => {
                        self.go(Page::Settings);
                        TitleChoice::None
                    }
                    Own::Quit => TitleChoice::Quit,
                },
            },
            Page::Front(page) => {
                let choice = page.take(self.selected);
                self.front_choice(choice)
            }
            Page::Settings => self.change_setting(),
            Page::Keys { .. } => match self.selected {
                i if i < book().len() => {
                    self.page = Page::Keys { waiting: true };
                    TitleChoice::None
                }
                i if i == book().len() => {
                    self.settings.bindings = Bindings::default();
                    self.say("Every key is back to its default.");
                    TitleChoice::SettingsChanged
                }
                _ => {
                    self.go(Page::Settings);
                    TitleChoice::None
                }
            },
        }
    }

    /// What a front's page asked for.
    fn front_choice(&mut self, choice: Choice) -> TitleChoice {
        match choice {
            Choice::Stay => {}
            Choice::Back => self.go(Page::Main),
            // An empty note clears the one shown: a page's own field that closes takes its error
            // line with it (a play-tester saw a bad share code's line stay after Esc).
            Choice::Note(text) => self.note = Some(Note { text, of_row: true }),
            Choice::ClearNote => self.note = None,
            Choice::Open(opener) => return TitleChoice::Open(opener),
            Choice::Page(page) => {
                self.note = None;
                self.open_page(page);
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
            self.say("That key cannot be bound; try another.");
            return TitleChoice::None;
        }
        let book = book();
        let Some(&row) = book.get(row) else { return TitleChoice::None };
        let taken = self.settings.bindings.rebind(&book, row, key);
        let note = self.settings.bindings.rebind_note(row, &taken);
        self.say(note);
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
        if !matches!(self.page, Page::Settings) {
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
        let own_hint = match &self.page {
            Page::Front(page) => page.own_hint(),
            _ => None,
        };
        let hint = own_hint.unwrap_or_else(|| menu_hint(bindings, !matches!(self.page, Page::Main)));
        let (mut lines, items): (Vec<String>, Vec<String>) = match &self.page {
            Page::Main => {
                let items = self
                    .entries
                    .iter()
                    .map(|e| e.label.clone())
                    .chain(OWN.iter().map(|own| match own {
                        Own::Settings => "Settings".into(),
                        Own::Quit => "Quit".into(),
                    }))
                    .collect();
                (vec!["A dungeon that lies to you, deeper without end.".into()], items)
            }
            Page::Front(page) => (page.lines(self.selected), page.items()),
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
        };
        if let Some(note) = &self.note {
            lines.push(note.text.clone());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::crawler::title_page::{RunRequest, Standing};
    use crate::app::reactor::campaign_page::CampaignPage;
    use crate::app::reactor::title_page::{
        entry_of, LevelRequest, CODE_HINT, CODE_ITEM, CODE_KEY, EDITOR_ITEM,
    };
    use crate::app::shell::menu::Request;
    use KeyCode as K;

    fn title(save: bool) -> Title {
        let standing =
            Standing { save: save.then(|| "depth 3, turn 120".to_string()), ..Standing::default() };
        Title::new(standing.entries(), Settings::default())
    }

    /// What a choice asks a front to open, when it is a request of type `R`.
    fn opened<R: Request + Clone>(choice: TitleChoice) -> Option<R> {
        match choice {
            TitleChoice::Open(opener) => opener.request::<R>().cloned(),
            _ => None,
        }
    }

    fn new_run(seed: Option<u64>, abandon: bool) -> Option<RunRequest> {
        Some(RunRequest::New { seed, abandon })
    }

    fn is_none(choice: TitleChoice) -> bool {
        matches!(choice, TitleChoice::None)
    }

    fn is_settings(choice: TitleChoice) -> bool {
        matches!(choice, TitleChoice::SettingsChanged)
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
        assert_eq!(items(&t)[3], "Reactor Maintenance", "after the crawler's entries");
        press(&mut t, &[K::ArrowDown, K::ArrowDown, K::ArrowDown, K::Enter]);
        assert_eq!(items(&t)[6..], [EDITOR_ITEM, CODE_ITEM, "Back"], "after the campaign's rows");
        // From the first level: the second, the third (past a header), then the editor.
        let choice = press(&mut t, &[K::ArrowDown, K::ArrowDown, K::ArrowDown, K::Enter]);
        assert_eq!(opened(choice), Some(LevelRequest::Editor));
    }

    #[test]
    fn the_main_page_offers_continue_only_when_a_save_waits() {
        assert_eq!(items(&title(false))[0], "New run");
        let with = items(&title(true));
        assert_eq!(with[0], "Continue (depth 3, turn 120)");
        assert_eq!(with.len(), 6);
        assert_eq!(opened(press(&mut title(true), &[K::Enter])), Some(RunRequest::Continue));
        assert_eq!(
            opened(press(&mut title(false), &[K::ArrowUp, K::Enter])),
            new_run(None, false),
            "up on the first choice stays there"
        );
    }

    #[test]
    fn a_new_run_while_a_save_waits_asks_first_and_keeping_it_goes_back() {
        assert_eq!(opened(press(&mut title(false), &[K::Enter])), new_run(None, false));
        let mut t = title(true);
        assert!(is_none(press(&mut t, &[K::ArrowDown, K::Enter])), "asks");
        let Overlay::Menu { lines, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert!(lines[0].contains("A saved run is waiting (depth 3, turn 120)"), "{lines:?}");
        assert!(is_none(press(&mut t, &[K::Enter])), "the first answer keeps it");
        assert_eq!(items(&t)[0], "Continue (depth 3, turn 120)", "back on the main page");
        assert_eq!(selected(&t), 1, "on the entry that asked");
        assert_eq!(opened(press(&mut t, &[K::Enter, K::ArrowDown, K::Enter])), new_run(None, true));
    }

    #[test]
    fn a_seed_is_typed_in_digits_and_a_bad_one_says_why() {
        let mut t = title(false);
        press(&mut t, &[K::ArrowDown, K::Enter]);
        assert!(is_none(press(&mut t, &[K::Enter])));
        let Overlay::Menu { lines, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert!(lines.iter().any(|l| l.contains("digits first")), "{lines:?}");
        let choice = press(&mut t, &[K::Digit4, K::KeyQ, K::Numpad2, K::Digit7, K::Backspace, K::Enter]);
        assert_eq!(opened(choice), new_run(Some(42), false));
        let mut t = title(false);
        press(&mut t, &[K::ArrowDown, K::Enter]);
        press(&mut t, &[K::Digit9; 20]);
        assert!(is_none(press(&mut t, &[K::Enter])), "20 nines do not fit a u64");
        assert!(is_none(press(&mut t, &[K::Escape])));
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
        assert!(is_settings(press(&mut t, &[K::Enter])));
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
        assert!(is_settings(press(&mut t, &[K::ArrowLeft])));
        assert_eq!(t.settings.master_volume, before.saturating_sub(step));
        press(&mut t, &[K::ArrowRight; 20]);
        assert_eq!(t.settings.master_volume, 100, "→ holds at full, never wraps to silence");
        assert!(is_none(press(&mut t, &[K::ArrowRight])), "nothing changed, nothing to save");
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
        assert!(is_settings(press(&mut t, &[K::ArrowRight])));
        assert!(t.settings.reduced_effects);
        assert!(is_none(press(&mut t, &[K::ArrowRight])));
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
        assert!(is_settings(press(&mut t, &[K::Enter, K::KeyM])));
        let Overlay::Menu { lines, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert!(lines.iter().any(|l| l == "Wait is now M (it was Automap's, which keeps Tab)."), "{lines:?}");
        let reset = items(&t).iter().position(|i| i == RESET_KEYS_ITEM).expect("a reset entry");
        assert_eq!(reset, book().len());
        press(&mut t, &vec![K::ArrowDown; reset - wait]);
        assert!(is_settings(press(&mut t, &[K::Enter])));
        assert_eq!(t.settings.bindings, Bindings::default());
        assert_eq!(items(&t).last().map(String::as_str), Some("Back"));
        // The note stays on its page: going back leaves it there.
        press(&mut t, &[K::Escape]);
        let Overlay::Menu { lines, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert!(!lines.iter().any(|l| l.contains("back to its default")), "{lines:?}");
    }

    #[test]
    fn settings_toggle_and_keys_rebind_through_the_menu() {
        let mut t = title(false);
        press(&mut t, &[K::ArrowDown, K::ArrowDown, K::ArrowDown, K::Enter]);
        assert_eq!(items(&t)[0], "Reduced effects: off");
        assert!(is_settings(press(&mut t, &[K::Enter])));
        assert!(t.settings.reduced_effects);
        assert!(is_settings(press(
            &mut t,
            &[K::ArrowDown, K::ArrowDown, K::ArrowDown, K::ArrowDown, K::Enter]
        )));
        assert_ne!(t.settings.fov_degrees, Settings::default().fov_degrees);
        assert!(t.settings.fov_degrees >= FOV_RANGE.0 && t.settings.fov_degrees <= FOV_RANGE.1);
        // Keys...: choose "Move forward", press K.
        press(&mut t, &[K::ArrowDown, K::Enter]);
        assert!(items(&t)[0].starts_with("Move forward"), "{:?}", items(&t));
        assert!(is_settings(press(&mut t, &[K::Enter, K::KeyK])));
        let play = [crate::app::crawler::keys::PLAY];
        assert_eq!(
            crate::app::crawler::keys::lookup(&t.settings.bindings, K::KeyK, false, &play),
            Some(crate::app::crawler::keys::RunKey::Act(crate::game::Action::MoveForward))
        );
        assert!(is_none(press(&mut t, &[K::Enter, K::Escape])), "Esc keeps the old key");
        assert_eq!(t.settings.bindings.keys(book()[0]), [K::KeyK]);
    }

    #[test]
    fn every_page_draws_a_menu_with_the_hint_from_the_key_table() {
        let mut t = title(true);
        let settings = items(&t).iter().position(|i| i == "Settings").expect("a Settings row");
        let to_settings: Vec<K> = std::iter::repeat_n(K::ArrowDown, settings).chain([K::Enter]).collect();
        let (main, deeper) = ("↑ ↓ choose   Enter takes", "↑ ↓ choose   Enter takes   Esc goes back");
        // The first page has nowhere to go back to, so its hint offers no Esc; every other does.
        for (keys, hint_wanted) in [
            (&[][..], main),
            (&[K::ArrowDown, K::ArrowDown, K::Enter][..], deeper),
            (&[K::Escape][..], main),
            (&[K::ArrowUp, K::ArrowUp][..], main),
            (&to_settings[..], deeper),
            (&[K::Escape][..], main),
        ] {
            press(&mut t, keys);
            let Overlay::Menu { title, hint, items, selected, .. } = t.overlay(&Bindings::default()) else {
                panic!()
            };
            assert_eq!(title, TITLE);
            assert_eq!(hint, hint_wanted, "after {keys:?}");
            assert!(selected < items.len());
        }
    }

    fn with_campaign() -> Title {
        let mut entries = Standing::default().entries();
        entries.push(entry_of(campaign()));
        Title::new(entries, Settings::default())
    }

    fn campaign() -> CampaignPage {
        use crate::app::reactor::campaign_page::CampaignRow;
        let row = |label: &str, group, level, open| CampaignRow { label: label.into(), group, level, open };
        CampaignPage {
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
        }
    }

    #[test]
    fn the_campaign_page_passes_over_headers_and_a_locked_level_says_why() {
        let mut t = with_campaign();
        // New run, New run with a seed, High scores, Reactor Maintenance.
        press(&mut t, &[K::ArrowDown, K::ArrowDown, K::ArrowDown, K::Enter]);
        let Overlay::Menu { selected, lines, items, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert_eq!((selected, items[selected].as_str()), (1, "first"), "the cursor starts on a level");
        assert!(lines.iter().any(|l| l.contains("Tutorial. pulses")), "{lines:?}");
        assert!(is_none(press(&mut t, &[K::ArrowDown])));
        assert_eq!(opened(press(&mut t, &[K::Enter])), Some(LevelRequest::Shipped(7)), "past the header");
        press(&mut t, &[K::ArrowDown, K::Enter]);
        let Overlay::Menu { lines, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert!(lines.iter().any(|l| l.contains("Locked: win a level of Group 1")), "{lines:?}");
        // Up stops at the first level: above it is only the first group's header. The locked
        // level's line leaves with the cursor (a play-tester read it over an open level).
        press(&mut t, &[K::ArrowUp, K::ArrowUp, K::ArrowUp]);
        let Overlay::Menu { selected, items, lines, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert_eq!(items[selected], "first");
        assert!(!lines.iter().any(|l| l.contains("Locked")), "{lines:?}");
    }

    /// The keys that type `text` into the share-code field.
    fn typing(text: &str) -> Vec<KeyCode> {
        use crate::app::keys::typing::{digit_of, letter_of, typing_keys};
        let types = |k: KeyCode| match k {
            K::Minus => Some('-'),
            K::Space => Some(' '),
            k => letter_of(k).or_else(|| digit_of(k)),
        };
        text.chars().map(|c| typing_keys().find(|k| types(*k) == Some(c)).expect("a key types it")).collect()
    }

    #[test]
    fn a_share_code_typed_on_the_campaign_page_replays_its_level_and_a_bad_one_says_why() {
        use crate::app::reactor::play;
        let start = play::shipped_start(0).expect("the first shipped level");
        let line = "move:E move:E interact:3,1 move:E move:E move:E move:E move:E move:S move:S activate";
        let actions = crate::reactor::script::parse_actions(line).unwrap();
        let code = crate::reactor::share::encode(&start, &actions).expect("a code");
        let mut t = with_campaign();
        press(&mut t, &[K::ArrowDown, K::ArrowDown, K::ArrowDown, K::Enter]);
        assert!(is_none(press(&mut t, &[CODE_KEY])), "P opens the field");
        let line_of = |t: &Title| {
            let Overlay::Menu { lines, .. } = t.overlay(&Bindings::default()) else { panic!() };
            lines.join("\n")
        };
        assert!(line_of(&t).contains("Share code: _"), "{}", line_of(&t));
        let hint_of = |t: &Title| {
            let Overlay::Menu { hint, .. } = t.overlay(&Bindings::default()) else { panic!() };
            hint
        };
        assert_eq!(hint_of(&t), CODE_HINT, "the footer names the field's keys, not the menu's");
        // A mistyped character: one sentence on the page, and the text stays to be mended.
        // (The fifth character is whole data, never the last one's padding bits.)
        let mut bad: Vec<char> = code.chars().collect();
        bad[5] = if bad[5] == '2' { '3' } else { '2' };
        let bad: String = bad.into_iter().collect();
        assert!(is_none(press(&mut t, &typing(&bad))));
        assert!(is_none(press(&mut t, &[K::Enter])));
        let page = line_of(&t);
        let note = page.lines().find(|l| l.starts_with("That code cannot be replayed:")).expect("the why");
        assert!(note.ends_with('.') && !note.contains(". "), "one sentence: {note}");
        assert!(page.contains(&format!("Share code: {bad}_")), "the text stays: {page}");
        // Backspace takes it back; the right code replays its level with its actions.
        press(&mut t, &vec![K::Backspace; bad.len()]);
        press(&mut t, &typing(&code));
        let choice = press(&mut t, &[K::Enter]);
        assert_eq!(opened(choice), Some(LevelRequest::Replay { level: 0, actions }));
        assert!(!line_of(&t).contains("Share code:"), "the field closes on a replay");
        // Esc closes the field without leaving the page, and a bad code's line goes with it; the
        // menu keys work again.
        press(&mut t, &[CODE_KEY, K::KeyR, K::Enter]);
        assert!(line_of(&t).contains("That code cannot be replayed:"), "{}", line_of(&t));
        press(&mut t, &[K::Escape]);
        assert!(!line_of(&t).contains("Share code:"));
        assert_eq!(hint_of(&t), menu_hint(&Bindings::default(), true), "the menu's keys again");
        assert!(
            !line_of(&t).contains("cannot be replayed"),
            "the note closes with the field: {}",
            line_of(&t)
        );
        press(&mut t, &[K::ArrowDown, K::ArrowUp]);
        assert!(!line_of(&t).contains("cannot be replayed"), "{}", line_of(&t));
        assert_eq!(opened(press(&mut t, &[K::Enter])), Some(LevelRequest::Shipped(4)), "the cursor's level");
    }

    #[test]
    fn the_share_code_row_opens_the_field_as_its_key_does() {
        let mut t = with_campaign();
        press(&mut t, &[K::ArrowDown, K::ArrowDown, K::ArrowDown, K::Enter]);
        let code_row = items(&t).iter().position(|i| i == CODE_ITEM).expect("the row");
        let editor_row = items(&t).iter().position(|i| i == EDITOR_ITEM).expect("the editor's row");
        assert_eq!(code_row, editor_row + 1);
        // From the first level: the second, the third (past a header), the editor, then the row.
        assert!(is_none(press(&mut t, &[K::ArrowDown, K::ArrowDown, K::ArrowDown, K::ArrowDown, K::Enter])));
        let Overlay::Menu { lines, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert!(lines.iter().any(|l| l.starts_with("Share code: _")), "{lines:?}");
    }

    #[test]
    fn a_level_left_opens_the_campaign_page_on_that_level() {
        use crate::app::reactor::title_page::CampaignMenu;
        let mut t = with_campaign();
        t.open_page(Box::new(CampaignMenu::new(campaign(), Some(7))));
        let Overlay::Menu { selected, items, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert_eq!(items[selected], "second");
        t.open_page(Box::new(CampaignMenu::new(campaign(), Some(99))));
        let Overlay::Menu { selected, items, .. } = t.overlay(&Bindings::default()) else { panic!() };
        assert_eq!(items[selected], "first", "an unlisted level: the first level, past its header");
    }
}
