//! Import circles among the files of `src/`.
//!
//! Reads every `.rs` file under `src/`, finds the other files of the crate
//! that it names (`use crate::...`, `use super::...`, a child module's
//! name, and paths like `crate::host::wasm::now_ms()` written inline; the
//! code of `#[cfg(test)] mod ... { }` blocks is left out, and so is no
//! `#[cfg(...)]`: a wasm32-only import counts), and fails if the files fall
//! into a circle.
//!
//! The same holds for the top-level modules (a folder or a file of
//! `src/`), each taken as a whole: the files of one module may import each
//! other one way, but no module imports one that imports it back.
//!
//! `cargo test --release --test imports -- --nocapture` prints the map:
//! each file with the files it imports, then every circle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

#[test]
fn no_import_circles() {
    let graph = Graph::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    println!("{}", graph.map());
    let circles: Vec<String> = graph
        .circles()
        .iter()
        .map(|circle| {
            format!(
                "circle through {} files ({}), e.g. {}",
                circle.len(),
                circle.join(" "),
                graph.example(circle).join(" -> ")
            )
        })
        .collect();
    for text in &circles {
        println!("{text}");
    }
    if circles.is_empty() {
        println!("no circles");
    }
    assert!(
        circles.is_empty(),
        "import circles among the files of src/ (tests/imports.rs):\n{}",
        circles.join("\n")
    );
}

/// No module imports another that imports it back, through its files: as
/// once the hosts imported the protocol adapters, which imported the
/// hosts' `Link`, and the record readers and the mate solver the USI
/// adapter's module for lishogi's notation.
#[test]
fn no_import_circles_among_modules() {
    let graph = Graph::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src")).modules();
    let circles: Vec<String> = graph
        .circles()
        .iter()
        .map(|circle| graph.example(circle).join(" -> "))
        .collect();
    assert!(
        circles.is_empty(),
        "import circles among the modules of src/ (tests/imports.rs):\n{}",
        circles.join("\n")
    );
}

/// The checker itself, on made-up files.
#[test]
fn the_checker_sees_use_lines_inline_paths_and_children() {
    let files = [
        ("lib.rs", "pub mod a; pub mod b; pub mod c; pub mod d;"),
        (
            "a.rs",
            "use crate::b::{X, y::Z};\n// crate::d::gone in a comment\nlet s = \"crate::d\";",
        ),
        ("b.rs", "fn f() { crate::c::g() }"),
        (
            "c.rs",
            "#[cfg(target_arch = \"wasm32\")]\nuse super::a;\n#[cfg(test)]\nmod tests { use crate::d::D; }",
        ),
        ("d/mod.rs", "pub mod e; use e::E;"),
        ("d/e.rs", "use super::super::b; use super::F;"),
    ];
    let graph = Graph::from_texts(
        files
            .iter()
            .map(|(p, t)| (p.to_string(), t.to_string()))
            .collect(),
    );
    let circles = graph.circles();
    let as_text: Vec<String> = circles
        .iter()
        .map(|c| graph.example(c).join(" -> "))
        .collect();
    assert_eq!(
        as_text,
        [
            "a.rs -> b.rs -> c.rs -> a.rs",
            "d/e.rs -> d/mod.rs -> d/e.rs"
        ],
        "{}",
        graph.map()
    );
    // Module by module, `d`'s two files are one module: only the circle
    // of the three files that are modules of their own is left.
    let modules = graph.modules();
    assert_eq!(modules.circles(), [["a", "b", "c"]], "{}", modules.map());
}

/// Files (paths under `src/`, `/`-separated) and the files each imports.
struct Graph {
    edges: BTreeMap<String, BTreeSet<String>>,
}

impl Graph {
    fn read(src: &Path) -> Graph {
        let mut texts = BTreeMap::new();
        let mut dirs = vec![src.to_path_buf()];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("read src/") {
                let path: PathBuf = entry.expect("entry").path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let rel = path.strip_prefix(src).unwrap();
                    let rel: Vec<String> = rel
                        .components()
                        .map(|c| c.as_os_str().to_string_lossy().into_owned())
                        .collect();
                    let text = std::fs::read_to_string(&path).expect("read file");
                    texts.insert(rel.join("/"), text);
                }
            }
        }
        Graph::from_texts(texts)
    }

    fn from_texts(texts: BTreeMap<String, String>) -> Graph {
        // Module path (`host::wasm`, "" for the crate root) -> file.
        let modules: BTreeMap<String, String> = texts
            .keys()
            .filter_map(|f| module_of(f).map(|m| (m, f.clone())))
            .collect();
        let mut edges = BTreeMap::new();
        for (file, text) in &texts {
            let mut to = BTreeSet::new();
            // main.rs is a crate of its own that names the library `kyodai`.
            let here = module_of(file).unwrap_or_default();
            for path in paths(&tokens(text)) {
                let Some(full) = absolute(&path, &here, file == "main.rs", &modules) else {
                    continue;
                };
                // The longest module path that the path starts with.
                let mut segs = full.as_slice();
                loop {
                    if let Some(f) = modules.get(&segs.join("::")) {
                        if f != file {
                            to.insert(f.clone());
                        }
                        break;
                    }
                    if segs.is_empty() {
                        break;
                    }
                    segs = &segs[..segs.len() - 1];
                }
            }
            edges.insert(file.clone(), to);
        }
        Graph { edges }
    }

    /// The imports between the crate's top-level modules (a folder or a
    /// file of `src/`), each file counted as its module's; the crate root
    /// and `main.rs`, which declare or drive everything, left out.
    fn modules(&self) -> Graph {
        let module = |file: &str| -> Option<String> {
            if file == "lib.rs" || file == "main.rs" {
                return None;
            }
            let first = file.split('/').next()?;
            Some(first.strip_suffix(".rs").unwrap_or(first).to_string())
        };
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (file, to) in &self.edges {
            let Some(from) = module(file) else {
                continue;
            };
            let imported: BTreeSet<String> = to
                .iter()
                .filter_map(|t| module(t))
                .filter(|t| *t != from)
                .collect();
            edges.entry(from).or_default().extend(imported);
        }
        Graph { edges }
    }

    fn map(&self) -> String {
        let mut out = String::new();
        for (file, to) in &self.edges {
            let to: Vec<&str> = to.iter().map(String::as_str).collect();
            out += &format!("{file}: {}\n", to.join(" "));
        }
        out
    }

    /// The strongly connected components of more than one file (Tarjan),
    /// each sorted, in order.
    fn circles(&self) -> Vec<Vec<String>> {
        struct State<'a> {
            graph: &'a Graph,
            index: BTreeMap<&'a str, usize>,
            low: BTreeMap<&'a str, usize>,
            stack: Vec<&'a str>,
            on_stack: BTreeSet<&'a str>,
            found: Vec<Vec<String>>,
        }
        fn visit<'a>(s: &mut State<'a>, v: &'a str) {
            let n = s.index.len();
            s.index.insert(v, n);
            s.low.insert(v, n);
            s.stack.push(v);
            s.on_stack.insert(v);
            let graph = s.graph;
            for w in graph.edges.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !graph.edges.contains_key(w) {
                    continue;
                }
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let low = s.low[v].min(s.low[w]);
                    s.low.insert(v, low);
                } else if s.on_stack.contains(w) {
                    let low = s.low[v].min(s.index[w]);
                    s.low.insert(v, low);
                }
            }
            if s.low[v] == s.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = s.stack.pop().unwrap();
                    s.on_stack.remove(w);
                    component.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    s.found.push(component);
                }
            }
        }
        let mut s = State {
            graph: self,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            on_stack: BTreeSet::new(),
            found: Vec::new(),
        };
        for v in self.edges.keys() {
            if !s.index.contains_key(v.as_str()) {
                visit(&mut s, v);
            }
        }
        s.found.sort();
        s.found
    }

    /// A shortest circle through the first file of `component`, as the
    /// files in order, the first again at the end.
    fn example(&self, component: &[String]) -> Vec<String> {
        let start = &component[0];
        let inside: BTreeSet<&String> = component.iter().collect();
        let mut came_from: BTreeMap<&String, &String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(v) = queue.pop_front() {
            for w in &self.edges[v] {
                if !inside.contains(w) {
                    continue;
                }
                if w == start {
                    let mut path = vec![start.clone()];
                    let mut at = v;
                    while at != start {
                        path.push(at.clone());
                        at = came_from[at];
                    }
                    path.push(start.clone());
                    path.reverse();
                    return path;
                }
                if !came_from.contains_key(w) {
                    came_from.insert(w, v);
                    queue.push_back(w);
                }
            }
        }
        component.to_vec()
    }
}

/// The module path of a file: `lib.rs` is the crate root (""),
/// `play/mod.rs` and `play.rs` are `play`, `play/usi.rs` is `play::usi`;
/// `None` for `main.rs`, a crate of its own.
fn module_of(file: &str) -> Option<String> {
    if file == "main.rs" {
        return None;
    }
    if file == "lib.rs" {
        return Some(String::new());
    }
    let stem = file.strip_suffix(".rs")?;
    let stem = stem.strip_suffix("/mod").unwrap_or(stem);
    Some(stem.replace('/', "::"))
}

/// A path as written, made absolute (module path segments then the rest),
/// or `None` if it does not start inside the crate.
fn absolute(
    path: &[String],
    here: &str,
    is_main: bool,
    modules: &BTreeMap<String, String>,
) -> Option<Vec<String>> {
    let mut at: Vec<String> = if here.is_empty() {
        Vec::new()
    } else {
        here.split("::").map(String::from).collect()
    };
    let first = path.first()?;
    let rest = match first.as_str() {
        "crate" if !is_main => {
            at.clear();
            &path[1..]
        }
        "kyodai" if is_main => {
            at.clear();
            &path[1..]
        }
        "self" if !is_main => &path[1..],
        "super" if !is_main => {
            let mut rest = path;
            while rest.first().is_some_and(|s| s == "super") {
                at.pop()?;
                rest = &rest[1..];
            }
            rest
        }
        // A child module of this one (`use referee::Table` in play/mod.rs).
        name if !is_main => {
            let mut child = at.clone();
            child.push(name.to_string());
            if !modules.contains_key(&child.join("::")) {
                return None;
            }
            path
        }
        _ => return None,
    };
    at.extend(rest.iter().filter(|s| *s != "self").cloned());
    Some(at)
}

/// The paths a file names: every path of a `use` tree, and every path of
/// two or more segments elsewhere (`a::b`).
fn paths(tokens: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        if t == "use" {
            let mut j = i + 1;
            use_tree(tokens, &mut j, &[], &mut out);
            i = j;
            continue;
        }
        let after_sep = i > 0 && tokens[i - 1] == "::";
        if is_ident(t) && !after_sep && tokens.get(i + 1).is_some_and(|s| s == "::") {
            let mut path = vec![t.clone()];
            let mut j = i + 1;
            while tokens.get(j).is_some_and(|s| s == "::")
                && tokens.get(j + 1).is_some_and(|s| is_ident(s))
            {
                path.push(tokens[j + 1].clone());
                j += 2;
            }
            out.push(path);
            i = j;
            continue;
        }
        i += 1;
    }
    out
}

/// One `use` tree from `tokens[*i]`: `a::b::{c, d::e, self}` and so on,
/// each leaf path added to `out` with `prefix` before it; `*i` ends after
/// the tree.
fn use_tree(tokens: &[String], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    while let Some(t) = tokens.get(*i) {
        match t.as_str() {
            "::" => *i += 1,
            "{" => {
                *i += 1;
                while tokens.get(*i).is_some_and(|t| t != "}") {
                    use_tree(tokens, i, &path, out);
                    if tokens.get(*i).is_some_and(|t| t == ",") {
                        *i += 1;
                    }
                }
                *i += 1;
                return;
            }
            "as" => {
                out.push(path);
                *i += 2;
                return;
            }
            "," | "}" | ";" => {
                out.push(path);
                if t == ";" {
                    *i += 1;
                }
                return;
            }
            _ => {
                path.push(t.clone());
                *i += 1;
            }
        }
    }
    out.push(path);
}

fn is_ident(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// The tokens of Rust source that matter here: identifiers, `::` and
/// single punctuation, without comments, string and character literals,
/// and without `#[cfg(test)] mod NAME { ... }` blocks.
fn tokens(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '"' {
            i = skip_string(&chars, i + 1);
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime.
            if at(i + 1) == '\\' {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
            }
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            // Raw and byte strings: r"..", r#".."#, b"..", br#".."#.
            if matches!(word.as_str(), "r" | "br" | "b") && matches!(at(i), '"' | '#') {
                let mut hashes = 0;
                while at(i + hashes) == '#' {
                    hashes += 1;
                }
                if at(i + hashes) == '"' {
                    i += hashes + 1;
                    if word == "b" {
                        i = skip_string(&chars, i);
                    } else {
                        // Up to the closing quote and as many hashes.
                        loop {
                            if i >= chars.len() {
                                break;
                            }
                            if chars[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#') {
                                i += hashes + 1;
                                break;
                            }
                            i += 1;
                        }
                    }
                    continue;
                }
            }
            out.push(word);
        } else if c == ':' && at(i + 1) == ':' {
            out.push("::".to_string());
            i += 2;
        } else {
            out.push(c.to_string());
            i += 1;
        }
    }
    drop_test_modules(out)
}

/// Past a string's closing quote, from just after its opening one.
fn skip_string(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// The tokens without `#[cfg(test)] mod NAME { ... }`.
fn drop_test_modules(tokens: Vec<String>) -> Vec<String> {
    const START: [&str; 7] = ["#", "[", "cfg", "(", "test", ")", "]"];
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let starts = START
            .iter()
            .enumerate()
            .all(|(k, s)| tokens.get(i + k).is_some_and(|t| t == s));
        if starts
            && tokens.get(i + 7).is_some_and(|t| t == "mod")
            && tokens.get(i + 9).is_some_and(|t| t == "{")
        {
            let mut depth = 0;
            let mut j = i + 9;
            while j < tokens.len() {
                match tokens[j].as_str() {
                    "{" => depth += 1,
                    "}" => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            i = j + 1;
            continue;
        }
        out.push(tokens[i].clone());
        i += 1;
    }
    out
}
