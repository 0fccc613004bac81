//! What a walk of a game remembers of each position: a list by number for a game that numbers
//! its positions ([`TwoPlayerGame::index`]: tic-tac-toe by board code), a hash map otherwise.

use std::collections::HashMap;
use std::hash::Hash;

use crate::rules::TwoPlayerGame;

/// The longest list by number a memo makes: a game that says it numbers more positions keeps
/// the rest in its hash map.
const MAX_INDEXED: usize = 1 << 20;

/// Values of type `V` by position of the game `G`.
pub(crate) struct Memo<G: TwoPlayerGame, V> {
    by_index: Vec<Option<V>>,
    by_position: HashMap<G::Position, V>,
    len: usize,
}

impl<G: TwoPlayerGame, V: Clone> Clone for Memo<G, V> {
    fn clone(&self) -> Memo<G, V> {
        Memo {
            by_index: self.by_index.clone(),
            by_position: self.by_position.clone(),
            len: self.len,
        }
    }
}

impl<G, V: Clone> Memo<G, V>
where
    G: TwoPlayerGame,
    G::Position: Hash + Eq,
{
    /// An empty memo (its list by number is made when first needed).
    pub(crate) fn new() -> Memo<G, V> {
        Memo {
            by_index: Vec::new(),
            by_position: HashMap::new(),
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
            None => self.by_position.get(position),
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
            None => self.by_position.insert(position, value).is_none(),
        };
        self.len += usize::from(fresh);
    }

    /// Forgets what `keep` says no to.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&V) -> bool) {
        for slot in &mut self.by_index {
            if slot.as_ref().is_some_and(|value| !keep(value)) {
                *slot = None;
                self.len -= 1;
            }
        }
        let before = self.by_position.len();
        self.by_position.retain(|_, value| keep(value));
        self.len -= before - self.by_position.len();
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        *self = Memo::new();
    }

    /// How many positions it remembers.
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}
