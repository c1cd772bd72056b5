//! Colours as the scene carries them.

/// An sRGB colour as a designer writes it (the renderer turns it into linear light).
pub type Srgb = [u8; 3];
