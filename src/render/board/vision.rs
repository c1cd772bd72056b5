//! The board's hazard colours checked for every kind of colour vision: each pair of the four
//! quantities at caution, and the unsafe mark, must stay ΔE2000 ≥ 10 apart for normal vision and
//! under Machado, Oliveira and Fernandes (2009)'s full-severity protanopia, deuteranopia and
//! tritanopia matrices (applied in linear RGB, as the paper does), computed from the very constants
//! the shader is given.

#![cfg(test)]

use super::pack::{caution_strength, BOARD_FLOOR};
use crate::render::palette::linear;
use crate::scene::{Srgb, BOARD_HUES, UNSAFE_MARK};

type Rgb = [f32; 3];

/// Machado 2009, severity 1.0.
const VISIONS: [(&str, [[f32; 3]; 3]); 4] = [
    ("normal", [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]),
    (
        "protan",
        [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    ),
    (
        "deutan",
        [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    ),
    (
        "tritan",
        [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
    ),
];

const MIN_DELTA_E: f64 = 10.0;

fn lin(c: Srgb) -> Rgb {
    let [r, g, b, _] = linear(c, 1.0);
    [r, g, b]
}

fn simulate(m: &[[f32; 3]; 3], c: Rgb) -> Rgb {
    std::array::from_fn(|i| (m[i][0] * c[0] + m[i][1] * c[1] + m[i][2] * c[2]).clamp(0.0, 1.0))
}

/// CIE L*a*b* (D65) of a linear sRGB colour.
fn lab(c: Rgb) -> [f64; 3] {
    let [r, g, b] = c.map(f64::from);
    let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
    let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
    let f = |t: f64| if t > 216.0 / 24389.0 { t.cbrt() } else { (24389.0 / 27.0 * t + 16.0) / 116.0 };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// CIEDE2000 (Sharma, Wu and Dalal 2005).
fn delta_e2000(p: [f64; 3], q: [f64; 3]) -> f64 {
    let ([l1, a1, b1], [l2, a2, b2]) = (p, q);
    let c_bar = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let g = 0.5 * (1.0 - (c_bar.powi(7) / (c_bar.powi(7) + 25f64.powi(7))).sqrt());
    let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1p, c2p) = (a1p.hypot(b1), a2p.hypot(b2));
    let hue =
        |b: f64, a: f64| if b == 0.0 && a == 0.0 { 0.0 } else { b.atan2(a).to_degrees().rem_euclid(360.0) };
    let (h1p, h2p) = (hue(b1, a1p), hue(b2, a2p));
    let dlp = l2 - l1;
    let dcp = c2p - c1p;
    let mut dhp = h2p - h1p;
    if c1p * c2p == 0.0 {
        dhp = 0.0;
    } else if dhp > 180.0 {
        dhp -= 360.0;
    } else if dhp < -180.0 {
        dhp += 360.0;
    }
    let dhp_big = 2.0 * (c1p * c2p).sqrt() * (dhp / 2.0).to_radians().sin();
    let lbp = (l1 + l2) / 2.0;
    let cbp = (c1p + c2p) / 2.0;
    let hbp = if c1p * c2p == 0.0 {
        h1p + h2p
    } else if (h1p - h2p).abs() <= 180.0 {
        (h1p + h2p) / 2.0
    } else if h1p + h2p < 360.0 {
        (h1p + h2p + 360.0) / 2.0
    } else {
        (h1p + h2p - 360.0) / 2.0
    };
    let cos = |deg: f64| deg.to_radians().cos();
    let t = 1.0 - 0.17 * cos(hbp - 30.0) + 0.24 * cos(2.0 * hbp) + 0.32 * cos(3.0 * hbp + 6.0)
        - 0.20 * cos(4.0 * hbp - 63.0);
    let d_theta = 30.0 * (-((hbp - 275.0) / 25.0).powi(2)).exp();
    let rc = 2.0 * (cbp.powi(7) / (cbp.powi(7) + 25f64.powi(7))).sqrt();
    let sl = 1.0 + 0.015 * (lbp - 50.0).powi(2) / (20.0 + (lbp - 50.0).powi(2)).sqrt();
    let sc = 1.0 + 0.045 * cbp;
    let sh = 1.0 + 0.015 * cbp * t;
    let rt = -(2.0 * d_theta).to_radians().sin() * rc;
    ((dlp / sl).powi(2) + (dcp / sc).powi(2) + (dhp_big / sh).powi(2) + rt * (dcp / sc) * (dhp_big / sh))
        .sqrt()
}

/// A hue laid over the floor at caution, as the board's `layer` mixes it (in linear light).
fn at_caution(hue: Srgb) -> Rgb {
    let (floor, h, k) = (lin(BOARD_FLOOR), lin(hue), caution_strength());
    std::array::from_fn(|i| floor[i] + (h[i] - floor[i]) * k)
}

/// The smallest ΔE2000 between any two of `colours` under any vision, with where it falls.
fn closest(colours: &[(&str, Rgb)]) -> (f64, String) {
    let mut worst = (f64::INFINITY, String::new());
    for (vision, m) in &VISIONS {
        for (i, (a, ca)) in colours.iter().enumerate() {
            for (b, cb) in &colours[i + 1..] {
                let d = delta_e2000(lab(simulate(m, *ca)), lab(simulate(m, *cb)));
                if d < worst.0 {
                    worst = (d, format!("{a} and {b} for {vision} vision"));
                }
            }
        }
    }
    worst
}

fn board_colours(hues: [Srgb; 4], mark: Srgb) -> Vec<(&'static str, Rgb)> {
    let names = ["fuel", "water", "electricity", "heat"];
    let mut out: Vec<(&str, Rgb)> = names.iter().zip(hues).map(|(n, h)| (*n, at_caution(h))).collect();
    out.push(("the unsafe mark", lin(mark)));
    out
}

#[test]
fn delta_e2000_matches_the_published_test_pairs() {
    // Sharma, Wu and Dalal (2005), table 1: pairs 1 and 7.
    let d = delta_e2000([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485]);
    assert!((d - 2.0425).abs() < 1e-4, "{d}");
    let d = delta_e2000([50.0, 0.0, 0.0], [50.0, -1.0, 2.0]);
    assert!((d - 2.3669).abs() < 1e-4, "{d}");
}

#[test]
fn the_hazards_at_caution_and_the_unsafe_mark_stay_apart_for_every_colour_vision() {
    let (d, pair) = closest(&board_colours(BOARD_HUES, UNSAFE_MARK));
    println!("closest pair: {pair}, ΔE2000 {d:.1}");
    assert!(d >= MIN_DELTA_E, "{pair} are only ΔE2000 {d:.1} apart");
}

#[test]
fn the_check_catches_the_old_red_fuel_and_orange_heat() {
    let old = [[230, 70, 60], [80, 150, 255], [250, 230, 70], [255, 150, 40]];
    let (d, pair) = closest(&board_colours(old, [255, 35, 35]));
    assert!(d < MIN_DELTA_E, "the old palette passes ({pair}: {d:.1}): the check would catch nothing");
}
