//! Captions, the guided tutorial's text pinned to cells: an optional, additive field of the level
//! format (a file without it loads and saves unchanged), checked by the validator (a caption off the
//! map or longer than one line is one sentence naming it), kept by the text form and undo, and drawn
//! beside its cell on the board through the legend's `BoardScene::captions`.

use super::support::*;
use hollowdeep::reactor::bounds::{MAX_CAPTION, MAX_LINE};
use hollowdeep::reactor::present::{self, ViewState};
use hollowdeep::reactor::validate::{validate, IssueKind};
use hollowdeep::reactor::{schema, script, text};

/// A fuel source, a consumer and the reactor, with two captions.
const CAPTIONED: &str = "
    [surface]
    ######
    #@acr#
    ######
    [fuel]
    ......
    ..===.
    ......
    [props]
    a flow fuel off
    c consumer on
    r reactor
    [captions]
    2 1 Switch the source on
    4 1 Then start the reactor here
    [level]
    id captioned
    required 1 0 0
    robot 1 1 0 false
";

#[test]
fn captions_round_trip_through_the_file_and_the_text_form() {
    let l = level(CAPTIONED);
    assert_eq!(l.captions.len(), 2);
    assert_eq!(
        (l.captions[1].pos, l.captions[1].text.as_str()),
        (Pos::new(4, 1), "Then start the reactor here")
    );
    let saved = schema::save(&l);
    assert!(saved.contains("\"captions\""), "{saved}");
    let back = schema::load(saved.as_bytes(), &bal()).level.expect("a captioned level loads");
    assert_eq!(back, l);
    assert_eq!(schema::save(&back), saved, "canonical");
    let again = text::parse(&text::render(&l, &bal()), &bal()).expect("the text form reads back");
    assert_eq!(again.captions, l.captions);
}

#[test]
fn a_level_without_captions_writes_no_captions_field() {
    let mut l = level(CAPTIONED);
    l.captions.clear();
    assert!(!schema::save(&l).contains("captions"), "old files keep their bytes and their hash");
}

#[test]
fn undo_and_restart_keep_the_captions() {
    let mut g = game(CAPTIONED);
    let start = g.level.captions.clone();
    let line = script::parse_actions("move:E interact undo restart undo").unwrap();
    script::run(&mut g, &line);
    assert_eq!(g.level.captions, start);
}

#[test]
fn a_caption_off_the_map_too_long_or_doubled_is_one_sentence_each() {
    let long = "x".repeat(MAX_CAPTION + 1);
    let fits = "y".repeat(MAX_CAPTION);
    let mut l = level(CAPTIONED);
    l.captions[0].pos = Pos::new(9, 1);
    l.captions[1].text = long;
    l.captions.push(hollowdeep::reactor::level::Caption { pos: Pos::new(2, 1), text: fits.clone() });
    l.captions.push(hollowdeep::reactor::level::Caption { pos: Pos::new(2, 1), text: "again".into() });
    let issues: Vec<_> = validate(&l, &bal()).into_iter().filter(|i| i.kind == IssueKind::Caption).collect();
    let lines: Vec<String> = issues.iter().map(|i| i.line()).collect();
    assert_eq!(issues.len(), 3, "{lines:?}");
    assert!(lines[0].contains("(9, 1)") && lines[0].contains("off the 6x3 map"), "{}", lines[0]);
    assert!(lines[1].contains(&format!("more than the {MAX_CAPTION}")), "{}", lines[1]);
    assert_eq!(issues[2].pos, Some(Pos::new(2, 1)));
    for line in &lines {
        assert!(line.chars().count() <= MAX_LINE && !line.contains('\n'), "{line}");
    }
    // A caption is an error: the loader refuses the level in its one sentence.
    let loaded = schema::load(schema::save(&l).as_bytes(), &bal());
    assert!(loaded.level.is_none());
    let why = loaded.refusal("captions.json").unwrap();
    assert!(why.contains("off the 6x3 map"), "{why}");
}

#[test]
fn a_caption_entry_with_an_unknown_field_or_no_text_is_refused_by_name() {
    let saved = schema::save(&level(CAPTIONED));
    let typo = saved.replacen("\"text\"", "\"txt\"", 1);
    let loaded = schema::load(typo.as_bytes(), &bal());
    assert!(loaded.level.is_none());
    let why = loaded.refusal("typo.json").unwrap();
    assert!(why.contains("captions[0].txt"), "{why}");
}

#[test]
fn the_board_draws_each_caption_beside_its_cell() {
    let g = game(CAPTIONED);
    let scene = present::scene(&g, &ViewState::default(), None, 0);
    let board = scene.board.expect("a board");
    let shown: Vec<(Pos, &str)> = board.captions.iter().map(|c| (c.cell, c.text.as_str())).collect();
    assert_eq!(
        shown,
        vec![(Pos::new(2, 1), "Switch the source on"), (Pos::new(4, 1), "Then start the reactor here")]
    );
}
