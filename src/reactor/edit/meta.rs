//! Level metadata and size: id, name, difficulty, starting inventory, required consumer counts and
//! resizing. Each setter is one undo step (or part of a running stroke, e.g. typing a name).

use super::Editor;
use crate::grid::{Grid, Pos};
use crate::reactor::level::{Carrier, Difficulty, Item, Level, Terrain, Under};
use crate::reactor::schema::MAX_SIDE;

impl Editor {
    /// The stable id: non-empty, lowercase letters, digits, `-` and `_` (it names files and solutions).
    pub fn set_id(&mut self, id: &str) -> Result<(), String> {
        let ok =
            id.chars().all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-' || ch == '_');
        if id.is_empty() || !ok {
            return Err("a level id is non-empty and uses only a-z, 0-9, '-' and '_'".into());
        }
        let id = id.to_string();
        self.edit(|l, _| {
            l.id = id;
            Ok(())
        })
    }

    pub fn set_name(&mut self, name: &str) -> Result<(), String> {
        let name = name.to_string();
        self.edit(|l, _| {
            l.name = name;
            Ok(())
        })
    }

    pub fn set_difficulty(&mut self, d: Difficulty) -> Result<(), String> {
        self.edit(|l, _| {
            l.difficulty = d;
            Ok(())
        })
    }

    /// The robot's starting inventory, at most the balance's capacity.
    pub fn set_inventory(&mut self, items: &[Item]) -> Result<(), String> {
        let items = items.to_vec();
        self.edit(|l, b| {
            if items.len() > b.inventory_capacity {
                let most = crate::reactor::words::count_of(b.inventory_capacity, "item", "items");
                return Err(format!("the inventory holds at most {most}"));
            }
            l.inventory = items;
            Ok(())
        })
    }

    /// Required producing consumers of a carrier for the reactor; more than the consumers standing on
    /// that network is allowed here and reported by validation as an error.
    pub fn set_required(&mut self, c: Carrier, n: u32) -> Result<(), String> {
        self.edit(|l, _| {
            l.required[c as usize] = n;
            Ok(())
        })
    }

    /// Resizes from the top-left corner: cells that stay keep everything, new cells are wall (the map
    /// grows solid and the author carves it), and what falls outside is dropped. Refused when the
    /// robot would fall outside, or for a side outside `1..=MAX_SIDE`.
    pub fn resize(&mut self, w: i32, h: i32) -> Result<(), String> {
        if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
            return Err(format!("a side must lie in 1..={MAX_SIDE}"));
        }
        let r = self.level().robot.pos;
        if r.x >= w || r.y >= h {
            return Err(format!("the robot at ({}, {}) would fall outside; move it first", r.x, r.y));
        }
        self.edit(|l, _| {
            *l = resized(l, w, h);
            Ok(())
        })?;
        let c = self.cursor();
        self.set_cursor(c);
        Ok(())
    }
}

fn resized(old: &Level, w: i32, h: i32) -> Level {
    let inside = |p: Pos| p.x < w && p.y < h;
    let mut l = old.clone();
    l.terrain = Grid::filled(w, h, Terrain::Wall);
    l.surface = Grid::filled(w, h, Default::default());
    l.under = std::array::from_fn(|_| Grid::filled(w, h, Under::default()));
    for p in l.terrain.positions().collect::<Vec<_>>() {
        if old.terrain.in_bounds(p) {
            l.terrain.set(p, old.terrain.at(p));
            l.surface.set(p, old.surface.at(p));
            for c in Carrier::ALL {
                l.under[c as usize].set(p, old.under_at(c, p));
            }
        }
    }
    l.props.retain(|p| inside(p.pos));
    l.leaks.retain(|k| inside(k.under) && inside(k.access));
    l
}
