//! What a walk of a game remembers of each position: a list by number for a game that numbers
//! its positions ([`TwoPlayerGame::index`]: tic-tac-toe by board code), a hash map otherwise.

use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};

use crate::rules::TwoPlayerGame;

/// The longest list by number a memo makes: a game that says it numbers more positions keeps
/// the rest in its hash map.
const MAX_INDEXED: usize = 1 << 20;

/// Values of type `V` by position of the game `G`.
///
/// Positions without a number are kept by their hash, worked out once: a map growing past its
/// room moves every entry, and a learner's position can be large (a history, a picture), so
/// hashing them all again would stop a search for a second at a time, out of its budget's
/// reach. Two positions with the same hash (rare) keep the second in `collided`.
pub(crate) struct Memo<G: TwoPlayerGame, V> {
    by_index: Vec<Option<V>>,
    by_hash: HashMap<u64, (G::Position, V), BuildHasherDefault<Hashed>>,
    collided: Vec<(G::Position, V)>,
    hasher: RandomState,
    len: usize,
}

/// The hasher of a map whose keys are hashes already: it keeps the key as it is.
#[derive(Default)]
struct Hashed(u64);

impl Hasher for Hashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

impl<G: TwoPlayerGame, V: Clone> Clone for Memo<G, V> {
    fn clone(&self) -> Memo<G, V> {
        Memo {
            by_index: self.by_index.clone(),
            by_hash: self.by_hash.clone(),
            collided: self.collided.clone(),
            hasher: self.hasher.clone(),
            len: self.len,
        }
    }
}

/// The most positions a memo keeps beside another of the same hash. With a hash of 64 bits
/// drawn at random, two positions of a game almost never share one; a game whose positions'
/// `Hash` writes too little makes thousands share one, and every look then walks them all, so
/// a search stops there ([`Memo::hashes_alike`]) rather than run for minutes.
pub(crate) const MOST_ALIKE: usize = 1_000;

impl<G, V: Clone> Memo<G, V>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    /// An empty memo (its list by number is made when first needed).
    pub(crate) fn new() -> Memo<G, V> {
        Memo {
            by_index: Vec::new(),
            by_hash: HashMap::default(),
            collided: Vec::new(),
            hasher: RandomState::new(),
            len: 0,
        }
    }

    /// Where the list by number keeps `position`, for a game that numbers its positions.
    fn slot(position: &G::Position) -> Option<usize> {
        G::index(position).filter(|&index| index < G::INDEXED_POSITIONS.min(MAX_INDEXED))
    }

    /// What is remembered of `position`.
    pub(crate) fn get(&self, position: &G::Position) -> Option<&V> {
        match Memo::<G, V>::slot(position) {
            Some(index) => self.by_index.get(index)?.as_ref(),
            None => match self.by_hash.get(&self.hasher.hash_one(position)) {
                Some((kept, value)) if kept == position => Some(value),
                _ => self
                    .collided
                    .iter()
                    .find(|(kept, _)| kept == position)
                    .map(|(_, value)| value),
            },
        }
    }

    /// Remembers `value` for `position`.
    pub(crate) fn insert(&mut self, position: G::Position, value: V) {
        let fresh = match Memo::<G, V>::slot(&position) {
            Some(index) => {
                if self.by_index.is_empty() {
                    self.by_index = vec![None; G::INDEXED_POSITIONS.min(MAX_INDEXED)];
                }
                self.by_index[index].replace(value).is_none()
            }
            None => {
                let hash = self.hasher.hash_one(&position);
                let first = self.by_hash.get_mut(&hash);
                if let Some((_, old)) = first.filter(|(kept, _)| *kept == position) {
                    *old = value;
                    false
                } else if let Some((_, old)) =
                    self.collided.iter_mut().find(|(kept, _)| *kept == position)
                {
                    *old = value;
                    false
                } else if let std::collections::hash_map::Entry::Vacant(slot) =
                    self.by_hash.entry(hash)
                {
                    slot.insert((position, value));
                    true
                } else {
                    self.collided.push((position, value));
                    true
                }
            }
        };
        self.len += usize::from(fresh);
    }

    /// Whether more than [`MOST_ALIKE`] positions it keeps share a hash with another.
    pub(crate) fn hashes_alike(&self) -> bool {
        self.collided.len() > MOST_ALIKE
    }

    /// How many positions it remembers.
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{ConnectFour, Grid};

    fn positions(count: usize) -> Vec<Grid> {
        let game = ConnectFour::new(4, 4).expect("a size");
        let mut found = vec![game.start()];
        let mut at = 0;
        while found.len() < count {
            let position = found[at];
            for chosen in game.moves(&position) {
                let next = game.play(&position, chosen);
                if !found.contains(&next) {
                    found.push(next);
                }
            }
            at += 1;
        }
        found.truncate(count);
        found
    }

    #[test]
    fn remembers_and_counts_positions_by_their_hash() {
        let mut memo = Memo::<ConnectFour, usize>::new();
        let all = positions(300);
        for (n, &position) in all.iter().enumerate() {
            memo.insert(position, n);
        }
        memo.insert(all[7], 1_000);
        assert_eq!(memo.len(), 300);
        assert_eq!(memo.get(&all[7]), Some(&1_000));
        for (n, position) in all.iter().enumerate() {
            let kept = if n == 7 { 1_000 } else { n };
            assert_eq!(memo.get(position), Some(&kept));
        }
    }

    /// Two positions with one hash: the second is kept aside, found and changed as the first
    /// is.
    #[test]
    fn positions_with_the_same_hash_are_both_kept() {
        let mut memo = Memo::<ConnectFour, usize>::new();
        let all = positions(2);
        let (first, second) = (all[0], all[1]);
        memo.insert(first, 1);
        // The hash is worked out by a random key: the collision is made by hand.
        memo.collided.push((second, 2));
        memo.len += 1;
        assert_eq!((memo.get(&first), memo.get(&second)), (Some(&1), Some(&2)));
        memo.insert(second, 3);
        assert_eq!((memo.get(&second), memo.len()), (Some(&3), 2));
        memo.insert(first, 4);
        assert_eq!(
            (memo.get(&first), memo.get(&second), memo.len()),
            (Some(&4), Some(&3), 2)
        );
    }
}
