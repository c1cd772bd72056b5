//! The four-slot inventory (plan §5): auto-collect into the first empty slot, select, take.

use super::entity::Item;

pub const SLOTS: usize = 4;

/// One carried item; hallucinated ones look identical until used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Carried {
    pub item: Item,
    pub hallucinated: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Inventory {
    slots: [Option<Carried>; SLOTS],
    selected: usize,
}

impl Inventory {
    /// Puts the item in the first empty slot; gives it back when every slot is full.
    pub fn add(&mut self, carried: Carried) -> Result<usize, Carried> {
        match self.slots.iter().position(Option::is_none) {
            Some(i) => {
                self.slots[i] = Some(carried);
                Ok(i)
            }
            None => Err(carried),
        }
    }

    /// An inventory exactly as a save recorded it; `Game::validate` checks the selection.
    pub(crate) fn from_parts(slots: [Option<Carried>; SLOTS], selected: usize) -> Self {
        Self { slots, selected }
    }

    pub fn select(&mut self, slot: usize) {
        if slot < SLOTS {
            self.selected = slot;
        }
    }

    pub fn selected(&self) -> usize {
        self.selected
    }

    /// Removes and returns the selected item, if any.
    pub fn take_selected(&mut self) -> Option<Carried> {
        self.slots[self.selected].take()
    }

    pub fn slots(&self) -> &[Option<Carried>; SLOTS] {
        &self.slots
    }

    pub fn is_full(&self) -> bool {
        self.slots.iter().all(Option::is_some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn food() -> Carried {
        Carried { item: Item::Food, hallucinated: false }
    }

    #[test]
    fn fills_the_first_empty_slot_and_refuses_when_full() {
        let mut inv = Inventory::default();
        for expected in 0..SLOTS {
            assert_eq!(inv.add(food()), Ok(expected));
        }
        assert!(inv.is_full());
        assert_eq!(inv.add(food()), Err(food()));
        inv.select(2);
        assert_eq!(inv.take_selected(), Some(food()));
        assert_eq!(inv.add(food()), Ok(2));
    }
}
