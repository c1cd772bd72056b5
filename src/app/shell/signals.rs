//! The requests to end that come from outside the window: SIGTERM (a `kill`, a logout), SIGINT
//! (Ctrl-C in the terminal that started the game) and SIGHUP (that terminal closed). Each used to
//! end the process where it stood, and a run lost every turn since its last save (then written
//! every 25 turns). Now the handler only raises a flag, and the window's loop, which runs every
//! frame, sees it and ends as a lost window does: every screen keeps what is in play
//! (`Stack::lost`).

use std::sync::atomic::{AtomicBool, Ordering};

static ASKED_TO_END: AtomicBool = AtomicBool::new(false);

/// Whether a signal has asked the program to end since the handlers were installed.
pub fn asked_to_end() -> bool {
    ASKED_TO_END.load(Ordering::Relaxed)
}

/// Installs the handlers. Elsewhere (a browser, Windows) nothing is installed and nothing asks.
pub fn install() {
    #[cfg(unix)]
    unix::install();
}

#[cfg(unix)]
mod unix {
    use super::{Ordering, ASKED_TO_END};

    /// Only an atomic store: the one kind of work a signal handler may do at any moment.
    extern "C" fn ask_to_end(_signal: libc::c_int) {
        ASKED_TO_END.store(true, Ordering::Relaxed);
    }

    pub fn install() {
        let handler = ask_to_end as extern "C" fn(libc::c_int) as libc::sighandler_t;
        for signal in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
            // SAFETY: the handler is a plain function that touches nothing but an atomic, so it is
            // async-signal-safe; `signal` only replaces the process's disposition for `signal`.
            unsafe {
                libc::signal(signal, handler);
            }
        }
    }
}
