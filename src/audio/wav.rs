//! 16-bit PCM stereo WAV files: the 44-byte header is written here rather than through a crate,
//! since it is a dozen fixed fields and reading one back (for the tests) is as short.

/// The bytes of a WAV file of `frames` at `rate`.
pub fn encode(frames: &[[f32; 2]], rate: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + frames.len() * BYTES_PER_FRAME);
    out.extend_from_slice(&header(rate, Some(frames.len() as u64)));
    append_samples(frames, &mut out);
    out
}

/// The header's length: a WAV streamed to disk writes this many bytes before its samples.
pub const HEADER_LEN: usize = 44;

const BYTES_PER_FRAME: usize = 4;

/// The 44-byte header of a file of `frames` frames at `rate`; `None` when the length is not known
/// yet (a stream into a pipe), written as the largest sizes, as streaming tools do.
pub fn header(rate: u32, frames: Option<u64>) -> [u8; HEADER_LEN] {
    let data_len = frames.map_or(u32::MAX - 36, |n| {
        u32::try_from(n * BYTES_PER_FRAME as u64).unwrap_or(u32::MAX - 36).min(u32::MAX - 36)
    });
    let mut out = [0u8; HEADER_LEN];
    let fields: [&[u8]; 13] = [
        b"RIFF",
        &(36 + data_len).to_le_bytes(),
        b"WAVEfmt ",
        &16u32.to_le_bytes(),
        &1u16.to_le_bytes(), // PCM
        &2u16.to_le_bytes(), // stereo
        &rate.to_le_bytes(),
        &(rate * BYTES_PER_FRAME as u32).to_le_bytes(), // bytes per second
        &(BYTES_PER_FRAME as u16).to_le_bytes(),        // bytes per frame
        &16u16.to_le_bytes(),                           // bits per sample
        b"data",
        &data_len.to_le_bytes(),
        &[],
    ];
    let mut at = 0;
    for field in fields {
        out[at..at + field.len()].copy_from_slice(field);
        at += field.len();
    }
    out
}

/// Appends `frames` as 16-bit little-endian samples.
pub fn append_samples(frames: &[[f32; 2]], out: &mut Vec<u8>) {
    for frame in frames {
        for s in frame {
            out.extend_from_slice(&((s.clamp(-1.0, 1.0) * 32767.0).round() as i16).to_le_bytes());
        }
    }
}

/// Reads back a file `encode` wrote: its rate and frames. Any other layout is an error sentence.
pub fn decode(bytes: &[u8]) -> Result<(u32, Vec<[f32; 2]>), String> {
    let field = |at: usize, len: usize| bytes.get(at..at + len).ok_or("the file is too short");
    let u16_at = |at| field(at, 2).map(|b| u16::from_le_bytes([b[0], b[1]]));
    let u32_at = |at| field(at, 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    if field(0, 4)? != b"RIFF" || field(8, 8)? != b"WAVEfmt " || field(36, 4)? != b"data" {
        return Err("it is not a plain PCM WAV file".into());
    }
    if u16_at(20)? != 1 || u16_at(22)? != 2 || u16_at(34)? != 16 {
        return Err("it is not 16-bit stereo PCM".into());
    }
    let rate = u32_at(24)?;
    let data = field(44, u32_at(40)? as usize)?;
    let frames = data
        .chunks_exact(4)
        .map(|c| {
            let s = |i: usize| f32::from(i16::from_le_bytes([c[i], c[i + 1]])) / 32767.0;
            [s(0), s(2)]
        })
        .collect();
    Ok((rate, frames))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_written_reads_back() {
        let frames = vec![[0.5, -0.25], [1.0, -1.0], [0.0, 0.0]];
        let bytes = encode(&frames, 48_000);
        assert_eq!(bytes.len(), 44 + 12);
        let (rate, back) = decode(&bytes).unwrap();
        assert_eq!(rate, 48_000);
        for (a, b) in frames.iter().zip(&back) {
            assert!((a[0] - b[0]).abs() < 1e-4 && (a[1] - b[1]).abs() < 1e-4);
        }
        assert!(decode(b"RIFF").is_err());
    }
}
