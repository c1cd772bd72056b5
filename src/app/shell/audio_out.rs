//! `--audio-out`: a game's sound rendered offline on game time and streamed to a WAV file, for
//! any game's front to fill with its own steps.

use crate::app::persist::writer::Output;
use crate::audio::offline::{key_seconds, Offline};
use crate::audio::tuning::OFFLINE_RATE;
use crate::audio::wav;
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;

/// Plays on until the next key: when the action's own playback (`seconds`) ends, or one offline
/// pace (`key_seconds`) after this key if that is later. Returns the seconds played.
pub fn press(out: &mut Offline, seconds: f64) -> f64 {
    let seconds = seconds.max(key_seconds());
    out.advance(seconds);
    seconds
}

/// Plays with `play` and streams the WAV to `path` as it is rendered, so memory does not grow with
/// the run's length. The output is opened (its folder checked) before the render runs.
pub fn write(path: &Path, play: impl FnOnce(&mut Offline)) -> Result<(), String> {
    let failed = |e: std::io::Error| format!("Could not write the audio to {}: {e}.", path.display());
    let mut file = std::io::BufWriter::new(Output::create(path)?);
    file.write_all(&wav::header(OFFLINE_RATE, None)).map_err(failed)?;
    let mut frames = 0u64;
    let mut error = None;
    let mut bytes = Vec::new();
    let mut sink = |chunk: &[[f32; 2]]| {
        frames += chunk.len() as u64;
        bytes.clear();
        wav::append_samples(chunk, &mut bytes);
        if error.is_none() {
            error = file.write_all(&bytes).err();
        }
    };
    play(&mut Offline::streaming(OFFLINE_RATE, &mut sink));
    if let Some(e) = error {
        return Err(failed(e));
    }
    let mut file = file.into_inner().map_err(|e| failed(e.into_error()))?;
    if file.seekable() {
        // The length is known now: the header says it, as the file a buffer would have written.
        file.seek(SeekFrom::Start(0)).map_err(failed)?;
        file.write_all(&wav::header(OFFLINE_RATE, Some(frames))).map_err(failed)?;
    }
    file.commit()
}
