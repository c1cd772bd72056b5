//! The speed-based turn scheduler of the turn-system spec: charge, ticks, ties, predicted queue.
//!
//! Every actor gains its speed in charge each tick; whoever first reaches the threshold acts. Ties go
//! to the highest charge, then the player, then the lowest id, so the order never depends on storage.

/// Who a scheduler slot belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ActorId {
    Player,
    Entity(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    id: ActorId,
    speed: u32,
    charge: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scheduler {
    slots: Vec<Slot>,
    threshold: u32,
    /// Ticks elapsed in total: the game's clock in scheduler time.
    global_tick: u64,
}

impl Scheduler {
    pub fn new(threshold: u32) -> Self {
        Self { slots: Vec::new(), threshold, global_tick: 0 }
    }

    pub fn add(&mut self, id: ActorId, speed: u32) {
        self.remove(id);
        self.slots.push(Slot { id, speed: speed.max(1), charge: 0 });
    }

    pub fn remove(&mut self, id: ActorId) {
        self.slots.retain(|s| s.id != id);
    }

    pub fn contains(&self, id: ActorId) -> bool {
        self.slots.iter().any(|s| s.id == id)
    }

    /// Every slot as (actor, speed, charge) in storage order, with the threshold and the clock: the
    /// state a save records (`game::save`).
    pub(crate) fn to_parts(&self) -> (Vec<(ActorId, u32, u32)>, u32, u64) {
        (self.slots.iter().map(|s| (s.id, s.speed, s.charge)).collect(), self.threshold, self.global_tick)
    }

    /// The scheduler `to_parts` described, exactly (no speed clamping: a save restores what was).
    pub(crate) fn from_parts(slots: Vec<(ActorId, u32, u32)>, threshold: u32, global_tick: u64) -> Self {
        let slots = slots.into_iter().map(|(id, speed, charge)| Slot { id, speed, charge }).collect();
        Self { slots, threshold, global_tick }
    }

    pub fn global_tick(&self) -> u64 {
        self.global_tick
    }

    pub fn charge(&self, id: ActorId) -> Option<u32> {
        self.slots.iter().find(|s| s.id == id).map(|s| s.charge)
    }

    /// The actor that acts next, ticking time forward until someone is ready. `None` if empty.
    pub fn next_actor(&mut self) -> Option<ActorId> {
        if self.slots.is_empty() {
            return None;
        }
        loop {
            if let Some(ready) = self.ready() {
                return Some(ready);
            }
            for slot in &mut self.slots {
                slot.charge += slot.speed;
            }
            self.global_tick += 1;
        }
    }

    /// Ends `id`'s turn: its charge drops by the cost of an action, the threshold (statuses and
    /// cooldowns tick in the game). Keeping the remainder is what makes speed 170 act 1.7 times as
    /// often as speed 100; resetting to zero would round every speed to 100 / ceil(100 / speed).
    pub fn end_turn(&mut self, id: ActorId) {
        let threshold = self.threshold;
        if let Some(slot) = self.slots.iter_mut().find(|s| s.id == id) {
            slot.charge = slot.charge.saturating_sub(threshold);
        }
    }

    /// The next `n` activations, simulated on a copy; nothing here changes.
    pub fn predicted_queue(&self, n: usize) -> Vec<ActorId> {
        let mut sim = self.clone();
        (0..n)
            .map_while(|_| {
                let id = sim.next_actor()?;
                sim.end_turn(id);
                Some(id)
            })
            .collect()
    }

    fn ready(&self) -> Option<ActorId> {
        self.slots
            .iter()
            .filter(|s| s.charge >= self.threshold)
            .max_by(|a, b| {
                a.charge
                    .cmp(&b.charge)
                    .then_with(|| (b.id != ActorId::Player).cmp(&(a.id != ActorId::Player)))
                    .then_with(|| b.id.cmp(&a.id))
            })
            .map(|s| s.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CoA 1: speed 20 acts about twice as often as speed 10.
    #[test]
    fn speed_determines_frequency() {
        let mut s = Scheduler::new(100);
        s.add(ActorId::Entity(1), 20);
        s.add(ActorId::Entity(2), 10);
        let queue = s.predicted_queue(30);
        let a = queue.iter().filter(|id| **id == ActorId::Entity(1)).count();
        let b = queue.iter().filter(|id| **id == ActorId::Entity(2)).count();
        assert_eq!(a, 2 * b, "{queue:?}");
    }

    /// CoA 2: the predicted queue matches what really happens and changes nothing.
    #[test]
    fn predicted_queue_simulates_without_applying() {
        let mut s = Scheduler::new(100);
        s.add(ActorId::Player, 100);
        s.add(ActorId::Entity(1), 170);
        s.add(ActorId::Entity(2), 60);
        let before = s.clone();
        let predicted = s.predicted_queue(5);
        assert_eq!(s, before, "prediction must not change the scheduler");
        let actual: Vec<_> = (0..5)
            .map(|_| {
                let id = s.next_actor().unwrap();
                s.end_turn(id);
                id
            })
            .collect();
        assert_eq!(predicted, actual);
    }

    #[test]
    fn ties_go_to_the_player_then_the_lowest_id() {
        let mut s = Scheduler::new(100);
        s.add(ActorId::Entity(2), 100);
        s.add(ActorId::Entity(1), 100);
        s.add(ActorId::Player, 100);
        assert_eq!(s.predicted_queue(3), vec![ActorId::Player, ActorId::Entity(1), ActorId::Entity(2)]);
    }

    #[test]
    fn higher_charge_wins_a_tie_on_the_threshold() {
        let mut s = Scheduler::new(100);
        s.add(ActorId::Player, 100);
        s.add(ActorId::Entity(1), 150);
        assert_eq!(s.next_actor(), Some(ActorId::Entity(1)));
    }

    /// With equal speeds the scheduler is the plan's loop: the player, then every enemy, repeated.
    #[test]
    fn equal_speeds_reduce_to_player_then_every_enemy() {
        let mut s = Scheduler::new(100);
        s.add(ActorId::Player, 100);
        for i in 0..3 {
            s.add(ActorId::Entity(i), 100);
        }
        let round = [ActorId::Player, ActorId::Entity(0), ActorId::Entity(1), ActorId::Entity(2)];
        assert_eq!(s.predicted_queue(12), round.repeat(3));
    }
}
