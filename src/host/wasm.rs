//! The browser host (wasm32): the engine inside a Web Worker, driven by
//! the JavaScript of `web/module/`.
//!
//! JavaScript hands input lines to `kyodai_post` and calls `kyodai_step`
//! to handle them one at a time; output lines go to the imported `emit`.
//! There are no threads: a search runs inside the step that starts it. The
//! lines that arrive meanwhile are read at the search's node checkpoints
//! through the imported `input_length`/`input_take` (a shared ring buffer
//! the page writes when it is cross-origin isolated) and judged there, as
//! the native reader thread judges them, so that `stop`, `ponderhit`, `?`
//! and `.` reach a running search at once. Without isolation nothing can be
//! read during a search, so a search without a limit of its own is stopped
//! after `unisolated_limit_ms` (the page's choice) rather than never.

use super::{MAX_LINE, page};
use crate::analyse::Review;
use crate::clock::Instant;
use crate::engine::link::{Interrupter, Link, Protocol};
use crate::usi::Usi;
use crate::variant::VariantSet;
use crate::xboard::Engine;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

// The module's imports (`web/module/kyodai-worker.js`) but for `now` and
// `random`, the clock and the seed, which `crate::clock` declares itself.
#[link(wasm_import_module = "kyodai")]
unsafe extern "C" {
    /// One output line of `len` UTF-8 bytes at `ptr`.
    fn emit(ptr: *const u8, len: usize);
    /// The length of the next input line waiting in the shared buffer, or
    /// -1 if none (always -1 without cross-origin isolation).
    fn input_length() -> i32;
    /// Copy that line to `ptr` and remove it from the buffer.
    fn input_take(ptr: *mut u8);
}

fn write_line(line: &str) {
    // SAFETY: the host copies `len` bytes from `ptr` before returning.
    unsafe { emit(line.as_ptr(), line.len()) }
}

/// What waits to be handled, in order.
enum Event {
    Line(String),
    Finished(u64),
}

/// The events and the rules for judging lines, shared with the checkpoint.
#[derive(Default)]
struct Queue {
    events: VecDeque<Event>,
    /// The protocol's `interrupter`, once the first line has chosen it.
    interrupt: Option<Interrupter>,
    /// When the step under way started, and how long a search may run
    /// when no input can reach it (`None`: input can).
    step_started: Option<Instant>,
    unisolated_limit_ms: Option<f64>,
}

impl Queue {
    /// Read the lines the page has written meanwhile, then judge every
    /// line still waiting (one queued during an earlier search may be
    /// meant for this one); true stops a search that nothing could reach
    /// once it has run for the limit.
    fn checkpoint(&mut self) -> bool {
        while let Some(line) = read_input() {
            self.events.push_back(Event::Line(line));
        }
        if let Some(interrupt) = &self.interrupt {
            for event in &self.events {
                if let Event::Line(line) = event {
                    interrupt(line);
                }
            }
        }
        self.step_started
            .zip(self.unisolated_limit_ms)
            .is_some_and(|(started, limit)| started.elapsed().as_secs_f64() * 1000.0 >= limit)
    }
}

/// The next line of the shared input buffer, if any.
fn read_input() -> Option<String> {
    // SAFETY: imported functions; `input_take` writes exactly the length
    // `input_length` gave into a buffer of that length.
    unsafe {
        let len = usize::try_from(input_length()).ok()?;
        let mut bytes = vec![0u8; len];
        input_take(bytes.as_mut_ptr());
        // A line over `MAX_LINE` is refused when its turn comes.
        Some(
            String::from_utf8_lossy(&bytes)
                .trim_end_matches(['\n', '\r'])
                .to_string(),
        )
    }
}

/// The protocol the first line chose.
enum Adapter {
    Usi(Box<Usi>),
    Cecp(Box<Engine>),
}

impl Adapter {
    fn protocol(&mut self) -> &mut dyn Protocol {
        match self {
            Adapter::Usi(p) => &mut **p,
            Adapter::Cecp(p) => &mut **p,
        }
    }
}

/// The engine of this module instance.
struct Host {
    adapter: Option<Adapter>,
    queue: Arc<Mutex<Queue>>,
    /// `quit` was handled: nothing more is read.
    quit: bool,
}

thread_local! {
    static HOST: RefCell<Host> = RefCell::new(Host {
        adapter: None,
        queue: Arc::new(Mutex::new(Queue::default())),
        quit: false,
    });
    /// Where JavaScript writes an input line for `kyodai_post`, a record or
    /// a problem, and where `kyodai_describe`, `kyodai_read_record`, the
    /// review and the mate solver leave their answers.
    static BUFFER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

fn lock(queue: &Mutex<Queue>) -> std::sync::MutexGuard<'_, Queue> {
    queue.lock().unwrap_or_else(|e| e.into_inner())
}

impl Host {
    fn link(&self) -> Link {
        let finished = self.queue.clone();
        let checkpoint = self.queue.clone();
        Link {
            out: Arc::new(write_line),
            finished: Arc::new(move |id| lock(&finished).events.push_back(Event::Finished(id))),
            checkpoint: Some(Arc::new(move || lock(&checkpoint).checkpoint())),
        }
    }

    /// Handle the next event; false when there was none.
    fn step(&mut self) -> bool {
        let next = lock(&self.queue).events.pop_front();
        let Some(event) = next else {
            return false;
        };
        if self.quit {
            return true;
        }
        lock(&self.queue).step_started = Some(Instant::now());
        match event {
            Event::Line(line) => {
                if self.adapter.is_none() {
                    self.choose_protocol(&line);
                }
                if let Some(adapter) = &mut self.adapter {
                    let protocol = adapter.protocol();
                    if line.len() > MAX_LINE {
                        protocol.refuse(&format!("line too long (over {MAX_LINE} bytes), skipped"));
                    } else if !protocol.handle(&line) {
                        self.quit = true;
                    }
                }
            }
            Event::Finished(id) => {
                if let Some(adapter) = &mut self.adapter {
                    adapter.protocol().search_ended(id);
                }
            }
        }
        lock(&self.queue).step_started = None;
        true
    }

    /// `usi` starts USI (Chu under lishogi's rules), anything else CECP,
    /// which then handles that line itself.
    fn choose_protocol(&mut self, first: &str) {
        let set = VariantSet::builtin();
        let adapter = if first.trim() == "usi" {
            Adapter::Usi(Box::new(Usi::new(set, self.link())))
        } else {
            Adapter::Cecp(Box::new(Engine::new(set, None, self.link())))
        };
        let mut adapter = adapter;
        lock(&self.queue).interrupt = Some(adapter.protocol().interrupter(false));
        self.adapter = Some(adapter);
    }
}

/// Make the buffer `len` bytes long and return where JavaScript writes
/// the line for `kyodai_post`.
#[unsafe(no_mangle)]
pub extern "C" fn kyodai_buffer(len: usize) -> *mut u8 {
    BUFFER.with(|b| {
        let mut b = b.borrow_mut();
        b.clear();
        b.resize(len, 0);
        b.as_mut_ptr()
    })
}

/// Queue the line in the buffer (not yet handled: `kyodai_step`).
#[unsafe(no_mangle)]
pub extern "C" fn kyodai_post() {
    let line = BUFFER.with(|b| {
        String::from_utf8_lossy(&b.borrow())
            .trim_end_matches(['\n', '\r'])
            .to_string()
    });
    HOST.with(|h| lock(&h.borrow().queue).events.push_back(Event::Line(line)));
}

/// Handle the next queued line or search result (a search it starts runs
/// now). Returns 1 if there was one, 0 if nothing was waiting, 2 once the
/// session has ended (`quit`).
#[unsafe(no_mangle)]
pub extern "C" fn kyodai_step() -> u32 {
    HOST.with(|h| {
        let mut host = h.borrow_mut();
        let did = host.step();
        if host.quit { 2 } else { u32::from(did) }
    })
}

/// Set how long a search without a limit of its own may run when input
/// cannot reach it during the search (no cross-origin isolation); 0: input
/// can reach it, no such limit.
#[unsafe(no_mangle)]
pub extern "C" fn kyodai_set_unisolated_limit(ms: f64) {
    HOST.with(|h| {
        lock(&h.borrow().queue).unisolated_limit_ms = (ms > 0.0).then_some(ms);
    });
}

/// Write the built-in variants' description (`describe`, JSON) to the
/// buffer and return its length (read it at `kyodai_buffer(0)`'s pointer
/// before the next call that uses the buffer).
#[unsafe(no_mangle)]
pub extern "C" fn kyodai_describe() -> usize {
    answer(&crate::describe::json(VariantSet::builtin()))
}

/// Where the buffer's text is.
#[unsafe(no_mangle)]
pub extern "C" fn kyodai_buffer_ptr() -> *const u8 {
    BUFFER.with(|b| b.borrow().as_ptr())
}

/// The text JavaScript wrote to the buffer.
fn buffer_text() -> String {
    BUFFER.with(|b| String::from_utf8_lossy(&b.borrow()).into_owned())
}

/// The text in the buffer: a first line naming a variant, then a record.
fn variant_and_text() -> (String, String) {
    let text = buffer_text();
    match text.split_once('\n') {
        Some((variant, rest)) => (variant.trim().to_string(), rest.to_string()),
        None => (text.trim().to_string(), String::new()),
    }
}

/// Leave `text` in the buffer and return its length.
fn answer(text: &str) -> usize {
    BUFFER.with(|b| {
        let mut b = b.borrow_mut();
        b.clear();
        b.extend_from_slice(text.as_bytes());
        b.len()
    })
}

/// Read the record in the buffer (first line: the variant of a PGN game
/// without a Variant tag, or empty) and leave its games as JSON
/// (`page::read_record`) in the buffer; returns the JSON's length.
#[unsafe(no_mangle)]
pub extern "C" fn kyodai_read_record() -> usize {
    let (variant, text) = variant_and_text();
    answer(&page::read_record(&text, &variant))
}

thread_local! {
    /// The game review under way (`kyodai_review_start`).
    static REVIEW: RefCell<Option<Review>> = const { RefCell::new(None) };
}

/// Start reviewing the first game of the record in the buffer (as for
/// `kyodai_read_record`), `movetime_ms` a position; leaves
/// `{"positions":N}` or `{"error":...}` in the buffer, returns its length.
#[unsafe(no_mangle)]
pub extern "C" fn kyodai_review_start(movetime_ms: f64) -> usize {
    let (variant, text) = variant_and_text();
    let movetime = Duration::from_secs_f64((movetime_ms / 1000.0).clamp(0.001, 3600.0));
    let (review, json) = match page::start_review(&text, &variant, movetime) {
        Ok(r) => {
            let json = format!("{{\"positions\":{}}}", r.progress().1);
            (Some(r), json)
        }
        Err(e) => (None, format!("{{\"error\":{}}}", crate::describe::text(&e))),
    };
    REVIEW.with(|slot| *slot.borrow_mut() = review);
    answer(&json)
}

/// Search the review's next position (it runs now, for its movetime);
/// returns the positions searched so far, or -1 when all were, or there
/// is no review.
#[unsafe(no_mangle)]
pub extern "C" fn kyodai_review_step() -> i32 {
    REVIEW.with(|slot| {
        let mut slot = slot.borrow_mut();
        let Some(review) = slot.as_mut() else {
            return -1;
        };
        if review.step() {
            i32::try_from(review.progress().0).unwrap_or(i32::MAX)
        } else {
            -1
        }
    })
}

/// Leave the review's figures as JSON (`page::review_json`) in the
/// buffer and end the review; returns the length (0 without a review).
#[unsafe(no_mangle)]
pub extern "C" fn kyodai_review_finish() -> usize {
    match REVIEW.with(|slot| slot.borrow_mut().take()) {
        Some(review) => answer(&page::review_json(&review.finish())),
        None => answer(""),
    }
}

/// Drop the review under way (the page cancelled it).
#[unsafe(no_mangle)]
pub extern "C" fn kyodai_review_cancel() {
    REVIEW.with(|slot| *slot.borrow_mut() = None);
}

/// Solve the problem in the buffer (`page::solve_problem`'s request:
/// variant, rules, FEN and moves, a line each) within `time_ms` and, unless
/// 0, `nodes`; leaves its JSON in the buffer and returns its length. It
/// runs now, to its end: the page cancels it by ending the Worker.
#[unsafe(no_mangle)]
pub extern "C" fn kyodai_solve_mate(time_ms: f64, nodes: f64) -> usize {
    answer(&page::solve_problem(&buffer_text(), time_ms, nodes))
}

/// The defender's turn in the problem in the buffer
/// (`page::defend_problem`), as `kyodai_solve_mate`.
#[unsafe(no_mangle)]
pub extern "C" fn kyodai_defend_mate(time_ms: f64, nodes: f64) -> usize {
    answer(&page::defend_problem(&buffer_text(), time_ms, nodes))
}

/// Report a panic as a protocol error line (the instance is lost after
/// it: the JavaScript side starts a fresh one).
#[unsafe(no_mangle)]
pub extern "C" fn kyodai_init() {
    std::panic::set_hook(Box::new(|info| {
        write_line(&format!("info string error engine panic: {info}"));
    }));
}
