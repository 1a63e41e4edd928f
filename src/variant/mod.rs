//! Variants as data: `engine.ini` is parsed into `Variant`s, and each piece's
//! movement is compiled into mailbox rays at load time so that move
//! generation only walks precomputed tables.
//!
//! File format (one section per variant):
//!
//! ```text
//! [chu]                       ; the CECP name
//! name = Chu Shogi
//! aliases = chushogi          ; more names accepted on the command line
//! board = 12x12
//! zone = 4                    ; promotion-zone depth in ranks
//! promotion = chu             ; see `PromotionRule`: chu, capture,
//!                             ; capture-forced, start-or-end
//! dead-ranks-forced = no      ; a piece ending where it could never move
//!                             ; again must promote (Wa; HaChu's Tenjiku)
//! burn-on-promotion = yes     ; a piece promoting into a burning Demon
//!                             ; burns at once (Tenjiku; not HaChu's)
//! captured-demons-burn = no   ; a Demon the move captures still burns the
//!                             ; mover landing next to it (HaChu's Tenjiku)
//! own-demons-burn = no        ; the mover's own Fire Demons burn it too
//!                             ; when it lands next to one (HaChu's Tenjiku)
//! lion-trading = yes          ; Chu's Lion-trading rules
//! counter-strike = everywhere ; see `CounterStrike`: everywhere,
//!                             ; except-same-square
//! lenient-lion-rules = yes    ; also accept other readings of the Lion
//!                             ; rules from an opponent (HaChu's, Okazaki)
//! repetition = strict         ; see `Repetition`: strict, perpetual,
//!                             ; perpetual-draw, fourfold, fourfold-check,
//!                             ; fourfold-perpetual
//! bare-king = no              ; a bare royal loses (`game::ending`)
//! kings-only-draw = no        ; two lone royals (dead pieces aside) draw
//! consecutive-passes = no     ; a side may not pass twice running (Suzumu)
//! native = yes                ; XBoard knows the variant: no `setup`
//! start = <FEN>
//! hachu-start = <FEN>         ; HaChu's own start position, if different
//! start-name = NAME           ; what `start` is called among the layouts
//! layout = NAME: <FEN>        ; another start position the rules offer
//!                             ; (an engine option chooses; Nutty d2/k2)
//! eval-NAME = <centipawns>    ; evaluation weights (`EvalParams`)
//! piece = TOKEN | Name | XBetza for the GUI | movement | promotes to | flags
//! ```
//!
//! A section can be another rule set of a variant defined before it:
//!
//! ```text
//! [chu-lishogi]
//! base = chu                  ; first: a copy of [chu] (pieces included)
//! rules = lishogi             ; see `Rules`: the copy is `chu` under
//!                             ; lishogi's rules
//! repetition = ...            ; then what differs
//! ```
//!
//! Such a variant keeps its base's name (it is the same game to players),
//! is not among `VariantSet::variants` (so no list of variants shows it)
//! and is found by `VariantSet::find_with(name, rules)` only.
//!
//! Movement is the Betza subset of `betza.rs`. Flags:
//! - `royal`;
//! - powers, written once in `movegen`: `lion` (full Lion power, and a
//!   Lion for Chu's trading rules), `wolf` (Cashew/Macadamia Wolf),
//!   `hook=R` / `hook=B` (one 90-degree turn between two slides),
//!   `emperor` (Macadamia Emperor), `sting=<betza>` (limited Lion power
//!   along the given step directions: Horned Falcon, Soaring Eagle),
//!   `lion=F` (the Lion's capture-first double step and pass, on diagonal
//!   steps only: Harpy, Free Eagle);
//! - the Tenjiku family's powers: `area=N` (up to N king steps through
//!   empty squares, the last may capture; back to the start is a pass),
//!   `area-pass=no` (with `area=`: no pass by returning to the start),
//!   `burn=auto` (Nutty's Fire Demon: burns every adjacent enemy after its
//!   move, and burns an enemy that lands next to it), `burn=2` (Suzumu's
//!   Fire Demon: after moving, takes up to two chosen adjacent enemies
//!   other than Fire Demons), `igui=N` (takes up to N adjacent enemies
//!   without moving), `jump=any` / `jump=N` (a capture along a slide line
//!   may jump pieces of lower `rank=R`: any number, or at most N),
//!   `jump-victims=lower` (the piece taken by jumping must rank lower
//!   too: HaChu's Tenjiku),
//!   `take-jumped` (jumped enemies may be captured in passing),
//!   `freeze` (adjacent enemies other than freezers cannot move);
//! - `dead-ranks=N` (the piece could never move from the N far ranks:
//!   under the Chu rule reaching them offers promotion (Pawn, Lance 1,
//!   Dai's Knight 2), with `dead-ranks-forced` it must promote there (Wa's
//!   Pawn and Oxcart); elsewhere the engine does not strand its own
//!   piece there);
//! - `bridge` (a worthless piece: as the first victim of a Lion's double
//!   capture it does not buy the right to take a protected Lion (rule 1),
//!   and under the bare-king rule it does not count as a piece);
//! - `contagion=TOKEN` (whoever takes this piece turns into TOKEN:
//!   Macadamia's Priest, Pirate, Saint, Ghost);
//! - `slot=N` (XBoard piece slot for the `setup` table, 0-64, 65 = King);
//! - `hachu-misplays` (HaChu 0.21 moves the type wrongly: its moves, and
//!   promotions into it, are avoided under "HaChu compatible moves");
//! - `value=<centipawns>`.
//!
//! The promotion column names the promoted type; the variant's
//! `promotion` rule says when promotion happens (`chu`, `capture`,
//! `capture-forced`, `start-or-end`).
//!
//! In a section with `base =`, a `piece =` line whose token the base
//! already has replaces that piece (HaChu's Tenjiku pieces).
//!
//! The files: `rules.rs`, the rule choices (`PromotionRule`, `Rules`,
//! `CounterStrike`, `Repetition`); `piece.rs`, a piece type;
//! `definition.rs`, a `Variant`; `set.rs`, the variants of one file and
//! the built-in set; `ini.rs`, a section read into a draft; `tables.rs`,
//! a draft made into a `Variant` with its tables; `compile.rs`, a
//! piece's movement compiled into rays; `weights.rs`, what the
//! evaluation keeps per variant as plain data (its weights, the slot for
//! its placement table). The evaluation interprets that data; nothing
//! here imports the evaluation.

mod compile;
mod definition;
mod ini;
mod piece;
mod rules;
mod set;
mod tables;
mod weights;

pub use definition::{Layout, Variant};
pub use piece::{Burn, Jump, MAX_PIECE_VALUE, PieceType, Power, Ray, UNLIMITED};
pub use rules::{CounterStrike, PromotionRule, Repetition, Rules};
pub use set::{BUILTIN_INI, VariantSet};
pub use weights::{
    EvalParams, MAX_WEIGHT, PAIR_RANK, PAIR_UNIT, PairGeometry, PairTable, Placement,
};
