//! The sound device, through kira: one endless kira sound whose samples come from our mixer, so the
//! device plays the same frames an offline render writes. With no device the game plays silently
//! and says so in one line; audio never stops the game from starting.

use super::mixer::{MixCommand, Mixer};
use kira::info::Info;
use kira::sound::{Sound, SoundData};
use kira::{AudioManager, AudioManagerSettings, DefaultBackend, Frame};
use std::sync::mpsc::{channel, Receiver, Sender};

/// An open sound device, fed by commands; the mixer lives on the audio thread.
pub struct Device {
    to_mixer: Sender<MixCommand>,
    // Kept alive: dropping the manager closes the stream.
    _manager: AudioManager<DefaultBackend>,
}

impl Device {
    /// Opens the default output device, or says in one sentence why there is none.
    pub fn open() -> Result<Device, String> {
        if !may_have_a_device() {
            return Err("No sound device found; playing silently.".into());
        }
        let mut manager = AudioManager::<DefaultBackend>::new(AudioManagerSettings::default())
            .map_err(|e| format!("No sound device ({e}); playing silently."))?;
        let (to_mixer, from_game) = channel();
        manager
            .play(MixerSound { from_game: Some(from_game) })
            .map_err(|e| format!("The sound device would not play ({e}); playing silently."))?;
        Ok(Device { to_mixer, _manager: manager })
    }

    pub fn send(&self, command: MixCommand) {
        // The audio thread only goes away with the manager, which this owns.
        let _ = self.to_mixer.send(command);
    }
}

/// Whether this machine may have somewhere to play sound. On Linux, ALSA prints a page of errors
/// to stderr when asked for a device on a machine with no sound card (CI, containers), so when there
/// is neither a card nor a sound server's socket it is not asked at all.
fn may_have_a_device() -> bool {
    if !cfg!(target_os = "linux") {
        return true;
    }
    let cards = std::fs::read_to_string("/proc/asound/cards").unwrap_or_default();
    let has_card = cards.lines().any(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()));
    let runtime = std::env::var_os("XDG_RUNTIME_DIR").map(std::path::PathBuf::from);
    let has_server = std::env::var_os("PULSE_SERVER").is_some()
        || runtime.is_some_and(|dir| dir.join("pulse/native").exists() || dir.join("pipewire-0").exists());
    // A hand-written ALSA configuration may route sound anywhere (a plugin, a null device).
    let home = std::env::var_os("HOME").map(std::path::PathBuf::from);
    let has_config =
        std::env::var_os("ALSA_CONFIG_PATH").is_some() || home.is_some_and(|h| h.join(".asoundrc").exists());
    has_card || has_server || has_config
}

/// Hands the receiving end to the audio thread.
struct MixerSound {
    from_game: Option<Receiver<MixCommand>>,
}

impl SoundData for MixerSound {
    type Error = String;
    type Handle = ();

    fn into_sound(mut self) -> Result<(Box<dyn Sound>, ()), String> {
        let from_game = self.from_game.take().ok_or("the mixer was already started")?;
        Ok((Box::new(Playing { from_game, mixer: None, scratch: Vec::new() }), ()))
    }
}

/// The mixer on the audio thread, built at the device's rate on the first request.
struct Playing {
    from_game: Receiver<MixCommand>,
    mixer: Option<Mixer>,
    scratch: Vec<[f32; 2]>,
}

impl Sound for Playing {
    fn process(&mut self, out: &mut [Frame], dt: f64, _info: &Info) {
        let rate = (1.0 / dt).round() as u32;
        let mixer = match &mut self.mixer {
            Some(m) if m.rate() == rate => m,
            slot => slot.insert(Mixer::new(rate)),
        };
        while let Ok(command) = self.from_game.try_recv() {
            mixer.apply(command);
        }
        self.scratch.resize(out.len(), [0.0, 0.0]);
        mixer.render(&mut self.scratch);
        for (o, [l, r]) in out.iter_mut().zip(&self.scratch) {
            *o = Frame::new(*l, *r);
        }
    }

    fn finished(&self) -> bool {
        false
    }
}
