//! Transposition table: a fixed array of two-entry buckets sized by the
//! `memory` command. Replacement: the slot holding the same key, else the
//! shallower (or older) of the two.

use crate::moves::Move;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    age: u8,
}

pub struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table using at most `megabytes` of memory (at least one bucket).
    pub fn new(megabytes: usize) -> Table {
        // Small sizes always fit; only GUI-requested sizes can fail.
        Table::try_new(megabytes).expect("allocating a small transposition table")
    }

    /// Like `new`, but reports a failed allocation instead of aborting.
    pub fn try_new(megabytes: usize) -> Result<Table, String> {
        let entry = std::mem::size_of::<Option<Entry>>();
        let wanted = megabytes.clamp(1, 1 << 20).saturating_mul(1 << 20) / entry;
        // Round down to a power of two so a mask selects the slot.
        let count = (wanted.max(2) + 1).next_power_of_two() / 2;
        let mut slots = Vec::new();
        slots.try_reserve_exact(count).map_err(|e| e.to_string())?;
        slots.resize(count, None);
        Ok(Table {
            slots,
            mask: count - 2,
            age: 0,
        })
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
        self.age = 0;
    }

    /// Called once per search so that old entries are replaced first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = key as usize & self.mask;
        self.slots[i..i + 2]
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i16, bound: Bound) {
        let i = key as usize & self.mask;
        let age = self.age;
        let victim = {
            let pair = &self.slots[i..i + 2];
            if let Some(j) = pair.iter().position(|s| s.is_some_and(|e| e.key == key)) {
                j
            } else if let Some(j) = pair.iter().position(Option::is_none) {
                j
            } else {
                let worth = |e: &Entry| e.depth as i32 - if e.age == age { 0 } else { 64 };
                let (a, b) = (
                    pair[0].as_ref().map_or(0, worth),
                    pair[1].as_ref().map_or(0, worth),
                );
                usize::from(b < a)
            }
        };
        let slot = &mut self.slots[i + victim];
        // Keep the old best move when the new result has none.
        let mv = mv.or_else(|| slot.filter(|e| e.key == key).and_then(|e| e.mv));
        *slot = Some(Entry {
            key,
            mv,
            score,
            depth,
            bound,
            age,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let mut t = Table::new(1);
        t.store(12345, None, 7, 3, Bound::Exact);
        let e = t.probe(12345).unwrap();
        assert_eq!((e.score, e.depth, e.bound), (7, 3, Bound::Exact));
        assert!(t.probe(999).is_none());
    }

    #[test]
    fn deeper_entries_survive_collisions() {
        let mut t = Table::new(1);
        let stride = (t.mask + 2) as u64;
        t.store(4, None, 1, 10, Bound::Exact);
        t.store(4 + stride, None, 2, 1, Bound::Exact);
        t.store(4 + 2 * stride, None, 3, 2, Bound::Exact);
        assert!(t.probe(4).is_some());
        assert!(t.probe(4 + 2 * stride).is_some());
    }
}
