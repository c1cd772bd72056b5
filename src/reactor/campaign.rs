//! The campaign: the shipped levels in teaching order (a tutorial, then groups that each add one
//! intervention grammar), each level's par, and which groups a player may open.

use serde::Deserialize;

pub const FORMAT: &str = "hollowdeep-reactor-campaign";
pub const SCHEMA: u64 = 1;

/// Groups open from the start: the tutorial and the first real group, so a player always has more
/// than one level to choose from.
pub const OPEN_FROM_START: usize = 2;

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The level's file name under `assets/reactor/`; its solution is `<stem>.solution.json` beside it.
    pub file: String,
    /// The level's stable id (its file's `id`), under which the profile keeps its best.
    pub id: String,
    /// The fewest lengthy actions that win it, as the solver proves.
    pub par: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    pub name: String,
    /// The intervention grammar the group teaches, in one line for the campaign screen.
    pub teaches: String,
    pub levels: Vec<Entry>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    pub format: String,
    pub schema: u64,
    pub groups: Vec<Group>,
}

impl Campaign {
    /// Reads a campaign file; one sentence when it is not one.
    pub fn parse(text: &str) -> Result<Campaign, String> {
        let c: Campaign =
            serde_json::from_str(text).map_err(|e| format!("the campaign file is not valid ({e})"))?;
        if c.format != FORMAT {
            return Err(format!("the campaign file's format is {:?}, not {FORMAT:?}", c.format));
        }
        if c.schema != SCHEMA {
            return Err(format!(
                "the campaign file is schema {}, and this build reads schema {SCHEMA}",
                c.schema
            ));
        }
        if let Some(g) = c.groups.iter().find(|g| g.levels.is_empty()) {
            return Err(format!("the campaign group {:?} has no level", g.name));
        }
        Ok(c)
    }

    /// Every level in campaign order, with its group's index.
    pub fn entries(&self) -> impl Iterator<Item = (usize, &Entry)> {
        self.groups.iter().enumerate().flat_map(|(g, group)| group.levels.iter().map(move |e| (g, e)))
    }

    /// The entry of the level with this id.
    pub fn entry(&self, id: &str) -> Option<&Entry> {
        self.entries().map(|(_, e)| e).find(|e| e.id == id)
    }

    /// Which groups are open, given which level ids have been won: the first `OPEN_FROM_START`
    /// always, and each later group once any level of the group before it is won. Every level of an
    /// open group is open, so no one is stuck behind a single puzzle.
    pub fn open_groups(&self, won: impl Fn(&str) -> bool) -> Vec<bool> {
        let mut open = Vec::with_capacity(self.groups.len());
        for (g, _) in self.groups.iter().enumerate() {
            let is_open =
                g < OPEN_FROM_START || (open[g - 1] && self.groups[g - 1].levels.iter().any(|e| won(&e.id)));
            open.push(is_open);
        }
        open
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three_groups() -> Campaign {
        let entry = |id: &str| format!(r#"{{"file": "{id}.json", "id": "{id}", "par": 2}}"#);
        let group = |name: &str, ids: &[&str]| {
            let levels: Vec<String> = ids.iter().map(|i| entry(i)).collect();
            format!(r#"{{"name": "{name}", "teaches": "t", "levels": [{}]}}"#, levels.join(","))
        };
        let text = format!(
            r#"{{"format": "{FORMAT}", "schema": 1, "groups": [{}, {}, {}, {}]}}"#,
            group("tutorial", &["t1"]),
            group("one", &["a", "b"]),
            group("two", &["c", "d"]),
            group("three", &["e"])
        );
        Campaign::parse(&text).expect("a campaign")
    }

    #[test]
    fn the_first_groups_are_open_and_a_win_opens_the_next() {
        let c = three_groups();
        assert_eq!(c.open_groups(|_| false), vec![true, true, false, false]);
        assert_eq!(c.open_groups(|id| id == "b"), vec![true, true, true, false]);
        // A win in a group that is not open yet opens nothing after it.
        assert_eq!(c.open_groups(|id| id == "c"), vec![true, true, false, false]);
        assert_eq!(c.open_groups(|id| id == "b" || id == "d"), vec![true, true, true, true]);
    }

    #[test]
    fn entries_come_in_campaign_order_and_are_found_by_id() {
        let c = three_groups();
        let ids: Vec<(usize, &str)> = c.entries().map(|(g, e)| (g, e.id.as_str())).collect();
        assert_eq!(ids, vec![(0, "t1"), (1, "a"), (1, "b"), (2, "c"), (2, "d"), (3, "e")]);
        assert_eq!(c.entry("d").map(|e| e.file.as_str()), Some("d.json"));
        assert!(c.entry("zz").is_none());
    }

    #[test]
    fn a_bad_campaign_file_gets_one_sentence() {
        assert!(Campaign::parse("[]").unwrap_err().contains("not valid"));
        let wrong = r#"{"format": "x", "schema": 1, "groups": []}"#;
        assert!(Campaign::parse(wrong).unwrap_err().contains("format"));
        let newer = format!(r#"{{"format": "{FORMAT}", "schema": 9, "groups": []}}"#);
        assert!(Campaign::parse(&newer).unwrap_err().contains("schema 9"));
        let empty = format!(
            r#"{{"format": "{FORMAT}", "schema": 1, "groups": [{{"name": "g", "teaches": "t", "levels": []}}]}}"#
        );
        assert!(Campaign::parse(&empty).unwrap_err().contains("no level"));
    }
}
