//! The documentation's links: every relative link in `README.md` and
//! `docs/` names a file that exists (and, with `#anchor`, a heading of that
//! file), and `docs/README.md` lists every file of `docs/`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir`, as paths relative to `dir` with `/`.
fn files_under(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).expect("read dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                let rel = path.strip_prefix(dir).unwrap();
                let parts: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                out.push(parts.join("/"));
            }
        }
    }
    out.sort();
    out
}

/// The targets of the Markdown links `[text](target)` outside code.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        // Inline code spans hold no links.
        let plain: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, s)| s)
            .collect::<Vec<_>>()
            .join(" ");
        let mut rest = plain.as_str();
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let Some(end) = after.find(')') else { break };
            out.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    out
}

/// GitHub's anchor for a heading: lower case, spaces to hyphens, other
/// punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if !in_code && line.starts_with('#') {
            out.insert(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

#[test]
fn relative_links_resolve() {
    let root = root();
    let mut pages = vec![root.join("README.md")];
    pages.extend(
        files_under(&root.join("docs"))
            .into_iter()
            .filter(|f| f.ends_with(".md"))
            .map(|f| root.join("docs").join(f)),
    );
    let mut broken = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).expect("read page");
        for link in links(&text) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (path, frag) = match link.split_once('#') {
                Some((p, f)) => (p, Some(f)),
                None => (link.as_str(), None),
            };
            let target = if path.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(path)
            };
            let name = format!("{} -> {link}", page.strip_prefix(&root).unwrap().display());
            if !target.exists() {
                broken.push(format!("{name}: no such file"));
                continue;
            }
            if let Some(frag) = frag {
                let text = std::fs::read_to_string(&target).unwrap_or_default();
                if !anchors(&text).contains(frag) {
                    broken.push(format!("{name}: no such heading"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_docs_index_lists_every_file() {
    let docs = root().join("docs");
    let index = std::fs::read_to_string(docs.join("README.md")).expect("docs/README.md");
    let listed: BTreeSet<String> = links(&index).into_iter().collect();
    let missing: Vec<String> = files_under(&docs)
        .into_iter()
        .filter(|f| f != "README.md" && !listed.contains(f))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/README.md does not list: {missing:?}"
    );
}
