//! The level open in the editor, without any widget: the editing model, its file, whether it has
//! unsaved changes, the message line, the question asked before changes would be lost, the issue
//! picked in the validation panel and the drag in progress. The mouse, the keys, the headless form
//! and the tests all drive it through the same calls.

use super::files::{read_level, write_level};
use crate::app::input::EditorKey;
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
    pub message: Option<(String, Tone)>,
    pub question: Option<Pending>,
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

    /// The result of an edit: a refusal becomes the message line.
    fn report(&mut self, result: Result<(), String>) {
        self.picked = None;
        match result {
            Ok(()) => self.message = None,
            Err(why) => self.say(capitalised(&why), Tone::Refusal),
        }
        self.changed();
    }

    // --- the board ---

    /// The primary button went down on `cell`: a stroke starts and the tool applies there.
    pub fn press(&mut self, cell: Pos) {
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
        let r = self.editor.cycle_at(cell);
        self.report(r);
    }

    pub fn set_layer(&mut self, layer: Layer) {
        self.editor.set_layer(layer);
        self.changed();
    }

    pub fn pick_tool(&mut self, index: usize) {
        match tools_for(self.editor.layer()).get(index) {
            Some(tool) => {
                let r = self.editor.set_tool(*tool);
                self.report(r);
            }
            None => self.say("This layer has no tool on that key.", Tone::Refusal),
        }
    }

    /// The validation panel's issue `index`: the cursor jumps to its cell.
    pub fn pick_issue(&mut self, index: usize) {
        let issues = self.editor.issues();
        let Some(issue) = issues.get(index) else { return };
        self.picked = Some(index);
        if let Some(p) = issue.pos {
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
        match self.path.clone() {
            Some(path) => self.save_to(path),
            None => self.save_as(),
        }
    }

    /// Save as: to the path field.
    pub fn save_as(&mut self) {
        let field = self.path_field.trim().to_string();
        if field.is_empty() {
            self.say("Type a file name in the path field first (e.g. levels/my-level.json).", Tone::Refusal);
            return;
        }
        self.save_to(PathBuf::from(field));
    }

    fn save_to(&mut self, path: PathBuf) {
        if self.path.as_ref() != Some(&path) && path.exists() {
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
            .find(|p| !p.exists());
        Some(match free {
            Some(path) => crate::app::persist::writer::make_folder_for(&path)
                .and_then(|()| write_level(&path, &crate::reactor::schema::save(self.editor.level())))
                .map(|()| path),
            None => Err(format!("Could not keep the unsaved level beside {}.", base.display())),
        })
    }

    /// Load: the path field's file, after asking when changes would be lost.
    pub fn load(&mut self) -> Outcome {
        let field = self.path_field.trim().to_string();
        if field.is_empty() {
            self.say("Type the path of a level file in the path field first.", Tone::Refusal);
            return Outcome::None;
        }
        self.ask(Pending::Load(PathBuf::from(field)))
    }

    /// New: a blank level of `new_size`, after asking when changes would be lost.
    pub fn new_level(&mut self) -> Outcome {
        self.ask(Pending::New)
    }

    /// Does `what` now, or asks first when it would drop unsaved changes.
    pub fn ask(&mut self, what: Pending) -> Outcome {
        if self.unsaved() {
            self.question = Some(what);
            return Outcome::None;
        }
        self.run(what)
    }

    /// The question's answer: `discard` drops the changes and goes on; otherwise nothing happens.
    pub fn answer(&mut self, discard: bool) -> Outcome {
        match self.question.take() {
            Some(what) if discard => self.run(what),
            _ => Outcome::None,
        }
    }

    fn run(&mut self, what: Pending) -> Outcome {
        match what {
            Pending::Quit => return Outcome::Quit,
            Pending::Replace(path) => self.write_to(path),
            Pending::New => {
                let (w, h) = self.new_size;
                let (keep, revision) = (std::mem::take(&mut self.path_field), self.revision);
                *self = Document::with(Editor::blank(w, h, &self.balance), None, None, &self.balance);
                self.path_field = keep;
                self.revision = revision;
                self.say(format!("A new {w}x{h} level."), Tone::Info);
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
        let text = crate::app::reactor_play::SHIPPED[0];
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
}
