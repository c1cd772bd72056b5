//! The campaign screen's rows: each group with what it teaches and whether it is open, and under it
//! its levels with their best metrics and par. Built from the campaign file and the profile's
//! records; the title screen only lists them and says which one was taken.

use crate::reactor::campaign::Campaign;
use crate::reactor::words::count;

/// One row of the campaign screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampaignRow {
    pub label: String,
    /// The group this row belongs to (a header is its group's first row).
    pub group: usize,
    /// Where taking it leads: the shipped level's index; none for a group's header.
    pub level: Option<usize>,
    pub open: bool,
}

/// What the page knows of one level besides the campaign file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelRecord {
    /// Its index among the shipped levels; none when the campaign names a level not built in.
    pub shipped: Option<usize>,
    pub name: String,
    pub in_progress: bool,
    /// The best of its wins: fewest lengthy actions, and fewest undos.
    pub best: Option<(u32, u32)>,
}

/// The campaign screen: the rows, and for each group the one line it teaches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CampaignPage {
    pub rows: Vec<CampaignRow>,
    pub teaches: Vec<String>,
    pub group_names: Vec<String>,
}

impl CampaignPage {
    /// Lays the campaign out; `record` tells what is known of the level with this id.
    pub fn new(campaign: &Campaign, record: impl Fn(&str) -> LevelRecord) -> CampaignPage {
        let open = campaign.open_groups(|id| record(id).best.is_some());
        let mut page = CampaignPage::default();
        for (g, group) in campaign.groups.iter().enumerate() {
            let won = group.levels.iter().filter(|e| record(&e.id).best.is_some()).count();
            let number = group_number(g);
            let state = if open[g] {
                format!("{won} of {} won", group.levels.len())
            } else {
                format!("locked: win a level of {}", group_number(g.saturating_sub(1)).to_lowercase())
            };
            let title = titled(&number, &group.name);
            page.rows.push(CampaignRow {
                label: format!("{title}  ({state})"),
                group: g,
                level: None,
                open: open[g],
            });
            for (i, entry) in group.levels.iter().enumerate() {
                let r = record(&entry.id);
                let mut label = format!("   {} {}", level_number(g, i), r.name);
                // A level once won stays open (it may have been won from the command line).
                let open_here = open[g] || r.best.is_some();
                match (open_here, r.best, r.in_progress) {
                    (false, _, _) => label.push_str("  (locked)"),
                    (true, _, true) => label.push_str(&format!("  in progress; par {}", entry.par)),
                    (true, Some((lengthy, undos)), false) => {
                        let mark = if lengthy <= entry.par { ", at par" } else { "" };
                        let undos = count(undos, "undo", "undos");
                        label.push_str(&format!(
                            "  won: best {lengthy} lengthy{mark}, {undos}; par {}",
                            entry.par
                        ));
                    }
                    (true, None, false) => label.push_str(&format!("  par {}", entry.par)),
                }
                page.rows.push(CampaignRow { label, group: g, level: r.shipped, open: open_here });
            }
            page.teaches.push(group.teaches.clone());
            page.group_names.push(title);
        }
        page
    }

    /// Whether the cursor may rest on this row: levels may be chosen (a locked one says why it is
    /// locked), headers are passed over.
    pub fn selectable(&self, row: usize) -> bool {
        self.rows.get(row).is_some_and(|r| r.level.is_some())
    }

    /// The row that takes shipped level `shipped`, if the campaign lists it.
    pub fn row_of(&self, shipped: usize) -> Option<usize> {
        self.rows.iter().position(|r| r.level == Some(shipped))
    }

    /// The shipped level a win of `shipped` leads on to: the next open level in the campaign's
    /// order, none after the last one (or for a level the campaign does not list).
    pub fn next_open_after(&self, shipped: usize) -> Option<usize> {
        let row = self.row_of(shipped)?;
        self.rows[row + 1..].iter().find(|r| r.open && r.level.is_some()).and_then(|r| r.level)
    }

    /// The line under the title for the row the cursor is on: the group, then what it teaches as
    /// the campaign writes it, a sentence of its own ("teaches: One thing a level: ..." read as
    /// two colons and a capital mid-sentence to a play-tester).
    pub fn teaching_line(&self, row: usize) -> Option<String> {
        let g = self.rows.get(row)?.group;
        Some(format!("{}. {}", self.group_names.get(g)?, self.teaches.get(g)?))
    }
}

/// "Group 1 · Fuel", or the name alone where it says the same as the number ("Tutorial").
fn titled(number: &str, name: &str) -> String {
    if name.eq_ignore_ascii_case(number) {
        number.to_string()
    } else {
        format!("{number} · {name}")
    }
}

/// "T1", "T2" in the tutorial; "1.1", "1.2" in group 1.
fn level_number(group: usize, index: usize) -> String {
    if group == 0 {
        format!("T{}", index + 1)
    } else {
        format!("{group}.{}", index + 1)
    }
}

/// "Tutorial" for the first group, "Group N" after it.
fn group_number(g: usize) -> String {
    if g == 0 {
        "Tutorial".into()
    } else {
        format!("Group {g}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reactor::campaign::FORMAT;

    fn campaign() -> Campaign {
        let text = format!(
            r#"{{"format": "{FORMAT}", "schema": 1, "groups": [
                {{"name": "Basics", "teaches": "pulses", "levels": [{{"file": "t.json", "id": "t", "par": 2}}]}},
                {{"name": "Fuel", "teaches": "valves", "levels": [{{"file": "a.json", "id": "a", "par": 3}},
                                                                 {{"file": "b.json", "id": "b", "par": 4}}]}},
                {{"name": "Water", "teaches": "sprinklers", "levels": [{{"file": "c.json", "id": "c", "par": 5}}]}}]}}"#
        );
        Campaign::parse(&text).unwrap()
    }

    fn record<'a>(won: &'a [(&'a str, u32)]) -> impl Fn(&str) -> LevelRecord + 'a {
        move |id| LevelRecord {
            shipped: Some(id.as_bytes()[0] as usize),
            name: id.to_uppercase(),
            in_progress: id == "b",
            best: won.iter().find(|(w, _)| *w == id).map(|(_, l)| (*l, 1)),
        }
    }

    #[test]
    fn groups_head_their_levels_with_best_and_par_and_later_groups_wait() {
        let page = CampaignPage::new(&campaign(), record(&[]));
        let labels: Vec<&str> = page.rows.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels[0], "Tutorial · Basics  (0 of 1 won)");
        assert!(labels[1].contains("T1 T") && labels[1].ends_with("par 2"), "{}", labels[1]);
        assert!(labels[3].contains("1.1 A"), "{}", labels[3]);
        assert!(labels[4].contains("in progress; par 4"), "{}", labels[4]);
        assert_eq!(labels[5], "Group 2 · Water  (locked: win a level of group 1)");
        assert!(labels[6].ends_with("(locked)"));
        // Two groups and three levels are open before any win.
        assert_eq!(page.rows.iter().filter(|r| r.open && r.level.is_some()).count(), 3);
        assert!(!page.selectable(0) && page.selectable(1) && !page.selectable(2));
        assert_eq!(page.teaching_line(3).as_deref(), Some("Group 1 · Fuel. valves"));
    }

    #[test]
    fn a_win_shows_its_best_against_par_and_opens_the_next_group() {
        let page = CampaignPage::new(&campaign(), record(&[("a", 3), ("t", 5)]));
        assert!(page.rows[1].label.contains("won: best 5 lengthy, 1 undo; par 2"), "{}", page.rows[1].label);
        assert!(page.rows[3].label.contains("won: best 3 lengthy, at par, 1 undo; par 3"));
        assert!(page.rows[2].label.contains("1 of 2 won"));
        assert!(page.rows[5].open && page.rows[6].label.ends_with("par 5"));
    }

    #[test]
    fn a_win_leads_on_to_the_next_open_level_and_the_last_one_to_none() {
        let shipped = |id: &str| id.as_bytes()[0] as usize;
        let before = CampaignPage::new(&campaign(), record(&[("t", 2)]));
        assert_eq!(before.next_open_after(shipped("t")), Some(shipped("a")), "over the group's header");
        assert_eq!(before.next_open_after(shipped("a")), Some(shipped("b")));
        assert_eq!(before.next_open_after(shipped("b")), None, "group 2 is still locked");
        let after = CampaignPage::new(&campaign(), record(&[("t", 2), ("a", 3)]));
        assert_eq!(after.next_open_after(shipped("b")), Some(shipped("c")), "the win opened group 2");
        assert_eq!(after.next_open_after(shipped("c")), None, "the campaign's last level");
        assert_eq!(after.row_of(shipped("c")), Some(6));
    }

    #[test]
    fn a_level_won_in_a_locked_group_stays_open_and_shows_its_best() {
        let page = CampaignPage::new(&campaign(), record(&[("c", 6)]));
        assert!(!page.rows[5].open, "the group itself stays locked");
        assert!(
            page.rows[6].open && page.rows[6].label.contains("won: best 6 lengthy"),
            "{}",
            page.rows[6].label
        );
    }
}
