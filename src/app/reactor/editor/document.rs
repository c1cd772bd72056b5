//! The level open in the editor, without any widget: the editing model, its file, whether it has
//! unsaved changes, the message line, the question asked before changes would be lost, the issue
//! picked in the validation panel and the drag in progress. The mouse, the keys, the headless form
//! and the tests all drive it through the same calls.

use super::files::{read_level, write_level};
use crate::app::reactor::editor::keys::EditorKey;
use crate::grid::Pos;
use crate::reactor::edit::{tools_for, Editor, Layer};
use crate::reactor::validate::Severity;
use crate::reactor::{Balance, Level};
use std::path::PathBuf;

/// The size `New` makes unless the author sets another: room for a small puzzle.
pub const NEW_SIZE: (i32, i32) = (12, 9);

/// How a message reads: plain, or a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Info,
    Refusal,
}

/// What waits for the author's answer because it would drop unsaved changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    New,
    Load(PathBuf),
    Quit,
    /// Save over a file that exists and is not the level's own: asked every time, since the file
    /// may be another level (an author's work is never replaced without a yes).
    Replace(PathBuf),
}

/// What the shell must do after an editor action.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    None,
    /// "Play from here": start the reactor session on this level.
    Play(Box<Level>),
    /// Leave the editor (nothing unsaved is left behind).
    Quit,
}

pub struct Document {
    pub editor: Editor,
    balance: Balance,
    /// Where Save writes; `None` until the level has a file.
    pub path: Option<PathBuf>,
    /// The level as last saved or loaded (unsaved changes are any difference from it).
    saved: Option<Level>,
    /// The status line: what the author's latest action said (every action replaces or clears it,
    /// so a refusal never outlives the situation it described).
    pub message: Option<(String, Tone)>,
    pub question: Option<Pending>,
    /// What "Save first" was answered to, waiting behind the replace question that save raised.
    then: Option<Pending>,
    /// The validation panel's picked issue (its index in `editor.issues()`).
    pub picked: Option<usize>,
    /// The path field of the toolbar (Save as and Load read it).
    pub path_field: String,
    pub new_size: (i32, i32),
    /// The cell the running drag last painted.
    stroke: Option<Pos>,
    /// Bumped by every change the board must show (the window uploads a new scene).
    pub revision: u64,
}

impl Document {
    /// A new blank level (`hollowdeep reactor --edit` without a file).
    pub fn blank(balance: &Balance) -> Document {
        let editor = Editor::blank(NEW_SIZE.0, NEW_SIZE.1, balance);
        Document::with(editor, None, None, balance)
    }

    /// A level read from `path` (one sentence when it cannot be).
    pub fn open(path: PathBuf, balance: &Balance) -> Result<Document, String> {
        let level = read_level(&path, balance)?;
        let editor = Editor::new(level, balance);
        let saved = Some(editor.level().clone());
        Ok(Document::with(editor, Some(path), saved, balance))
    }

    /// A level already in memory (a test's, or a text-form one), not yet tied to a file.
    pub fn from_level(level: Level, balance: &Balance) -> Document {
        let editor = Editor::new(level, balance);
        let saved = Some(editor.level().clone());
        Document::with(editor, None, saved, balance)
    }

    fn with(editor: Editor, path: Option<PathBuf>, saved: Option<Level>, balance: &Balance) -> Document {
        let path_field = path.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
        Document {
            editor,
            balance: balance.clone(),
            path,
            saved,
            message: None,
            question: None,
            then: None,
            picked: None,
            path_field,
            new_size: NEW_SIZE,
            stroke: None,
            revision: 0,
        }
    }

    /// Changes since the last save or load (a new level counts as changed once edited).
    pub fn unsaved(&self) -> bool {
        match &self.saved {
            Some(level) => level != self.editor.level(),
            None => self.editor.can_undo(),
        }
    }

    fn changed(&mut self) {
        self.revision += 1;
    }

    pub fn say(&mut self, text: impl Into<String>, tone: Tone) {
        self.message = Some((text.into(), tone));
    }

    /// An action of the author's begins: the last one's message no longer describes what is on
    /// screen, so it goes (the action may say something new).
    fn act(&mut self) {
        self.message = None;
    }

    /// The result of an edit: a refusal becomes the message line. An accepted cell of a drag leaves
    /// the line alone, so a refusal earlier in the same stroke stays readable.
    fn report(&mut self, result: Result<(), String>) {
        self.picked = None;
        if let Err(why) = result {
            self.say(capitalised(&why), Tone::Refusal);
        }
        self.changed();
    }

    /// Edits made through the metadata panel this frame: one action, its first refusal the message.
    pub fn meta_edits(&mut self, results: Vec<Result<(), String>>) {
        if results.is_empty() {
            return;
        }
        self.act();
        if let Some(why) = results.into_iter().find_map(Result::err) {
            self.say(capitalised(&why), Tone::Refusal);
        }
        self.changed();
    }

    // --- the board ---

    /// The primary button went down on `cell`: a stroke starts and the tool applies there.
    pub fn press(&mut self, cell: Pos) {
        self.act();
        self.editor.begin_stroke();
        self.stroke = Some(cell);
        let r = self.editor.apply(cell);
        self.report(r);
    }

    /// The pointer moved to `cell` with the button held: the stroke paints it (once).
    pub fn drag(&mut self, cell: Pos) {
        if self.stroke.is_some_and(|last| last != cell) {
            self.stroke = Some(cell);
            let r = self.editor.apply(cell);
            self.report(r);
        }
    }

    /// The button came up: the stroke is one undo step.
    pub fn release(&mut self) {
        if self.stroke.take().is_some() {
            self.editor.end_stroke();
            self.changed();
        }
    }

    pub fn stroking(&self) -> bool {
        self.stroke.is_some()
    }

    /// The cell the running drag last painted.
    pub fn stroke_cell(&self) -> Option<Pos> {
        self.stroke
    }

    /// A right click: cycles what the layer holds there.
    pub fn cycle(&mut self, cell: Pos) {
        self.act();
        let r = self.editor.cycle_at(cell);
        self.report(r);
    }

    pub fn set_layer(&mut self, layer: Layer) {
        self.act();
        self.editor.set_layer(layer);
        self.changed();
    }

    pub fn pick_tool(&mut self, index: usize) {
        self.act();
        match tools_for(self.editor.layer()).get(index) {
            Some(tool) => {
                let r = self.editor.set_tool(*tool);
                self.report(r);
            }
            None => self.say("This layer has no tool on that key.", Tone::Refusal),
        }
    }

    /// The validation panel's issue `index`: the cursor jumps to its cell; picked again, an issue
    /// that several cells share steps the cursor on to the next of them.
    pub fn pick_issue(&mut self, index: usize) {
        self.act();
        let issues = self.editor.issues();
        let Some(issue) = issues.get(index) else { return };
        let here = issue.cells.iter().position(|c| *c == self.editor.cursor());
        let to = match here {
            Some(k) if self.picked == Some(index) => issue.cells.get((k + 1) % issue.cells.len()),
            _ => issue.cells.first(),
        };
        self.picked = Some(index);
        if let Some(p) = to.copied() {
            self.editor.set_cursor(p);
        }
        self.changed();
    }

    // --- the keys ---

    /// A key of the editor's table (arrows, Space, Tab, 1-4, tool letters, Ctrl shortcuts).
    pub fn key(&mut self, key: EditorKey) -> Outcome {
        if self.question.is_some() {
            // The question waits for its buttons; Esc cancels it, no other key edits under it.
            return match key {
                EditorKey::Leave => self.answer(false),
                _ => Outcome::None,
            };
        }
        self.act();
        match key {
            EditorKey::Cursor(f) => {
                let to = self.editor.cursor().step(f);
                self.editor.set_cursor(to);
                if self.stroking() {
                    self.drag(self.editor.cursor());
                }
                self.changed();
            }
            EditorKey::Apply => {
                let at = self.editor.cursor();
                self.press(at);
                self.release();
            }
            EditorKey::Cycle => self.cycle(self.editor.cursor()),
            EditorKey::NextLayer => {
                let i = Layer::ALL.iter().position(|l| *l == self.editor.layer()).unwrap_or(0);
                self.set_layer(Layer::ALL[(i + 1) % Layer::ALL.len()]);
            }
            EditorKey::Layer(i) => self.set_layer(Layer::ALL[usize::from(i) % Layer::ALL.len()]),
            EditorKey::Tool(i) => self.pick_tool(usize::from(i)),
            EditorKey::Undo => {
                if !self.editor.undo() {
                    self.say("Nothing to undo.", Tone::Info);
                }
                self.changed();
            }
            EditorKey::Redo => {
                if !self.editor.redo() {
                    self.say("Nothing to redo.", Tone::Info);
                }
                self.changed();
            }
            EditorKey::Save => self.save(),
            EditorKey::Play => return self.play(),
            EditorKey::Leave => return self.ask(Pending::Quit),
        }
        Outcome::None
    }

    // --- files and play ---

    /// Save: to the level's file, or to the path field when it has none yet. Errors block it.
    pub fn save(&mut self) {
        self.act();
        match self.path.clone() {
            Some(path) => self.save_to(path),
            None => self.save_as(),
        }
    }

    /// Save as: to the path field.
    pub fn save_as(&mut self) {
        self.act();
        let field = self.path_field.trim().to_string();
        if field.is_empty() {
            self.say("Type a file name in the path field first (e.g. levels/my-level.json).", Tone::Refusal);
            return;
        }
        self.save_to(PathBuf::from(field));
    }

    /// Errors refuse first (no question about a file that would not be written); then a file that
    /// is there and is not the level's own is replaced only after a yes.
    fn save_to(&mut self, path: PathBuf) {
        if let Err(why) = self.editor.save_text() {
            self.say(format!("Not saved: {}", capitalised(&why)), Tone::Refusal);
            return;
        }
        if self.path.as_ref() != Some(&path) && occupied(&path) {
            self.question = Some(Pending::Replace(path));
            return;
        }
        self.write_to(path);
    }

    fn write_to(&mut self, path: PathBuf) {
        let text = match self.editor.save_text() {
            Ok(text) => text,
            Err(why) => {
                self.say(format!("Not saved: {}", capitalised(&why)), Tone::Refusal);
                return;
            }
        };
        match write_level(&path, &text) {
            Ok(()) => {
                self.say(format!("Saved to {}.", path.display()), Tone::Info);
                self.saved = Some(self.editor.level().clone());
                self.path_field = path.display().to_string();
                self.path = Some(path);
            }
            Err(why) => self.say(why, Tone::Refusal),
        }
    }

    /// When the window is lost with unsaved changes: the level as it stands (errors and all) is
    /// written beside its file as `NAME.recovered-N.json` (or under the data folder when it has
    /// none), never over anything. `None` when nothing is unsaved.
    pub fn save_recovery(&self) -> Option<Result<PathBuf, String>> {
        if !self.unsaved() {
            return None;
        }
        let base = self
            .path
            .clone()
            .unwrap_or_else(|| crate::app::persist::data_dir().join("editor").join("untitled.json"));
        let stem = base.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let free = (1..1000)
            .map(|n| base.with_file_name(format!("{stem}.recovered-{n}.json")))
            .find(|p| !crate::app::persist::writer::exists(p));
        Some(match free {
            Some(path) => crate::app::persist::writer::make_folder_for(&path)
                .and_then(|()| write_level(&path, &crate::reactor::schema::save(self.editor.level())))
                .map(|()| path),
            None => Err(format!("Could not keep the unsaved level beside {}.", base.display())),
        })
    }

    /// Load: the path field's file, after asking when changes would be lost.
    pub fn load(&mut self) -> Outcome {
        self.act();
        let field = self.path_field.trim().to_string();
        if field.is_empty() {
            self.say("Type the path of a level file in the path field first.", Tone::Refusal);
            return Outcome::None;
        }
        self.ask(Pending::Load(PathBuf::from(field)))
    }

    /// New: a blank level of `new_size`, after asking when changes would be lost.
    pub fn new_level(&mut self) -> Outcome {
        self.act();
        self.ask(Pending::New)
    }

    /// Does `what` now, or asks first when it would drop unsaved changes (a replace always asks).
    pub fn ask(&mut self, what: Pending) -> Outcome {
        if self.unsaved() || matches!(what, Pending::Replace(_)) {
            self.question = Some(what);
            return Outcome::None;
        }
        self.run(what)
    }

    /// The question's answer: yes (discard the changes, or replace the file) goes on; no does
    /// nothing, and drops what waited behind a replace.
    pub fn answer(&mut self, yes: bool) -> Outcome {
        self.act();
        let then = self.then.take();
        match self.question.take() {
            Some(what) if yes => {
                let outcome = self.run(what);
                match then {
                    Some(next) if !self.unsaved() => self.run(next),
                    _ => outcome,
                }
            }
            _ => Outcome::None,
        }
    }

    /// "Save first" in the unsaved-changes question: saves, then goes on with what was asked. When
    /// the save must first ask to replace a file, what was asked waits behind that question; when
    /// the save is refused, its message says why and nothing else happens.
    pub fn save_then(&mut self) -> Outcome {
        let Some(what) = self.question.take() else { return Outcome::None };
        self.save();
        if matches!(self.question, Some(Pending::Replace(_))) {
            self.then = Some(what);
            return Outcome::None;
        }
        if self.unsaved() {
            return Outcome::None;
        }
        self.run(what)
    }

    fn run(&mut self, what: Pending) -> Outcome {
        match what {
            Pending::Quit => return Outcome::Quit,
            Pending::Replace(path) => self.write_to(path),
            Pending::New => {
                // The new level has no file: keeping the old path in the field would let the next
                // save put a blank level over the file just left.
                let ((w, h), revision) = (self.new_size, self.revision);
                *self = Document::with(Editor::blank(w, h, &self.balance), None, None, &self.balance);
                self.new_size = (w, h);
                self.revision = revision;
                self.say(format!("A new {w}x{h} level: Save asks for its file name."), Tone::Info);
            }
            Pending::Load(path) => match Document::open(path.clone(), &self.balance) {
                Ok(doc) => {
                    let revision = self.revision;
                    *self = doc;
                    self.revision = revision;
                    self.say(format!("Loaded {}.", path.display()), Tone::Info);
                }
                Err(why) => self.say(why, Tone::Refusal),
            },
        }
        self.changed();
        Outcome::None
    }

    /// Play from here: blocked, with the first error's sentence, while the level has errors.
    pub fn play(&mut self) -> Outcome {
        self.act();
        match self.editor.playable() {
            Ok(level) => Outcome::Play(Box::new(level)),
            Err(why) => {
                self.say(format!("Play is blocked: {}", capitalised(&why)), Tone::Refusal);
                Outcome::None
            }
        }
    }

    /// Counts of errors and warnings now (the panel's header).
    pub fn counts(&self) -> (usize, usize) {
        let issues = self.editor.issues();
        let errors = issues.iter().filter(|i| i.severity() == Severity::Error).count();
        (errors, issues.len() - errors)
    }
}

/// Whether anything is at `path` (a dangling link too: writing there would create its target).
fn occupied(path: &std::path::Path) -> bool {
    std::fs::symlink_metadata(path).is_ok() || crate::app::persist::writer::exists(path)
}

/// A sentence starts with a capital letter and ends with a full stop.
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    let mut out: String = match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    };
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reactor::edit::Tool;
    use crate::reactor::level::Terrain;

    fn tool_index(doc: &Document, tool: Tool) -> u8 {
        tools_for(doc.editor.layer()).iter().position(|t| *t == tool).expect("on this layer") as u8
    }

    fn shipped() -> Level {
        let text = crate::app::reactor::play::SHIPPED[0];
        crate::reactor::schema::load(text.as_bytes(), &Balance::normal()).level.expect("shipped level")
    }

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("hollowdeep-doc-{}-{name}", std::process::id()))
    }

    #[test]
    fn a_drag_paints_every_cell_and_undoes_as_one_step() {
        let mut doc = Document::blank(&Balance::normal());
        doc.key(EditorKey::Tool(tool_index(&doc, Tool::Wall)));
        doc.press(Pos::new(2, 2));
        doc.drag(Pos::new(3, 2));
        doc.drag(Pos::new(4, 2));
        doc.release();
        let wall = |d: &Document, x| d.editor.level().terrain.get(Pos::new(x, 2)) == Some(&Terrain::Wall);
        assert!((2..=4).all(|x| wall(&doc, x)), "the stroke painted three walls");
        assert!(doc.unsaved());
        doc.key(EditorKey::Undo);
        assert!((2..=4).all(|x| !wall(&doc, x)), "one undo takes the whole stroke back");
        doc.key(EditorKey::Redo);
        assert!((2..=4).all(|x| wall(&doc, x)));
    }

    #[test]
    fn the_keyboard_moves_the_cursor_applies_and_switches_layers_and_tools() {
        let mut doc = Document::blank(&Balance::normal());
        let start = doc.editor.cursor();
        doc.key(EditorKey::Cursor(crate::grid::Facing::East));
        assert_eq!(doc.editor.cursor(), Pos::new(start.x + 1, start.y));
        doc.key(EditorKey::Tool(tool_index(&doc, Tool::Wall)));
        doc.key(EditorKey::Apply);
        assert_eq!(doc.editor.level().terrain.get(doc.editor.cursor()), Some(&Terrain::Wall));
        doc.key(EditorKey::NextLayer);
        assert_eq!(doc.editor.layer(), Layer::Electricity);
        doc.key(EditorKey::Layer(2));
        assert_eq!(doc.editor.layer(), Layer::Fuel);
        doc.key(EditorKey::Tool(1));
        assert_eq!(doc.editor.tool(), tools_for(Layer::Fuel)[1]);
        doc.key(EditorKey::Tool(30));
        assert!(matches!(doc.message, Some((_, Tone::Refusal))), "a key past the palette says so");
    }

    #[test]
    fn play_is_blocked_with_the_panel_sentence_while_errors_exist() {
        let b = Balance::normal();
        let mut doc = Document::blank(&b);
        doc.editor.set_required(crate::reactor::level::Carrier::Fuel, 1).expect("a count");
        assert!(!doc.editor.can_play(), "a required consumer that is not there is an error");
        assert_eq!(doc.play(), Outcome::None);
        let (text, tone) = doc.message.clone().expect("a sentence");
        assert!(text.starts_with("Play is blocked: ") && tone == Tone::Refusal, "{text}");
        let mut good = Document::from_level(shipped(), &b);
        assert!(matches!(good.key(EditorKey::Play), Outcome::Play(_)));
    }

    #[test]
    fn new_and_load_and_leave_ask_before_unsaved_changes_are_lost() {
        let b = Balance::normal();
        let mut doc = Document::from_level(shipped(), &b);
        assert_eq!(doc.key(EditorKey::Leave), Outcome::Quit, "nothing unsaved: leaves at once");
        doc.key(EditorKey::Tool(tool_index(&doc, Tool::Wall)));
        doc.press(Pos::new(2, 2));
        doc.release();
        let edited = doc.editor.level().clone();
        assert_eq!(doc.new_level(), Outcome::None);
        assert_eq!(doc.question, Some(Pending::New));
        assert_eq!(doc.answer(false), Outcome::None, "cancel keeps the level");
        assert_eq!(doc.editor.level(), &edited);
        assert_eq!(doc.key(EditorKey::Leave), Outcome::None);
        doc.key(EditorKey::Apply);
        assert_eq!(doc.editor.level(), &edited, "no key edits under the question");
        assert_eq!(doc.answer(true), Outcome::Quit, "discarding leaves");
        doc.new_level();
        doc.answer(true);
        assert_eq!(doc.editor.level().width(), NEW_SIZE.0, "a new blank level");
    }

    #[test]
    fn save_as_writes_the_file_whole_and_it_opens_as_the_same_level() {
        let b = Balance::normal();
        let path = temp("saved.json");
        let mut doc = Document::from_level(shipped(), &b);
        doc.key(EditorKey::Tool(tool_index(&doc, Tool::Wall)));
        doc.press(Pos::new(1, 2));
        doc.release();
        doc.path_field = path.display().to_string();
        doc.save_as();
        assert!(!doc.unsaved(), "{:?}", doc.message);
        assert_eq!(doc.path.as_deref(), Some(path.as_path()));
        let dir = path.parent().unwrap();
        // Only this file's temporaries: the other tests write their own files beside it meanwhile.
        let own = format!(".{}.tmp-", path.file_name().unwrap().to_string_lossy());
        let leftovers = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .any(|e| e.file_name().to_string_lossy().starts_with(&own));
        assert!(!leftovers, "no temporary file is left beside it");
        let back = Document::open(path.clone(), &b).expect("it opens");
        assert_eq!(back.editor.level(), doc.editor.level());
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn errors_block_saving_and_nothing_is_written() {
        let b = Balance::normal();
        let path = temp("never.json");
        let mut doc = Document::blank(&b);
        doc.editor.set_required(crate::reactor::level::Carrier::Coolant, 2).expect("a count");
        doc.path_field = path.display().to_string();
        doc.key(EditorKey::Save);
        assert!(!path.exists());
        let (text, _) = doc.message.clone().expect("why");
        assert!(text.starts_with("Not saved: "), "{text}");
    }

    #[test]
    fn a_file_that_is_not_a_level_is_one_sentence() {
        let path = temp("junk.json");
        std::fs::write(&path, "not json").unwrap();
        let why = Document::open(path.clone(), &Balance::normal()).err().expect("refused");
        assert_eq!(why.lines().count(), 1, "{why}");
        assert!(why.ends_with('.'), "{why}");
        let _ = std::fs::remove_file(&path);
        let mut doc = Document::blank(&Balance::normal());
        doc.path_field = path.display().to_string();
        doc.load();
        assert!(
            matches!(doc.message, Some((ref t, Tone::Refusal)) if t.contains("Cannot read")),
            "{:?}",
            doc.message
        );
    }

    #[test]
    fn regression_saving_onto_another_existing_file_asks_before_replacing_it() {
        let b = Balance::normal();
        let path = temp("someone-elses.json");
        std::fs::write(&path, "another author's level").unwrap();
        let mut doc = Document::from_level(shipped(), &b);
        doc.path_field = path.display().to_string();
        doc.save_as();
        assert_eq!(doc.question, Some(Pending::Replace(path.clone())));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "another author's level", "nothing yet");
        doc.answer(false);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "another author's level", "a no keeps it");
        doc.save_as();
        doc.answer(true);
        assert!(Document::open(path.clone(), &b).is_ok(), "a yes replaces it with this level");
        // Its own file is saved again without a question.
        doc.key(EditorKey::Save);
        assert_eq!(doc.question, None);
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn a_lost_window_keeps_unsaved_edits_beside_the_file_never_over_it() {
        let b = Balance::normal();
        let path = temp("recover.json");
        let mut doc = Document::from_level(shipped(), &b);
        doc.path_field = path.display().to_string();
        doc.save_as();
        assert!(doc.save_recovery().is_none(), "nothing unsaved, nothing kept");
        let saved = std::fs::read_to_string(&path).unwrap();
        doc.key(EditorKey::Tool(tool_index(&doc, Tool::Wall)));
        doc.press(Pos::new(1, 2));
        doc.release();
        let kept = doc.save_recovery().expect("unsaved edits").expect("written");
        assert_eq!(
            kept,
            path.with_file_name(format!("hollowdeep-doc-{}-recover.recovered-1.json", std::process::id()))
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), saved, "the level's own file is untouched");
        let back = crate::reactor::schema::load(std::fs::read_to_string(&kept).unwrap().as_bytes(), &b);
        assert_eq!(back.level.as_ref(), Some(doc.editor.level()), "the edits are all there");
        let _ = std::fs::remove_file(&path);
        let _ = std::fs::remove_file(&kept);
    }

    /// The cells a Wall tool refuses on a blank level: the robot stands on (1, 1).
    fn refused_wall(doc: &mut Document) {
        doc.key(EditorKey::Tool(tool_index(doc, Tool::Wall)));
        doc.press(Pos::new(1, 1));
        doc.release();
        assert!(matches!(doc.message, Some((_, Tone::Refusal))), "{:?}", doc.message);
    }

    #[test]
    fn regression_new_forgets_the_file_so_the_next_save_asks_for_one() {
        // New used to keep the old file's path in the field, so Ctrl+S offered to put the blank
        // level over the file just left.
        let b = Balance::normal();
        let path = temp("left-behind.json");
        let mut doc = Document::from_level(shipped(), &b);
        doc.path_field = path.display().to_string();
        doc.save_as();
        let before = std::fs::read_to_string(&path).expect("saved");
        assert_eq!(doc.new_level(), Outcome::None);
        assert_eq!((doc.path.as_ref(), doc.path_field.as_str()), (None, ""), "no file, no path");
        doc.key(EditorKey::Tool(tool_index(&doc, Tool::Wall)));
        doc.press(Pos::new(3, 3));
        doc.release();
        doc.key(EditorKey::Save);
        assert_eq!(doc.question, None, "nothing to replace: the new level has no file");
        let (text, tone) = doc.message.clone().expect("asks for a name");
        assert!(text.starts_with("Type a file name") && tone == Tone::Refusal, "{text}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), before, "the old file is untouched");
        // Given a name, Save behaves as Save as.
        let other = temp("new-level.json");
        doc.path_field = other.display().to_string();
        doc.key(EditorKey::Save);
        assert_eq!(doc.path.as_deref(), Some(other.as_path()));
        assert!(!doc.unsaved(), "{:?}", doc.message);
        let _ = std::fs::remove_file(&path);
        let _ = std::fs::remove_file(&other);
    }

    #[test]
    fn regression_save_first_onto_another_file_asks_to_replace_it_then_goes_on() {
        let b = Balance::normal();
        let path = temp("keep-or-replace.json");
        std::fs::write(&path, "another author's level").unwrap();
        let mut doc = Document::from_level(shipped(), &b);
        doc.key(EditorKey::Tool(tool_index(&doc, Tool::Wall)));
        doc.press(Pos::new(1, 2));
        doc.release();
        let edited = doc.editor.level().clone();
        doc.path_field = path.display().to_string();
        // New asks about the unsaved edits; "Save first" must ask about the file it would replace.
        doc.new_level();
        assert_eq!(doc.question, Some(Pending::New));
        assert_eq!(doc.save_then(), Outcome::None);
        assert_eq!(doc.question, Some(Pending::Replace(path.clone())));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "another author's level", "nothing yet");
        doc.answer(false);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "another author's level", "a no keeps it");
        assert!(doc.unsaved() && doc.editor.level() == &edited, "and starts nothing new");
        // Yes replaces the file, and then the new level the author asked for follows.
        doc.new_level();
        doc.save_then();
        doc.answer(true);
        assert_eq!(Document::open(path.clone(), &b).map(|d| d.editor.level().id.clone()), Ok(shipped().id));
        assert_eq!((doc.editor.level().width(), doc.path.as_ref()), (NEW_SIZE.0, None), "then New");
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn regression_a_dangling_link_counts_as_a_file_to_replace() {
        // `exists` follows links, so a link to nothing looked free and saving created its target.
        let b = Balance::normal();
        let link = temp("dangling-link.json");
        let target = temp("dangling-target.json");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let mut doc = Document::from_level(shipped(), &b);
        doc.path_field = link.display().to_string();
        doc.save_as();
        assert_eq!(doc.question, Some(Pending::Replace(link.clone())));
        assert!(!target.exists(), "nothing written before the yes");
        doc.answer(false);
        assert!(!target.exists());
        let _ = std::fs::remove_file(&link);
    }

    #[test]
    fn a_level_with_errors_is_refused_before_any_replace_question() {
        let b = Balance::normal();
        let path = temp("not-replaced.json");
        std::fs::write(&path, "kept").unwrap();
        let mut doc = Document::blank(&b);
        doc.editor.set_required(crate::reactor::level::Carrier::Fuel, 1).expect("a count");
        doc.path_field = path.display().to_string();
        doc.save_as();
        assert_eq!(doc.question, None, "no question about a file that would not be written");
        assert!(doc.message.as_ref().is_some_and(|(t, _)| t.starts_with("Not saved: ")), "{:?}", doc.message);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "kept");
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn regression_a_refusal_does_not_outlive_the_next_action() {
        let b = Balance::normal();
        let mut doc = Document::blank(&b);
        // A cursor step, a layer switch, an undo: each is a new action and clears the line.
        refused_wall(&mut doc);
        doc.key(EditorKey::Cursor(crate::grid::Facing::East));
        assert_eq!(doc.message, None, "a cursor step");
        refused_wall(&mut doc);
        doc.set_layer(Layer::Fuel);
        assert_eq!(doc.message, None, "a layer switch");
        doc.set_layer(Layer::Surface);
        refused_wall(&mut doc);
        doc.press(Pos::new(3, 3));
        doc.release();
        refused_wall(&mut doc);
        doc.key(EditorKey::Undo);
        assert_eq!(doc.message, None, "an undo that undid something");
        // "Play is blocked" goes once the author edits the metadata that caused it.
        doc.editor.set_required(crate::reactor::level::Carrier::Fuel, 1).expect("a count");
        doc.play();
        assert!(doc.message.as_ref().is_some_and(|(t, _)| t.starts_with("Play is blocked")));
        let fixed = doc.editor.set_required(crate::reactor::level::Carrier::Fuel, 0);
        doc.meta_edits(vec![fixed]);
        assert_eq!(doc.message, None, "a metadata edit");
        let refused = doc.editor.set_id("Not An Id!");
        doc.meta_edits(vec![refused]);
        assert!(matches!(doc.message, Some((_, Tone::Refusal))), "a refused id says so");
        // A successful save replaces any refusal with its own line.
        let path = temp("status.json");
        doc.path_field = path.display().to_string();
        refused_wall(&mut doc);
        doc.key(EditorKey::Save);
        assert_eq!(doc.message, Some((format!("Saved to {}.", path.display()), Tone::Info)));
        let _ = std::fs::remove_file(&path);
        // Within one drag the first refusal stays readable while later cells are accepted.
        doc.key(EditorKey::Tool(tool_index(&doc, Tool::Wall)));
        doc.press(Pos::new(2, 1));
        doc.drag(Pos::new(1, 1));
        doc.drag(Pos::new(1, 2));
        assert!(matches!(doc.message, Some((_, Tone::Refusal))), "{:?}", doc.message);
        doc.release();
        doc.key(EditorKey::Cursor(crate::grid::Facing::South));
        assert_eq!(doc.message, None, "the next action clears it");
    }

    #[test]
    fn picking_a_grouped_issue_again_steps_through_its_cells() {
        let b = Balance::normal();
        let mut doc = Document::blank(&b);
        doc.key(EditorKey::Tool(tool_index(&doc, Tool::Hazard(crate::reactor::level::Quantity::Fuel))));
        doc.editor.set_amount(5.0);
        for x in 3..6 {
            doc.press(Pos::new(x, 4));
            doc.release();
        }
        let issues = doc.editor.issues();
        let (i, issue) = issues
            .iter()
            .enumerate()
            .find(|(_, i)| i.kind == crate::reactor::validate::IssueKind::HazardWithoutRemedy)
            .expect("the hazards have no remedy");
        assert_eq!(
            issue.cells,
            vec![Pos::new(3, 4), Pos::new(4, 4), Pos::new(5, 4)],
            "one issue, three cells"
        );
        let mut visited = Vec::new();
        for _ in 0..4 {
            doc.pick_issue(i);
            visited.push(doc.editor.cursor());
        }
        assert_eq!(visited, vec![Pos::new(3, 4), Pos::new(4, 4), Pos::new(5, 4), Pos::new(3, 4)]);
    }
}
