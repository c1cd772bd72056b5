// Colour encoding shared by every pass: linear light to sRGB bytes, for targets that do not encode
// themselves (a non-sRGB surface format).

fn encode_srgb(c: vec3<f32>) -> vec3<f32> {
    let lo = c * 12.92;
    let hi = 1.055 * pow(c, vec3<f32>(1.0 / 2.4)) - 0.055;
    return select(hi, lo, c <= vec3<f32>(0.0031308));
}
