//! The whole app in a browser: the entry point the page calls (the title, both games and the editor,
//! through the same shell as the desktop), and the "export my data" / "import" pair the page's
//! buttons call, because a browser may clear a site's storage. `web/build.sh` builds it.
#![cfg(target_arch = "wasm32")]

use hollowdeep::app::persist::browser;
use hollowdeep::app::shell::web::show_failure;
use wasm_bindgen::prelude::wasm_bindgen;

/// Runs when the page loads the module: opens the title on the page's canvas.
#[wasm_bindgen(start)]
pub fn start() {
    // A panic has no terminal to print to here: the page says what happened.
    std::panic::set_hook(Box::new(|info| show_failure(&format!("Hollowdeep stopped: {info}"))));
    let options = hollowdeep::app::cli::Options::default();
    let seed = hollowdeep::app::crawler::screen::random_seed();
    if let Err(message) = hollowdeep::app::title::launch::window(&options, seed) {
        show_failure(&message);
    }
}

/// Every kept file (saves, profile, records, progress, settings, edited levels) as one JSON text.
#[wasm_bindgen]
pub fn export_data() -> Result<String, String> {
    browser::export()
}

/// Keeps every file of an export; returns how many. Anything but an export is refused whole.
#[wasm_bindgen]
pub fn import_data(text: &str) -> Result<usize, String> {
    browser::import(text)
}
