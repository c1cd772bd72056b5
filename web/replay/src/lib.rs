//! The rules alone, built for wasm32: a crawler recording or a reactor solution replayed to the
//! state hash it ends in. `tests/shell/web_replay.rs` runs this in Node over every committed
//! recording and solution and compares the hashes with the desktop build's, so the browser's game
//! can never drift from the desktop's.
//!
//! The interface is plain wasm exports (no bindings generator): the host asks for memory with
//! `alloc`, copies the file's bytes in, and calls a replay; 0 means the file could not be replayed.

use hollowdeep::game::recording::Recording;
use hollowdeep::game::save::state_hash;
use hollowdeep::reactor::{hash, schema, script, solution, Balance, Game};

/// The final state hash of a crawler recording's actions played from its start.
pub fn crawler_hash(recording: &str) -> Result<u64, String> {
    let recording = Recording::from_text(recording)?;
    Ok(state_hash(&recording.replay()))
}

/// The final state hash of a reactor solution played on its level.
pub fn reactor_hash(level: &[u8], solution_text: &str) -> Result<u64, String> {
    let balance = Balance::normal();
    let level = schema::load(level, &balance).level.ok_or("the level does not load")?;
    let actions = solution::parse(solution_text, &level)?;
    let mut game = Game::new(level, balance);
    script::run(&mut game, &actions);
    Ok(hash::state_hash(&game.level))
}

/// `len` bytes of memory for the host to copy a file into; handed back to `replay_*`, which frees it.
#[no_mangle]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    let mut bytes = Vec::<u8>::with_capacity(len);
    let ptr = bytes.as_mut_ptr();
    std::mem::forget(bytes);
    ptr
}

/// Takes back the `len` bytes `alloc` gave at `ptr` (their contents were written by the host).
///
/// # Safety
/// `ptr` and `len` are exactly what one `alloc` call returned and was given, filled by the host.
unsafe fn take(ptr: *mut u8, len: usize) -> Vec<u8> {
    // SAFETY: the caller passes back an `alloc` of `len` bytes whose every byte the host wrote.
    unsafe { Vec::from_raw_parts(ptr, len, len) }
}

/// The crawler recording at `ptr` (`len` bytes of UTF-8) replayed: its final state hash, or 0.
///
/// # Safety
/// `ptr`/`len` come from one `alloc` call, filled by the host; they are freed here.
#[no_mangle]
pub unsafe extern "C" fn replay_crawler(ptr: *mut u8, len: usize) -> u64 {
    // SAFETY: as this function's contract says.
    let bytes = unsafe { take(ptr, len) };
    String::from_utf8(bytes).ok().and_then(|text| crawler_hash(&text).ok()).unwrap_or(0)
}

/// The reactor solution at `sol_ptr` played on the level at `level_ptr`: its final state hash, or 0.
///
/// # Safety
/// Each pointer and length come from one `alloc` call, filled by the host; they are freed here.
#[no_mangle]
pub unsafe extern "C" fn replay_reactor(
    level_ptr: *mut u8,
    level_len: usize,
    sol_ptr: *mut u8,
    sol_len: usize,
) -> u64 {
    // SAFETY: as this function's contract says.
    let (level, solution) = unsafe { (take(level_ptr, level_len), take(sol_ptr, sol_len)) };
    String::from_utf8(solution).ok().and_then(|text| reactor_hash(&level, &text).ok()).unwrap_or(0)
}
