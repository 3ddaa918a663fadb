//! The analysis board's engine: the engine crate's search behind a pool of its own, apart
//! from the computer opponent's, bounded in workers, in queued requests, in depth and in
//! time, so that analyses can never starve the live games of CPU.
//!
//! The queue serves client addresses in turn: a free worker goes to the next address in a
//! round (each address's own requests in order), not to the oldest request, and one
//! address may have at most [`MAX_PER_ADDRESS`] requests queued or running; so one visitor
//! can neither fill the queue nor make the others wait behind a row of its own requests.

use crate::error::AnalysisError;
use crate::i18n::Msg;
use shatar_engine::search::{Info, ScoreReport};
use shatar_engine::{Engine, Limits, SearchRoot};
use shatar_rules::{Move, Position};
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// The most lines asked for (MultiPV).
pub const MAX_MULTIPV: usize = 5;
/// The deepest search asked for.
pub const MAX_DEPTH: u32 = 20;
/// The longest one analysis may run, whatever depth is asked for.
pub const MAX_THINK_MS: u64 = 3_000;
/// Requests that may wait for a worker; more are refused as busy.
pub const MAX_WAITING: usize = 8;
/// Requests one client address may have queued or running at once; more get 429.
pub const MAX_PER_ADDRESS: usize = 2;

/// A number asked for outside `min..=max`, with the field's label (the route's check and
/// the pool's say it alike).
pub fn out_of_range(
    label: &'static str,
    value: impl ToString,
    min: impl ToString,
    max: impl ToString,
) -> Msg {
    Msg::new("analysis-field-number")
        .arg_id("field", label)
        .arg("value", value)
        .arg("min", min)
        .arg("max", max)
}

/// The fair queue: free workers, and the waiting requests by address in round order.
#[derive(Debug, Default)]
struct Queue {
    free: usize,
    waiting: usize,
    /// Requests queued or running, by address.
    in_flight: HashMap<IpAddr, usize>,
    /// Each address's waiting requests, oldest first.
    by_address: HashMap<IpAddr, VecDeque<oneshot::Sender<()>>>,
    /// The addresses with waiting requests, in the order they are served.
    round: VecDeque<IpAddr>,
}

impl Queue {
    /// Hands a freed worker to the next address in the round (`false`: nobody waits).
    fn hand_on(&mut self) -> bool {
        while let Some(addr) = self.round.pop_front() {
            let Some(list) = self.by_address.get_mut(&addr) else {
                continue;
            };
            let next = list.pop_front();
            if list.is_empty() {
                self.by_address.remove(&addr);
            } else {
                self.round.push_back(addr);
            }
            if let Some(tx) = next {
                self.waiting -= 1;
                if tx.send(()).is_ok() {
                    return true;
                }
                // Its request is gone: it no longer counts for its address either.
                self.forget(addr);
            }
        }
        false
    }

    fn forget(&mut self, addr: IpAddr) {
        if let Some(n) = self.in_flight.get_mut(&addr) {
            *n -= 1;
            if *n == 0 {
                self.in_flight.remove(&addr);
            }
        }
    }
}

/// A worker lent to one request; given back, to the next address in turn, when dropped.
#[derive(Debug)]
struct Ticket<'a> {
    pool: &'a AnalysisPool,
    addr: IpAddr,
}

impl Drop for Ticket<'_> {
    fn drop(&mut self) {
        if let Ok(mut q) = self.pool.queue.lock() {
            q.forget(self.addr);
            if !q.hand_on() {
                q.free += 1;
            }
        }
    }
}

/// One engine line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Its rank (1 = best).
    pub multipv: u32,
    /// The depth it was searched to.
    pub depth: u32,
    /// The score for the side to move.
    pub score: ScoreReport,
    /// The moves, from the analysed position.
    pub pv: Vec<Move>,
}

/// The answer of one analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The last depth completed.
    pub depth: u32,
    /// The lines, best first (as many as asked for and as there are legal moves).
    pub lines: Vec<Line>,
    /// Nodes searched.
    pub nodes: u64,
}

/// A fixed number of engines for analysis, lent one search at a time.
#[derive(Debug)]
pub struct AnalysisPool {
    queue: Mutex<Queue>,
    engines: Mutex<Vec<Engine>>,
}

impl AnalysisPool {
    /// A pool of `workers` engines (at least one).
    pub fn new(workers: usize) -> AnalysisPool {
        let workers = workers.max(1);
        let engines = (0..workers)
            .map(|_| {
                let mut e = Engine::new();
                e.set_hash_mb(16);
                e.config.threads = 1;
                e
            })
            .collect();
        AnalysisPool {
            queue: Mutex::new(Queue {
                free: workers,
                ..Queue::default()
            }),
            engines: Mutex::new(engines),
        }
    }

    /// Requests of `addr` queued or running now.
    pub fn in_flight(&self, addr: IpAddr) -> usize {
        self.queue
            .lock()
            .map_or(0, |q| q.in_flight.get(&addr).copied().unwrap_or(0))
    }

    /// Takes a worker for a request of `addr`, at once or in its turn; refuses beyond
    /// [`MAX_PER_ADDRESS`] for the address or [`MAX_WAITING`] in all.
    async fn ticket(&self, addr: IpAddr) -> Result<Ticket<'_>, AnalysisError> {
        let rx = {
            let mut q = self
                .queue
                .lock()
                .map_err(|_| AnalysisError::Internal("analysis queue lock poisoned".into()))?;
            if q.in_flight.get(&addr).copied().unwrap_or(0) >= MAX_PER_ADDRESS {
                return Err(AnalysisError::PerAddress {
                    max: MAX_PER_ADDRESS,
                });
            }
            if q.free > 0 && q.waiting == 0 {
                q.free -= 1;
                *q.in_flight.entry(addr).or_default() += 1;
                return Ok(Ticket { pool: self, addr });
            }
            if q.waiting >= MAX_WAITING {
                return Err(AnalysisError::Busy);
            }
            let (tx, rx) = oneshot::channel();
            q.waiting += 1;
            *q.in_flight.entry(addr).or_default() += 1;
            let list = q.by_address.entry(addr).or_default();
            list.push_back(tx);
            if list.len() == 1 {
                q.round.push_back(addr);
            }
            rx
        };
        rx.await
            .map_err(|_| AnalysisError::Internal("analysis queue dropped a request".into()))?;
        Ok(Ticket { pool: self, addr })
    }

    /// One worker: analyses queue behind each other, and the other cores stay for the live
    /// games and the computer opponent.
    pub fn for_this_machine() -> AnalysisPool {
        AnalysisPool::new(1)
    }

    /// Analyses the position reached from `initial` by `moves` (legal, checked by the
    /// caller): `multipv` lines (1–[`MAX_MULTIPV`]) to `depth` (1–[`MAX_DEPTH`]) or
    /// [`MAX_THINK_MS`], whichever comes first.
    ///
    /// The search runs in a task of its own that holds the worker until it is done, so a
    /// request dropped half-way (the browser left) neither frees the worker early nor
    /// loses its engine.
    pub async fn analyse(
        self: &Arc<Self>,
        addr: IpAddr,
        initial: &Position,
        moves: &[Move],
        multipv: usize,
        depth: u32,
    ) -> Result<Analysis, AnalysisError> {
        if !(1..=MAX_MULTIPV).contains(&multipv) {
            return Err(AnalysisError::Field {
                field: "multipv",
                reason: out_of_range("analysis-label-multipv", multipv, 1, MAX_MULTIPV),
            });
        }
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(AnalysisError::Field {
                field: "depth",
                reason: out_of_range("analysis-label-depth", depth, 1, MAX_DEPTH),
            });
        }
        let pool = Arc::clone(self);
        let root = SearchRoot::new(initial, moves);
        tokio::spawn(async move { pool.run(addr, root, multipv, depth).await })
            .await
            .map_err(|e| AnalysisError::Internal(format!("analysis task: {e}")))?
    }

    async fn run(
        &self,
        addr: IpAddr,
        root: SearchRoot,
        multipv: usize,
        depth: u32,
    ) -> Result<Analysis, AnalysisError> {
        let _ticket = self.ticket(addr).await?;
        let mut engine = self
            .engines
            .lock()
            .map_err(|_| AnalysisError::Internal("engine pool lock poisoned".into()))?
            .pop()
            .ok_or_else(|| AnalysisError::Internal("no free engine".into()))?;
        let (engine, analysis) = tokio::task::spawn_blocking(move || {
            engine.new_game();
            engine.config.multipv = multipv;
            engine.config.skill = 20.0;
            let limits = Limits {
                depth: Some(depth),
                movetime_ms: Some(MAX_THINK_MS),
                ..Limits::default()
            };
            // The engine reports every line after each completed iteration; keep the last.
            let last: Mutex<Vec<Info>> = Mutex::new(Vec::new());
            let result = engine.search(
                &root,
                &limits,
                Arc::default(),
                Arc::default(),
                &|info: &Info| {
                    if info.bound.is_some() {
                        return;
                    }
                    if let Ok(mut last) = last.lock() {
                        if info.multipv == 1 {
                            last.clear();
                        }
                        last.push(info.clone());
                    }
                },
            );
            let lines: Vec<Line> = last
                .into_inner()
                .unwrap_or_default()
                .into_iter()
                .map(|i| Line {
                    multipv: i.multipv,
                    depth: i.depth,
                    score: i.score,
                    pv: i.pv,
                })
                .collect();
            let analysis = Analysis {
                depth: lines.first().map_or(result.depth, |l| l.depth),
                lines,
                nodes: result.nodes,
            };
            (engine, analysis)
        })
        .await
        .map_err(|e| AnalysisError::Internal(format!("analysis search: {e}")))?;
        if let Ok(mut engines) = self.engines.lock() {
            engines.push(engine);
        }
        Ok(analysis)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shatar_rules::{Ruleset, fen, uci};

    const LOCAL: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

    fn addr(n: u8) -> IpAddr {
        IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, n))
    }

    async fn until_waiting(pool: &AnalysisPool, n: usize) {
        while pool.queue.lock().unwrap().waiting != n {
            tokio::task::yield_now().await;
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn addresses_are_served_in_turn_within_their_share() {
        let pool = Arc::new(AnalysisPool::new(1));
        let (a, b, c) = (addr(1), addr(2), addr(3));
        let running = pool.ticket(a).await.unwrap();
        let served = Arc::new(Mutex::new(Vec::new()));
        // Queued in this order: B's two, then A's second, then C's.
        let mut tasks = Vec::new();
        for (n, (who, name)) in [(b, "B1"), (b, "B2"), (a, "A2"), (c, "C1")]
            .into_iter()
            .enumerate()
        {
            let (pool2, served) = (Arc::clone(&pool), Arc::clone(&served));
            tasks.push(tokio::spawn(async move {
                let t = pool2.ticket(who).await.unwrap();
                served.lock().unwrap().push(name);
                drop(t);
            }));
            until_waiting(&pool, n + 1).await;
        }
        // A has one running and one queued: its third is refused, B's third too.
        assert_eq!(pool.in_flight(a), 2);
        assert!(matches!(
            pool.ticket(a).await,
            Err(AnalysisError::PerAddress { max: 2 })
        ));
        assert!(matches!(
            pool.ticket(b).await,
            Err(AnalysisError::PerAddress { max: 2 })
        ));
        drop(running);
        for t in tasks {
            t.await.unwrap();
        }
        // In turn by address (B, A, C, then B again), not in arrival order (B1 B2 A2 C1).
        assert_eq!(*served.lock().unwrap(), ["B1", "A2", "C1", "B2"]);
        assert_eq!(
            (pool.in_flight(a), pool.in_flight(b), pool.in_flight(c)),
            (0, 0, 0)
        );
        let q = pool.queue.lock().unwrap();
        assert_eq!((q.free, q.waiting, q.round.len()), (1, 0, 0));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_queue_is_bounded_in_all() {
        let pool = Arc::new(AnalysisPool::new(1));
        let running = pool.ticket(addr(0)).await.unwrap();
        let mut waiting = Vec::new();
        for n in 0..MAX_WAITING {
            let pool2 = Arc::clone(&pool);
            let who = addr(u8::try_from(n).unwrap() + 1);
            waiting.push(tokio::spawn(
                async move { pool2.ticket(who).await.map(drop) },
            ));
            until_waiting(&pool, n + 1).await;
        }
        assert!(matches!(
            pool.ticket(addr(200)).await,
            Err(AnalysisError::Busy)
        ));
        drop(running);
        for w in waiting {
            w.await.unwrap().unwrap();
        }
    }

    #[tokio::test]
    async fn mate_in_one_is_the_first_line() {
        // Ra8 mates: the king on g8 is boxed in by its own pawns; a rook's mate counts under
        // the official rules (docs/rules.md §4).
        let pos = fen::read("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Ruleset::OFFICIAL).unwrap();
        let pool = Arc::new(AnalysisPool::new(1));
        let a = pool.analyse(LOCAL, &pos, &[], 3, 4).await.unwrap();
        assert_eq!(a.lines.len(), 3);
        assert_eq!(a.depth, 4);
        let first = &a.lines[0];
        assert_eq!(uci::write(&first.pv[0], pos.ruleset()), "a1a8");
        assert_eq!(first.score, ScoreReport::Mate(1));
        assert_eq!(
            a.lines.iter().map(|l| l.multipv).collect::<Vec<_>>(),
            [1, 2, 3]
        );
    }

    #[tokio::test]
    async fn limits_are_checked() {
        let pos = Position::start(Ruleset::OFFICIAL);
        let pool = Arc::new(AnalysisPool::new(1));
        let e = pool.analyse(LOCAL, &pos, &[], 6, 4).await.unwrap_err();
        assert_eq!(e.field(), Some("multipv"));
        let e = pool.analyse(LOCAL, &pos, &[], 1, 0).await.unwrap_err();
        assert_eq!(e.field(), Some("depth"));
    }
}
