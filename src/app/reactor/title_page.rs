//! The reactor's entry on the title and the campaign page it opens: the groups and their levels,
//! the level editor, and a share-code field that replays someone's solution. What taking a row
//! opens is a [`LevelRequest`], opened here, so the title never learns what a level is.

use super::campaign_page::CampaignPage;
use super::editor::window::EditorWindow;
use super::play;
use super::screen::{CampaignPlace, LevelScreen};
use crate::app::keys::key_label;
use crate::app::keys::typing::{digit_of, letter_of};
use crate::app::shell::menu::{Choice, Entry, MenuPage, Opener, Request};
use crate::app::shell::screen::{Screen, Shell};
use crate::reactor::script::Action;
use std::any::Any;
use winit::keyboard::KeyCode;

/// The title's entry for the whole game.
pub const ENTRY: &str = "Reactor Maintenance";
/// The campaign page's row that opens the level editor.
pub const EDITOR_ITEM: &str = "Reactor editor";
/// The campaign page's row that opens the share-code field.
pub const CODE_ITEM: &str = "Replay a share code";
/// The key that opens the share-code field from any row of the campaign page.
pub const CODE_KEY: KeyCode = KeyCode::KeyP;
/// The footer while the share-code field is open.
pub const CODE_HINT: &str = "Type the code   Backspace mends   Enter replays   Esc closes the field";

/// What the campaign page can open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelRequest {
    /// Shipped level `index`, where it was left if it was left in progress.
    Shipped(usize),
    /// The editor on a new level.
    Editor,
    /// Shipped level `level` replaying a share code's actions: from the start, watched, keeping no
    /// win, best or progress (as `--replay-code` does).
    Replay { level: usize, actions: Vec<Action> },
}

const UNLOADABLE: &str = "That reactor level could not be loaded.";

impl Request for LevelRequest {
    fn open(&self, shell: &mut Shell) -> Result<Box<dyn Screen>, String> {
        match self {
            LevelRequest::Shipped(index) => match LevelScreen::shipped(shell, *index) {
                Some(level) => Ok(Box::new(level)),
                None => Err(UNLOADABLE.into()),
            },
            LevelRequest::Editor => Ok(Box::new(EditorWindow::blank(shell))),
            LevelRequest::Replay { level, actions } => {
                let start = play::shipped_start(*level).ok_or(UNLOADABLE)?;
                let mut session = play::session(start, &shell.settings, &shell.data_dir);
                // Even a code with no actions in it is someone else's line, not the player's play.
                session.mode.keeps_records = false;
                session.replay(actions.clone());
                Ok(Box::new(LevelScreen::new(session)))
            }
        }
    }
}

/// The campaign page: its rows, the editor, Back, and the share-code field while it is open.
pub struct CampaignMenu {
    campaign: CampaignPage,
    /// The row the cursor starts on.
    start: usize,
    /// What has been typed into the share-code field, while it is open.
    code: Option<String>,
}

impl CampaignMenu {
    /// The page with the cursor on shipped level `shipped`, or on its first level.
    pub fn new(campaign: CampaignPage, shipped: Option<usize>) -> CampaignMenu {
        let mut menu = CampaignMenu { campaign, start: 0, code: None };
        menu.start = shipped.and_then(|s| menu.campaign.row_of(s)).unwrap_or_else(|| menu.first_level());
        menu
    }

    fn first_level(&self) -> usize {
        let rows = self.campaign.rows.len();
        (0..rows).find(|&i| self.campaign.selectable(i)).unwrap_or(rows)
    }

    /// Opens the share-code field, empty.
    fn open_code(&mut self) -> Choice {
        self.code = Some(String::new());
        Choice::Stay
    }

    fn code_key(&mut self, key: KeyCode) -> Choice {
        let Some(text) = self.code.as_mut() else { return Choice::Stay };
        match key {
            KeyCode::Escape => {
                // Closing the field takes a bad code's line with it.
                self.code = None;
                return Choice::ClearNote;
            }
            KeyCode::Backspace => {
                text.pop();
            }
            KeyCode::Enter | KeyCode::NumpadEnter => {
                // A bad code is said on the page and its text kept, so a mistyped character can be mended.
                return match play::shared_level(text) {
                    Ok((level, actions)) => {
                        self.code = None;
                        Choice::Open(Opener::new(LevelRequest::Replay { level, actions }))
                    }
                    Err(why) => Choice::Note(why),
                };
            }
            key => {
                if let Some(c) = code_char(key).filter(|_| text.len() < crate::reactor::share::MAX_CODE) {
                    text.push(c);
                }
            }
        }
        Choice::Stay
    }
}

impl MenuPage for CampaignMenu {
    fn lines(&self, selected: usize) -> Vec<String> {
        let mut lines = vec!["Keep a failing reactor from melting down, then start it.".into()];
        lines.extend(self.campaign.teaching_line(selected));
        lines.push(match &self.code {
            Some(text) => format!("Share code: {text}_   (Enter replays it, Esc closes)"),
            None => {
                format!("{CODE_ITEM} (or {}): type one (RM1-...) to watch its solution", key_label(CODE_KEY))
            }
        });
        lines
    }

    fn items(&self) -> Vec<String> {
        let mut items: Vec<String> = self.campaign.rows.iter().map(|r| r.label.clone()).collect();
        items.push(EDITOR_ITEM.into());
        items.push(CODE_ITEM.into());
        items.push("Back".into());
        items
    }

    fn selectable(&self, item: usize) -> bool {
        item >= self.campaign.rows.len() || self.campaign.selectable(item)
    }

    fn first_item(&self) -> usize {
        self.start
    }

    fn typed(&mut self, key: KeyCode) -> Option<Choice> {
        if self.code.is_some() {
            return Some(self.code_key(key));
        }
        (key == CODE_KEY).then(|| self.open_code())
    }

    /// While the field is open, the arrows and Esc are the field's, not the menu's.
    fn own_hint(&self) -> Option<String> {
        self.code.as_ref().map(|_| CODE_HINT.into())
    }

    fn take(&mut self, item: usize) -> Choice {
        let rows = self.campaign.rows.len();
        match self.campaign.rows.get(item) {
            Some(row) if !row.open => {
                let before = row.group.saturating_sub(1);
                let name = self.campaign.group_names.get(before).cloned().unwrap_or_default();
                Choice::Note(format!("Locked: win a level of {name} to open it."))
            }
            Some(row) => {
                row.level.map_or(Choice::Stay, |i| Choice::Open(Opener::new(LevelRequest::Shipped(i))))
            }
            None if item == rows => Choice::Open(Opener::new(LevelRequest::Editor)),
            None if item == rows + 1 => self.open_code(),
            None => Choice::Back,
        }
    }
}

/// The character a key types into a share code: a letter (as a capital), a digit, a dash or a space.
fn code_char(key: KeyCode) -> Option<char> {
    match key {
        KeyCode::Minus | KeyCode::NumpadSubtract => Some('-'),
        KeyCode::Space => Some(' '),
        k => letter_of(k).or_else(|| digit_of(k)),
    }
}

/// The reactor's entries on the title (none when no campaign is built in), and the sentence saying
/// the best file was damaged and set aside, if it was.
pub fn entries(shell: &Shell) -> (Vec<Entry>, Option<String>) {
    let (campaign, set_aside) = play::campaign_page(&shell.data_dir);
    if campaign.rows.is_empty() {
        return (Vec::new(), set_aside);
    }
    (vec![entry_of(campaign)], set_aside)
}

/// The campaign page to return to when a level left says where it was (read again, so a win shows).
pub fn reopen(shell: &Shell, back: &dyn Any) -> Option<Box<dyn MenuPage>> {
    let CampaignPlace(index) = back.downcast_ref::<CampaignPlace>()?;
    let (campaign, _) = play::campaign_page(&shell.data_dir);
    Some(Box::new(CampaignMenu::new(campaign, Some(*index))))
}

/// The entry that opens `campaign`'s page (tests of the title build one with no data folder).
pub fn entry_of(campaign: CampaignPage) -> Entry {
    Entry::page(ENTRY, move || Box::new(CampaignMenu::new(campaign.clone(), None)))
}
