//! What a game's front puts on the title: entries on its main page, pages of its own that the title
//! shows and steers, and requests that open the front's screens. The title lists what the fronts
//! contribute without knowing what any of it means, so a new game adds entries, not title code.

use super::screen::{Screen, Shell};
use std::any::Any;
use std::fmt;
use std::rc::Rc;
use winit::keyboard::KeyCode;

/// Something a front can open over the title: a run, a level, an editor. It is a value, so a test
/// can read which one a choice asked for without opening it.
pub trait Request: Any + fmt::Debug {
    /// Opens it, or says in one short sentence why it cannot.
    fn open(&self, shell: &mut Shell) -> Result<Box<dyn Screen>, String>;
}

/// A front's request, shared: an entry keeps it to be taken again after a failed open.
#[derive(Clone)]
pub struct Opener(Rc<dyn Request>);

impl Opener {
    pub fn new(request: impl Request) -> Opener {
        Opener(Rc::new(request))
    }

    pub fn open(&self, shell: &mut Shell) -> Result<Box<dyn Screen>, String> {
        self.0.open(shell)
    }

    /// The request, when it is of type `R` (for tests and for the front that made it).
    pub fn request<R: Request>(&self) -> Option<&R> {
        let any: &dyn Any = self.0.as_ref();
        any.downcast_ref()
    }
}

impl fmt::Debug for Opener {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A page a front shows on the title (a campaign, a seed field, a question). The title draws it as
/// a menu and moves its cursor; the page says what its rows are and what taking one does.
pub trait MenuPage {
    /// The lines above the rows; `selected` is the row under the cursor.
    fn lines(&self, selected: usize) -> Vec<String>;
    fn items(&self) -> Vec<String>;
    /// Whether the cursor may rest on row `item` (a group's header may not).
    fn selectable(&self, item: usize) -> bool {
        let _ = item;
        true
    }
    /// The row the cursor starts on.
    fn first_item(&self) -> usize {
        (0..self.items().len()).find(|&i| self.selectable(i)).unwrap_or(0)
    }
    /// A key before the menu keys read it, for a text field: `Some` when the page took it.
    fn typed(&mut self, key: KeyCode) -> Option<Choice> {
        let _ = key;
        None
    }
    /// The footer's key hint while the page's own keys stand in for the menu's (a text field is
    /// open): `None` leaves the menu's hint.
    fn own_hint(&self) -> Option<String> {
        None
    }
    fn take(&mut self, item: usize) -> Choice;
}

/// What an entry on the main page leads to.
#[derive(Clone)]
pub enum Leads {
    /// A screen over the title.
    Screen(Opener),
    /// A page of the front's, built fresh each time it opens.
    Page(Rc<dyn Fn() -> Box<dyn MenuPage>>),
}

/// One entry a front puts on the title's main page.
#[derive(Clone)]
pub struct Entry {
    pub label: String,
    pub leads: Leads,
}

impl Entry {
    pub fn screen(label: impl Into<String>, request: impl Request) -> Entry {
        Entry { label: label.into(), leads: Leads::Screen(Opener::new(request)) }
    }

    pub fn page(label: impl Into<String>, page: impl Fn() -> Box<dyn MenuPage> + 'static) -> Entry {
        Entry { label: label.into(), leads: Leads::Page(Rc::new(page)) }
    }
}

/// What became of a key or a choice on a front's page.
pub enum Choice {
    Stay,
    /// Back to the main page.
    Back,
    /// One line under the title (why a choice cannot be taken).
    Note(String),
    /// The line under the title is no longer true (the field it was about has closed).
    ClearNote,
    Open(Opener),
    /// Another page of the front's in place of this one (a question before a choice).
    Page(Box<dyn MenuPage>),
}
