//! Transposition table: a fixed array of two-entry buckets sized by the
//! `memory` command, shared by all search threads without locks.
//! Replacement: the slot holding the same key, else an empty one, else the
//! shallower (or older) of the two.
//!
//! Each entry is three atomic words: two data words and a check word, the
//! key XOR both data words. A reader that sees words from two different
//! writes (threads racing on one slot) finds a check that does not match
//! its key and treats the slot as empty (the lockless scheme of Hyatt and
//! Mann), so a torn entry is never used.

use crate::moves::Move;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
    age: u8,
}

impl Entry {
    /// Word 1: move (35 bits), has-move flag, bound, age, and the top bit
    /// set (an empty slot is all zeros); word 2: score and depth.
    fn words(&self) -> (u64, u64) {
        let mv = self.mv.map_or(0, |m| m.pack() | 1 << 35);
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let w1 = mv | bound << 36 | (self.age as u64) << 38 | OCCUPIED;
        let w2 = self.score as u32 as u64 | (self.depth as u16 as u64) << 32;
        (w1, w2)
    }

    fn from_words(w1: u64, w2: u64) -> Entry {
        Entry {
            mv: (w1 >> 35 & 1 == 1).then(|| Move::unpack(w1)),
            bound: match w1 >> 36 & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            age: (w1 >> 38) as u8,
            score: w2 as u32 as i32,
            depth: (w2 >> 32) as u16 as i16,
        }
    }
}

const OCCUPIED: u64 = 1 << 63;

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    w1: AtomicU64,
    w2: AtomicU64,
}

impl Slot {
    /// The entry stored for `key`, if this slot holds one intact.
    fn read(&self, key: u64) -> Option<Entry> {
        let (c, w1, w2) = (
            self.check.load(Ordering::Relaxed),
            self.w1.load(Ordering::Relaxed),
            self.w2.load(Ordering::Relaxed),
        );
        (w1 & OCCUPIED != 0 && c ^ w1 ^ w2 == key).then(|| Entry::from_words(w1, w2))
    }

    /// The slot's entry whatever its key, for the replacement choice.
    fn peek(&self) -> Option<(u64, Entry)> {
        let (c, w1, w2) = (
            self.check.load(Ordering::Relaxed),
            self.w1.load(Ordering::Relaxed),
            self.w2.load(Ordering::Relaxed),
        );
        (w1 & OCCUPIED != 0).then(|| (c ^ w1 ^ w2, Entry::from_words(w1, w2)))
    }

    fn write(&self, key: u64, e: &Entry) {
        let (w1, w2) = e.words();
        self.check.store(key ^ w1 ^ w2, Ordering::Relaxed);
        self.w1.store(w1, Ordering::Relaxed);
        self.w2.store(w2, Ordering::Relaxed);
    }

    fn clear(&self) {
        self.check.store(0, Ordering::Relaxed);
        self.w1.store(0, Ordering::Relaxed);
        self.w2.store(0, Ordering::Relaxed);
    }
}

pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
    age: AtomicU8,
}

impl Table {
    /// A table using at most `megabytes` of memory (at least one bucket).
    pub fn new(megabytes: usize) -> Table {
        // Small sizes always fit; only GUI-requested sizes can fail.
        Table::try_new(megabytes).expect("allocating a small transposition table")
    }

    /// Like `new`, but reports a failed allocation instead of aborting.
    pub fn try_new(megabytes: usize) -> Result<Table, String> {
        let entry = std::mem::size_of::<Slot>();
        let wanted = megabytes.clamp(1, 1 << 20).saturating_mul(1 << 20) / entry;
        // Round down to a power of two so a mask selects the slot.
        let count = (wanted.max(2) + 1).next_power_of_two() / 2;
        let mut slots = Vec::new();
        slots.try_reserve_exact(count).map_err(|e| e.to_string())?;
        slots.resize_with(count, Slot::default);
        Ok(Table {
            slots,
            mask: count - 2,
            age: AtomicU8::new(0),
        })
    }

    pub fn clear(&self) {
        self.slots.iter().for_each(Slot::clear);
        self.age.store(0, Ordering::Relaxed);
    }

    /// Called once per search so that old entries are replaced first.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    /// Permille of the slots holding an entry of the current search,
    /// counted over the first thousand (as Stockfish samples it): a
    /// cheap estimate, since keys spread evenly over the table.
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let sample = &self.slots[..self.slots.len().min(1000)];
        let used = sample
            .iter()
            .filter(|s| s.peek().is_some_and(|(_, e)| e.age == age))
            .count();
        (used * 1000 / sample.len()) as u32
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = key as usize & self.mask;
        self.slots[i..i + 2].iter().find_map(|s| s.read(key))
    }

    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i16, bound: Bound) {
        let i = key as usize & self.mask;
        let age = self.age.load(Ordering::Relaxed);
        let pair = &self.slots[i..i + 2];
        let held = [pair[0].peek(), pair[1].peek()];
        let victim = if let Some(j) = held.iter().position(|h| h.is_some_and(|(k, _)| k == key)) {
            j
        } else if let Some(j) = held.iter().position(Option::is_none) {
            j
        } else {
            let worth = |h: &Option<(u64, Entry)>| {
                h.map_or(0, |(_, e)| {
                    e.depth as i32 - if e.age == age { 0 } else { 64 }
                })
            };
            usize::from(worth(&held[1]) < worth(&held[0]))
        };
        // Keep the old best move when the new result has none.
        let mv = mv.or_else(|| {
            held[victim]
                .filter(|(k, _)| *k == key)
                .and_then(|(_, e)| e.mv)
        });
        pair[victim].write(
            key,
            &Entry {
                mv,
                score,
                depth,
                bound,
                age,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Square;

    #[test]
    fn stores_and_finds() {
        let t = Table::new(1);
        let mv = Move::new(
            Square::new(3, 4),
            Square::new(5, 6),
            &[Square::new(4, 5)],
            true,
        );
        t.store(12345, Some(mv), -7, 3, Bound::Upper);
        let e = t.probe(12345).unwrap();
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (Some(mv), -7, 3, Bound::Upper)
        );
        assert!(t.probe(999).is_none());
    }

    #[test]
    fn deeper_entries_survive_collisions() {
        let t = Table::new(1);
        let stride = (t.mask + 2) as u64;
        t.store(4, None, 1, 10, Bound::Exact);
        t.store(4 + stride, None, 2, 1, Bound::Exact);
        t.store(4 + 2 * stride, None, 3, 2, Bound::Exact);
        assert!(t.probe(4).is_some());
        assert!(t.probe(4 + 2 * stride).is_some());
    }

    #[test]
    fn hashfull_counts_the_current_search_only() {
        let t = Table::new(1);
        assert_eq!(t.hashfull(), 0);
        // Every other slot of the first thousand.
        for key in (0..1000).step_by(2) {
            t.store(key, None, 0, 1, Bound::Exact);
        }
        assert_eq!(t.hashfull(), 500);
        t.new_search();
        assert_eq!(t.hashfull(), 0);
        t.store(0, None, 0, 1, Bound::Exact);
        assert_eq!(t.hashfull(), 1);
    }

    #[test]
    fn a_torn_entry_is_not_found() {
        let t = Table::new(1);
        t.store(77, None, 5, 4, Bound::Lower);
        // Another thread's write got half-way into the slot.
        let slot = t.slots[77 & t.mask..]
            .iter()
            .find(|s| s.read(77).is_some())
            .unwrap();
        slot.w2
            .store(slot.w2.load(Ordering::Relaxed) ^ 1, Ordering::Relaxed);
        assert!(t.probe(77).is_none());
    }
}
