// Colour encoding shared by every pass: linear light to sRGB bytes, for targets that do not encode
// themselves (a non-sRGB surface format).

// A pipeline constant, set where the target is not sRGB: on an sRGB target the encode is not in the
// code at all (lavapipe would pay its three `pow`s behind a uniform branch in every pixel).
override ENCODE_SRGB: bool = false;

fn encode_srgb(c: vec3<f32>) -> vec3<f32> {
    let lo = c * 12.92;
    let hi = 1.055 * pow(c, vec3<f32>(1.0 / 2.4)) - 0.055;
    return select(hi, lo, c <= vec3<f32>(0.0031308));
}

// Linear light as the target stores it.
fn encode(c: vec3<f32>) -> vec3<f32> {
    if ENCODE_SRGB {
        return encode_srgb(c);
    }
    return c;
}
