//! What one call may spend: moves looked at, moves deep, seconds and memory.
//!
//! Stopping a long cell kills the kernel and every variable of the notebook with it, and a
//! learner's own game can make each move cost a thousand times what Connect Four's does. So
//! every search, walk, check and challenge on a game counts what it does against a
//! budget: the moves it lists (counts keep a run repeatable), how deep it goes (a search
//! goes down one move at a time on the machine's stack, so a game with large positions may go
//! less deep), and, as backstops only, the processor time it takes ([`MAX_SECONDS`]) and the
//! memory it grows ([`MAX_MEGABYTES`]): a search keeps the positions it meets, and a learner's
//! position may be large. The first limit reached stops the call, and the refusal names it.
//!
//! The backstops are looked at between two calls to the game's own code: a single move, list
//! of moves or ending that itself takes longer than the budget is not cut short.

use std::cell::Cell;
use std::time::Instant;

use crate::rules::{Counted, LimitError};

/// The most processor seconds one call may take, whatever the game costs per move: a backstop
/// for what the counts cannot see (a learner's game whose moves are slow to work out). Calls
/// within their counts take about a second at the notebooks' opt-level (`cargo run --example
/// limits`), so a call that reaches this says so and stops: its budget stops a moment before,
/// so that the call has ended, what it kept freed, when this much time has gone.
pub const MAX_SECONDS: u64 = 5;

/// The most memory, in megabytes, one call may add to the notebook's process, whatever the
/// game's positions hold: a backstop for what the counts cannot see (a search that keeps a
/// hundred thousand positions of 10 KB each). A class server gives each student 2 GB, about
/// 0.9 GB of it taken by the kernel before the first cell, so one call may take half of what is
/// left; where the notebook runs in a container with less room (its cgroup's `memory.max`), a
/// call stops before the container is full.
pub const MAX_MEGABYTES: u64 = 512;

/// The memory a call leaves free in a container with a memory limit, in megabytes: room for
/// the kernel to answer and show the refusal.
const CONTAINER_MARGIN_MEGABYTES: u64 = 128;

/// The most moves one call may look at, all together: a tree bigger than this is refused, so
/// that a call in a notebook cell answers within about a second whatever the game (`cargo run
/// --example limits` measures it). Plain minimax on the whole of tic-tac-toe looks at 549,945.
pub const MAX_SOLVE_MOVES: u64 = 1_000_000;

/// The most moves deep a search may go: a game longer than this is refused (the search goes
/// down one move at a time, and a game that never ends would go down for ever). Games with
/// large positions get less: see [`max_depth`].
pub const MAX_SOLVE_DEPTH: u32 = 1_000;

/// The stack the crate lets one search use: a notebook cell runs on a thread with 8 MB of
/// stack, and a search's own frames at the notebooks' opt-level 0 must leave room for the
/// learner's code and the kernel's.
const STACK_FOR_SEARCH: usize = 4 << 20;

/// The stack one move deep costs a search at opt-level 0, beyond the positions it holds (its
/// frames, the moves listed): `cargo run --example stack_depth` measured 300 to 850 bytes.
const FRAME_BYTES: usize = 1_000;

/// How many copies of a position one move deep holds at opt-level 0 (the walk's own, the one
/// the moves lead from, the ones handed to the observer and to the rules, the next one, and
/// the temporaries of each): `cargo run --example stack_depth` measured 15.4 for `solve` and
/// `search_ahead`, fewer for the other searches.
const POSITIONS_PER_FRAME: usize = 16;

/// How deep a search may go on a game whose positions are `P`: [`MAX_SOLVE_DEPTH`], or less
/// when positions are so large that the machine's stack would not hold that many.
///
/// ```
/// use magic_tictactoe::engine::budget::{max_depth, MAX_SOLVE_DEPTH};
///
/// assert_eq!(max_depth::<(u32, magic_tictactoe::Player)>(), MAX_SOLVE_DEPTH);
/// assert!(max_depth::<[u8; 4096]>() < 100);
/// assert!(max_depth::<[u8; 4096]>() > 50);
/// ```
pub const fn max_depth<P>() -> u32 {
    let per_move = FRAME_BYTES + POSITIONS_PER_FRAME * std::mem::size_of::<P>();
    let depth = STACK_FOR_SEARCH / per_move;
    if depth < MAX_SOLVE_DEPTH as usize {
        depth as u32
    } else {
        MAX_SOLVE_DEPTH
    }
}

/// Processor seconds used by this thread so far, where the system tells it (Linux); otherwise
/// seconds since `start`. Processor time, not the clock's: on a class server busy with thirty
/// students a call's clock time grows, its own work does not.
fn seconds_used(start: Instant, thread_start: Option<f64>) -> f64 {
    match (thread_start, thread_seconds()) {
        (Some(before), Some(now)) => now - before,
        _ => start.elapsed().as_secs_f64(),
    }
}

/// The memory this process holds, in kilobytes, from `/proc/self/status` (Linux).
fn resident_kilobytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|line| line.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The room left in this process's container, in kilobytes: its cgroup's `memory.max` less the
/// memory its processes hold and cannot give back (`anon` in `memory.stat`; files the system
/// keeps in memory are given back before the container is full). `None` outside a container
/// with a memory limit (cgroup v2).
fn container_room_kilobytes() -> Option<u64> {
    let cgroups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = cgroups.lines().find_map(|line| line.strip_prefix("0::"))?;
    let folder = format!("/sys/fs/cgroup{}", path.trim_end_matches('/'));
    let max: u64 = std::fs::read_to_string(format!("{folder}/memory.max"))
        .ok()?
        .trim()
        .parse()
        .ok()?;
    let stat = std::fs::read_to_string(format!("{folder}/memory.stat")).ok()?;
    let anon: u64 = stat
        .lines()
        .find_map(|line| line.strip_prefix("anon "))?
        .trim()
        .parse()
        .ok()?;
    Some(max.saturating_sub(anon) / 1024)
}

/// This thread's processor time in seconds, from `/proc/thread-self/schedstat` (Linux).
fn thread_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanoseconds as f64 / 1e9)
}

/// What one call may still spend, and the first limit it ran out of.
#[derive(Debug)]
pub(crate) struct Budget {
    moves: Cell<u64>,
    move_limit: u64,
    depth_limit: u32,
    started: Instant,
    thread_start: Option<f64>,
    /// Whether this is the outermost budget of its call, which its inner ones share the time of.
    outermost: bool,
    /// Calls to `in_time` since the clock was last looked at, and how many to wait between
    /// looks: more while each is quick, one when each takes long.
    ticks: Cell<u32>,
    ticks_between_looks: Cell<u32>,
    /// When the clock was last looked at.
    last_look: Cell<Instant>,
    out: Cell<Option<Counted>>,
    deepest: Cell<u32>,
}

thread_local! {
    /// The start of the outermost budget of the call running on this thread: a call that makes
    /// others (a challenge running searches) shares its time with them, so the whole call stops
    /// within [`MAX_SECONDS`].
    static CALL_START: Cell<Option<(Instant, Option<f64>)>> = const { Cell::new(None) };

    /// The process's memory at the first look of the call running on this thread, and what
    /// the call may add to it, in kilobytes: worked out at the first look at the processor time
    /// (a quick call never asks), shared by the call's inner budgets.
    static CALL_MEMORY: Cell<Option<(u64, u64)>> = const { Cell::new(None) };

    /// When the call running on this thread last read its processor time and memory, and the
    /// backstop it found run out, if any: the call's inner budgets share the reads (a search
    /// made afresh for each move of a game reads no sooner than the whole call would), and
    /// stop together once one finds the time or the memory gone.
    static CALL_READ: Cell<(Instant, Option<Counted>)> = Cell::new((Instant::now(), None));
}

/// The most calls to [`Budget::in_time`] between two looks at the clock (a look costs a few
/// tens of nanoseconds), and how long between two reads of the processor time: a search pays a
/// few nanoseconds a move for its backstop. The calls between looks fall to one as soon as they
/// take long, so a slow game's moves are timed one by one.
const MOST_TICKS_BETWEEN_LOOKS: u32 = 256;
const SECONDS_BETWEEN_READS: f64 = 0.05;
const SECONDS_BETWEEN_LOOKS: f64 = 0.002;

/// The processor time a call keeps for stopping once its budget says stop: the read it may be
/// late by ([`SECONDS_BETWEEN_READS`]), the game's own move running then, and the unwinding and
/// freeing of what the call kept. Stopped at [`MAX_SECONDS`] itself, the big games' calls of
/// `cargo run --example limits big` ended 5.00 to 5.12 s in; stopped this much before, 4.70 to
/// 4.85 s. So the budget stops at [`MAX_SECONDS`] less this, and the call ends within
/// [`MAX_SECONDS`].
const STOPPING_SECONDS: f64 = 0.3;

impl Budget {
    /// A budget of `move_limit` moves looked at and `depth_limit` moves deep, and
    /// [`MAX_SECONDS`] of processor time (shared with the call it is part of, if any).
    pub(crate) fn new(move_limit: u64, depth_limit: u32) -> Budget {
        let now = Instant::now();
        let outer = CALL_START.with(Cell::get);
        let (started, thread_start) = outer.unwrap_or_else(|| (now, thread_seconds()));
        if outer.is_none() {
            CALL_START.with(|start| start.set(Some((started, thread_start))));
            CALL_READ.with(|read| read.set((now, None)));
        }
        Budget {
            moves: Cell::new(0),
            move_limit,
            depth_limit,
            started,
            thread_start,
            outermost: outer.is_none(),
            ticks: Cell::new(0),
            ticks_between_looks: Cell::new(1),
            last_look: Cell::new(now),
            out: Cell::new(None),
            deepest: Cell::new(0),
        }
    }

    /// Counts `n` more moves looked at; false once the budget has run out (of anything).
    pub(crate) fn spend(&self, n: usize) -> bool {
        self.count(n) && self.in_time()
    }

    /// The `moves` a search lists at a position, counted: all of them while the budget lasts,
    /// none once it has run out (a position left with no move is scored as lost by the walk,
    /// and the caller refuses the answer anyway).
    pub(crate) fn afford<M>(&self, moves: Vec<M>) -> Vec<M> {
        if self.spend(moves.len()) {
            moves
        } else {
            Vec::new()
        }
    }

    /// Counts `n` more moves looked at without looking at the clock (for a loop that looks at
    /// it less often); false once the moves have run out.
    pub(crate) fn count(&self, n: usize) -> bool {
        let spent = self.moves.get().saturating_add(n as u64);
        self.moves.set(spent);
        if spent > self.move_limit {
            self.run_out(Counted::MovesSearched);
        }
        self.out.get().is_none()
    }

    /// Whether the search may go to `depth` moves deep; false (and the budget has run out)
    /// when that is deeper than it allows.
    pub(crate) fn may_go(&self, depth: u32) -> bool {
        if depth > self.deepest.get() {
            self.deepest.set(depth);
        }
        if depth > self.depth_limit {
            self.run_out(Counted::Depth);
        }
        self.out.get().is_none()
    }

    /// Whether there is time left; looks at the clock every few calls only (every call, when
    /// calls take long).
    pub(crate) fn in_time(&self) -> bool {
        if self.out.get().is_some() {
            return false;
        }
        let ticks = self.ticks.get() + 1;
        if ticks < self.ticks_between_looks.get() {
            self.ticks.set(ticks);
            return true;
        }
        self.ticks.set(0);
        let now = Instant::now();
        let since_look = now.duration_since(self.last_look.get()).as_secs_f64();
        self.last_look.set(now);
        let between = self.ticks_between_looks.get();
        self.ticks_between_looks
            .set(if since_look < SECONDS_BETWEEN_LOOKS {
                (between * 2).min(MOST_TICKS_BETWEEN_LOOKS)
            } else {
                1
            });
        let (last_read, call_out) = CALL_READ.with(Cell::get);
        if let Some(counted) = call_out {
            self.run_out(counted);
        } else if now.duration_since(last_read).as_secs_f64() >= SECONDS_BETWEEN_READS {
            let out = if seconds_used(self.started, self.thread_start)
                > MAX_SECONDS as f64 - STOPPING_SECONDS
            {
                Some(Counted::Seconds)
            } else if !self.memory_left() {
                Some(Counted::Megabytes)
            } else {
                None
            };
            CALL_READ.with(|read| read.set((now, out)));
            if let Some(counted) = out {
                self.run_out(counted);
            }
        }
        self.out.get().is_none()
    }

    /// Whether the call has added less to the process's memory since its first look than it
    /// may: [`MAX_MEGABYTES`], or less where the container's room is smaller.
    fn memory_left(&self) -> bool {
        let Some(now) = resident_kilobytes() else {
            return true;
        };
        let (start, allowed) = CALL_MEMORY.with(Cell::get).unwrap_or_else(|| {
            let most = MAX_MEGABYTES * 1024;
            let allowed = match container_room_kilobytes() {
                Some(room) => most.min(room.saturating_sub(CONTAINER_MARGIN_MEGABYTES * 1024)),
                None => most,
            };
            CALL_MEMORY.with(|memory| memory.set(Some((now, allowed))));
            (now, allowed)
        });
        now.saturating_sub(start) <= allowed
    }

    /// Whether there is time left to play the move at `index` in a position's list of moves:
    /// looked at before every eighth, so a game whose moves cost next to nothing pays little
    /// for it, and a game whose moves are costly plays at most seven past the time.
    pub(crate) fn in_time_for(&self, index: usize) -> bool {
        !index.is_multiple_of(8) || self.in_time()
    }

    /// Whether the budget has run out of anything.
    pub(crate) fn ran_out(&self) -> bool {
        self.out.get().is_some()
    }

    /// Moves looked at so far.
    pub(crate) fn moves_spent(&self) -> u64 {
        self.moves.get()
    }

    fn run_out(&self, counted: Counted) {
        if self.out.get().is_none() {
            self.out.set(Some(counted));
        }
    }

    /// The refusal that names the limit reached first; the time's, should it be asked while
    /// there is budget left.
    pub(crate) fn reason(&self) -> LimitError {
        self.refusal().unwrap_or(LimitError {
            counted: Counted::Seconds,
            asked: MAX_SECONDS + 1,
            limit: MAX_SECONDS,
        })
    }

    /// The refusal that names the limit reached first, or `None` while there is budget left.
    pub(crate) fn refusal(&self) -> Option<LimitError> {
        Some(match self.out.get()? {
            Counted::Depth => LimitError {
                counted: Counted::Depth,
                asked: u64::from(self.deepest.get()),
                limit: u64::from(self.depth_limit),
            },
            Counted::Seconds => LimitError {
                counted: Counted::Seconds,
                asked: MAX_SECONDS + 1,
                limit: MAX_SECONDS,
            },
            Counted::Megabytes => {
                let allowed = CALL_MEMORY
                    .with(Cell::get)
                    .map_or(MAX_MEGABYTES * 1024, |(_, allowed)| allowed)
                    / 1024;
                LimitError {
                    counted: Counted::Megabytes,
                    asked: allowed + 1,
                    limit: allowed,
                }
            }
            counted => LimitError {
                counted,
                asked: self.moves.get(),
                limit: self.move_limit,
            },
        })
    }
}

impl Drop for Budget {
    fn drop(&mut self) {
        if self.outermost {
            CALL_START.with(|start| start.set(None));
            CALL_MEMORY.with(|memory| memory.set(None));
            CALL_READ.with(|read| read.set((Instant::now(), None)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_limit_reached_is_the_one_named() {
        let budget = Budget::new(10, 5);
        assert!(budget.spend(10));
        assert!(budget.may_go(5));
        assert!(!budget.spend(1));
        assert!(!budget.may_go(6));
        let refusal = budget.refusal().unwrap();
        assert_eq!(refusal.counted, Counted::MovesSearched);
        assert_eq!(refusal.asked, 11);
        let deep = Budget::new(100, 3);
        assert!(!deep.may_go(4));
        assert_eq!(
            deep.refusal().unwrap().to_string(),
            "the game went on more than 3 moves deep without ending, the deepest a search may go: a game whose positions can come back never ends in a search, so search only a few moves ahead (search_ahead), or end the game after a number of moves"
        );
    }

    #[test]
    fn larger_positions_allow_less_depth() {
        assert_eq!(max_depth::<u64>(), MAX_SOLVE_DEPTH);
        assert!(max_depth::<[u8; 1024]>() < MAX_SOLVE_DEPTH);
        assert!(max_depth::<[u8; 4096]>() < max_depth::<[u8; 1024]>());
        assert!(max_depth::<[u8; 1 << 20]>() == 0);
    }

    #[test]
    fn a_call_s_inner_budgets_share_its_time() {
        let outer = Budget::new(10, 10);
        let inner = Budget::new(10, 10);
        assert!(!inner.outermost);
        assert_eq!(inner.started, outer.started);
        drop(inner);
        drop(outer);
        let next = Budget::new(10, 10);
        assert!(next.outermost);
    }

    #[test]
    fn processor_time_is_read_where_the_system_tells_it() {
        let start = Instant::now();
        let before = thread_seconds();
        let spin = Instant::now();
        while spin.elapsed().as_millis() < 30 {}
        let used = seconds_used(start, before);
        assert!(used > 0.0 && used < 5.0, "{used}");
    }
}
