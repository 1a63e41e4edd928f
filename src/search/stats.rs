//! What a search did, counted: how many nodes each pruning cut, how many
//! moves each skipped or reduced, where the cut-offs came from
//! (`kyodai bench --stats`). Each thread counts its own; the searcher adds
//! them up. The counts are plain additions on the hot path, as cheap as
//! the node count beside them.

use std::fmt;
use std::ops::AddAssign;

/// The counts of one search (all its iterations).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes searched to a depth (not quiescence).
    pub nodes: u64,
    /// Quiescence nodes.
    pub quiescence_nodes: u64,
    /// Nodes settled by the transposition table.
    pub table_cuts: u64,
    /// Nodes cut by reverse futility.
    pub reverse_futility: u64,
    /// Nodes settled by razoring.
    pub razored: u64,
    /// Null moves tried, and those that failed high.
    pub null_tries: u64,
    pub null_cuts: u64,
    /// Quiet moves skipped by futility.
    pub futile_moves: u64,
    /// Quiet moves skipped by late move pruning.
    pub late_moves_pruned: u64,
    /// Nodes where late move pruning skipped a move, and those where it
    /// did before any quiet move was searched (minase's lesson: counting
    /// captures toward its threshold does that).
    pub late_move_pruning_nodes: u64,
    pub pruned_before_any_quiet: u64,
    /// Captures skipped as losing in their exchange.
    pub losing_captures_pruned: u64,
    /// Quiet moves skipped as losing their piece in the exchange on their
    /// square (`quiet-see-margin`).
    pub losing_quiets_pruned: u64,
    /// Moves searched with a late move reduction, and those searched again
    /// at full depth when the reduced search came back above alpha.
    pub reduced: u64,
    pub re_searched: u64,
    /// Late quiet moves whose reduction their history lowered, and raised
    /// (`lmr-history`).
    pub reduced_less_by_history: u64,
    pub reduced_more_by_history: u64,
    /// Beta cut-offs in nodes searched to a depth: all of them, by the
    /// first move searched, by a capture.
    pub cutoffs: u64,
    pub first_move_cutoffs: u64,
    pub capture_cutoffs: u64,
    /// The moves searched before the cut-off, summed over the cut-offs.
    pub moves_to_cutoff: u64,
}

impl AddAssign for SearchStats {
    fn add_assign(&mut self, o: SearchStats) {
        self.nodes += o.nodes;
        self.quiescence_nodes += o.quiescence_nodes;
        self.table_cuts += o.table_cuts;
        self.reverse_futility += o.reverse_futility;
        self.razored += o.razored;
        self.null_tries += o.null_tries;
        self.null_cuts += o.null_cuts;
        self.futile_moves += o.futile_moves;
        self.late_moves_pruned += o.late_moves_pruned;
        self.late_move_pruning_nodes += o.late_move_pruning_nodes;
        self.pruned_before_any_quiet += o.pruned_before_any_quiet;
        self.losing_captures_pruned += o.losing_captures_pruned;
        self.losing_quiets_pruned += o.losing_quiets_pruned;
        self.reduced += o.reduced;
        self.re_searched += o.re_searched;
        self.reduced_less_by_history += o.reduced_less_by_history;
        self.reduced_more_by_history += o.reduced_more_by_history;
        self.cutoffs += o.cutoffs;
        self.first_move_cutoffs += o.first_move_cutoffs;
        self.capture_cutoffs += o.capture_cutoffs;
        self.moves_to_cutoff += o.moves_to_cutoff;
    }
}

/// `part` as a percentage of `whole`, one decimal.
fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        "-".to_string()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

impl fmt::Display for SearchStats {
    /// One count a line, `name count (share)`: each share of what it is
    /// a part of, said in the name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let all = self.nodes + self.quiescence_nodes;
        let rows = [
            ("nodes to a depth, of all", self.nodes, Some(all)),
            ("quiescence nodes, of all", self.quiescence_nodes, Some(all)),
            (
                "table cuts, of nodes to a depth",
                self.table_cuts,
                Some(self.nodes),
            ),
            (
                "reverse futility cuts, of nodes to a depth",
                self.reverse_futility,
                Some(self.nodes),
            ),
            (
                "razored, of nodes to a depth",
                self.razored,
                Some(self.nodes),
            ),
            (
                "null moves tried, of nodes to a depth",
                self.null_tries,
                Some(self.nodes),
            ),
            (
                "null moves failing high, of those tried",
                self.null_cuts,
                Some(self.null_tries),
            ),
            ("quiet moves cut by futility", self.futile_moves, None),
            (
                "quiet moves cut by late move pruning",
                self.late_moves_pruned,
                None,
            ),
            (
                "nodes with late move pruning, of nodes to a depth",
                self.late_move_pruning_nodes,
                Some(self.nodes),
            ),
            (
                "... pruning before any quiet move searched, of those",
                self.pruned_before_any_quiet,
                Some(self.late_move_pruning_nodes),
            ),
            ("losing captures cut", self.losing_captures_pruned, None),
            (
                "quiet moves cut as losing their piece",
                self.losing_quiets_pruned,
                None,
            ),
            ("moves reduced", self.reduced, None),
            (
                "reduced moves searched again, of those reduced",
                self.re_searched,
                Some(self.reduced),
            ),
            (
                "late moves reduced less by their history",
                self.reduced_less_by_history,
                None,
            ),
            (
                "late moves reduced more by their history",
                self.reduced_more_by_history,
                None,
            ),
            (
                "beta cut-offs, of nodes to a depth",
                self.cutoffs,
                Some(self.nodes),
            ),
            (
                "cut-offs by the first move, of cut-offs",
                self.first_move_cutoffs,
                Some(self.cutoffs),
            ),
            (
                "cut-offs by a capture, of cut-offs",
                self.capture_cutoffs,
                Some(self.cutoffs),
            ),
        ];
        for (name, count, whole) in rows {
            match whole {
                Some(whole) => writeln!(f, "{name:<50} {count:>12} {:>7}", percent(count, whole))?,
                None => writeln!(f, "{name:<50} {count:>12}")?,
            }
        }
        let mean = if self.cutoffs == 0 {
            0.0
        } else {
            self.moves_to_cutoff as f64 / self.cutoffs as f64
        };
        writeln!(
            f,
            "{:<50} {mean:>12.2}",
            "moves searched a cut-off, on average"
        )
    }
}
