//! No import circles between files (issue 39): inside a crate the files form a tower as
//! the crates do (`tower.rs`) — if file A imports from file B, B imports nothing from A,
//! directly or round a longer loop.
//!
//! Every `crates/*/src/**/*.rs` is read. An import is a `use` of, or a path through,
//! `crate::…`, `super::…` or `self::…` (a `use` may also start at a child module the file
//! declares); it points at the file that defines the module named, and a `pub use` there
//! is followed to the file that defines the item (`use crate::Kit` imports from `kit.rs`,
//! not from `lib.rs`). Not counted: a file's own ancestors and descendants in the module
//! tree (a `lib.rs` or `mod.rs` re-exporting its children, children using their parent's
//! items: that is how a module tree is built), and unit tests (`#[cfg(test)] mod …`),
//! which may build their fixtures from anywhere in the crate.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

/// Follow at most this many `pub use` steps for one path (re-export loops end).
const MAX_REEXPORTS: usize = 8;

/// Where a `use` or path lies: the text of its path and the line.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct At {
    path: String,
    line: usize,
}

/// One source file: its crate folder, its path under `crates/`, its module path.
#[derive(Debug)]
struct File {
    krate: String,
    name: String,
    module: Vec<String>,
    text: String,
}

/// A `use` tree flattened: every leaf path, with its alias.
type Leaves = Vec<(Vec<String>, Option<String>)>;

#[test]
fn no_import_circles_between_files() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut sources = Vec::new();
    let dirs: Vec<PathBuf> = ludomat_io::read::entries(&crates).expect("crates/ is readable");
    for dir in dirs {
        let src = dir.join("src");
        if src.is_dir() {
            let krate = dir
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            for file in rust_files(&src) {
                let rel = file.strip_prefix(&src).expect("under src/");
                let rel = rel.to_string_lossy().replace('\\', "/");
                let text = ludomat_io::read::to_string(&file).expect("a source file is readable");
                sources.push((krate.clone(), rel, text));
            }
        }
    }
    assert!(
        sources.len() > 250,
        "only {} source files found under {}",
        sources.len(),
        crates.display()
    );
    let circles = circles(sources);
    assert!(
        circles.is_empty(),
        "{} import circle(s) between files; move the shared item into the lower file or \
         a third one so each import goes one way:\n{}",
        circles.len(),
        circles.join("\n")
    );
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for p in ludomat_io::read::entries(&d).expect("a source folder is readable") {
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The import circles among `sources` (crate folder, path under `src/`, text), one line
/// per circle: its files in order, each step with the import that makes it.
fn circles(sources: Vec<(String, String, String)>) -> Vec<String> {
    let mut files: Vec<File> = sources
        .into_iter()
        .map(|(krate, rel, text)| {
            let parts: Vec<String> = rel
                .trim_end_matches(".rs")
                .split('/')
                .map(String::from)
                .collect();
            let module = match parts.as_slice() {
                [root] if root == "lib" || root == "main" => Vec::new(),
                [dirs @ .., last] if last == "mod" => dirs.to_vec(),
                _ => parts.clone(),
            };
            File {
                name: format!("{krate}/src/{rel}"),
                krate,
                module,
                text,
            }
        })
        .collect();
    // `#[path = "x.rs"] mod name;`: the file is module `name` of the declaring one.
    let mut moved = Vec::new();
    for f in &files {
        for (target, name) in path_attributes(&f.text) {
            let dir = f.name.rsplit_once('/').map_or("", |(d, _)| d);
            let mut module = f.module.clone();
            module.push(name);
            moved.push((format!("{dir}/{target}"), module));
        }
    }
    for (name, module) in moved {
        if let Some(f) = files.iter_mut().find(|f| f.name == name) {
            f.module = module;
        }
    }
    let index: BTreeMap<(String, Vec<String>), usize> = files
        .iter()
        .enumerate()
        .map(|(i, f)| ((f.krate.clone(), f.module.clone()), i))
        .collect();
    let scans: Vec<Scan> = files.iter().map(|f| scan(&f.text, &f.module)).collect();
    let resolve = |krate: &str, path: &[String]| -> Option<usize> {
        let mut path = path.to_vec();
        for _ in 0..=MAX_REEXPORTS {
            let (k, &f) = (0..=path.len()).rev().find_map(|k| {
                index
                    .get(&(krate.to_string(), path[..k].to_vec()))
                    .map(|f| (k, f))
            })?;
            match path.get(k).and_then(|name| scans[f].reexports.get(name)) {
                Some(target) if target[..] != path[..=k] => {
                    let mut next = target.clone();
                    next.extend_from_slice(&path[k + 1..]);
                    path = next;
                }
                _ => return Some(f),
            }
        }
        None
    };
    let related = |a: &File, b: &File| {
        a.krate == b.krate && (a.module.starts_with(&b.module) || b.module.starts_with(&a.module))
    };
    let mut edges: BTreeMap<usize, BTreeMap<usize, At>> = BTreeMap::new();
    for (a, s) in scans.iter().enumerate() {
        for (path, at) in &s.imports {
            let Some(b) = resolve(&files[a].krate, path) else {
                continue;
            };
            if a != b && !related(&files[a], &files[b]) {
                edges
                    .entry(a)
                    .or_default()
                    .entry(b)
                    .or_insert_with(|| at.clone());
            }
        }
    }
    strongly_connected(files.len(), &edges)
        .into_iter()
        .map(|component| {
            let cycle = cycle_through(&component, &edges);
            let names: Vec<&str> = component.iter().map(|&f| files[f].name.as_str()).collect();
            let mut line = format!("  {} files ({}); one loop:", names.len(), names.join(", "));
            for pair in cycle.windows(2) {
                let at = &edges[&pair[0]][&pair[1]];
                line += &format!(
                    "\n    {} -> {} ({}, line {})",
                    files[pair[0]].name, files[pair[1]].name, at.path, at.line
                );
            }
            line
        })
        .collect()
}

/// `#[path = "…"] mod name;` declarations: (the path, the module's name).
fn path_attributes(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("#[path") {
        rest = &rest[i + 6..];
        let Some((target, after)) = rest.split_once('"').and_then(|(_, r)| r.split_once('"'))
        else {
            break;
        };
        let after = after.trim_start().trim_start_matches(']').trim_start();
        let after = after.strip_prefix("pub ").unwrap_or(after).trim_start();
        if let Some(decl) = after.strip_prefix("mod ") {
            let name: String = decl
                .trim_start()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.push((target.to_string(), name));
        }
    }
    out
}

/// What one file imports (absolute module paths inside its crate, with where) and what
/// it re-exports at its top (name → absolute path).
#[derive(Debug, Default)]
struct Scan {
    imports: Vec<(Vec<String>, At)>,
    reexports: BTreeMap<String, Vec<String>>,
}

/// A token of the code with comments, strings and characters taken out, and its line.
type Token = (String, usize);

fn scan(text: &str, module: &[String]) -> Scan {
    let tokens = tokens(text);
    let t = |i: usize| tokens.get(i).map_or("", |(s, _)| s.as_str());
    // the child modules this file declares (`mod x;`, `mod x {`)
    let children: BTreeSet<String> = (0..tokens.len())
        .filter(|&i| t(i) == "mod" && (t(i + 2) == ";" || t(i + 2) == "{"))
        .map(|i| t(i + 1).to_string())
        .collect();
    let mut out = Scan::default();
    // inline modules: (name, the brace depth outside it, whether it is a unit test)
    let mut inline: Vec<(String, usize, bool)> = Vec::new();
    let mut depth: usize = 0;
    let mut i = 0;
    while i < tokens.len() {
        let in_test = inline.last().is_some_and(|m| m.2);
        match t(i) {
            "{" => depth += 1,
            "}" => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|m| m.1 == depth) {
                    inline.pop();
                }
            }
            "mod" if t(i + 2) == "{" => {
                let test = in_test || is_cfg_test(&tokens, i);
                inline.push((t(i + 1).to_string(), depth, test));
                depth += 1;
                i += 3;
                continue;
            }
            "use" => {
                let end = (i..tokens.len())
                    .find(|&j| t(j) == ";")
                    .unwrap_or(tokens.len());
                let public = t(i.wrapping_sub(1)) == "pub"
                    || (t(i.wrapping_sub(1)) == ")"
                        && (2..6).any(|k| t(i.wrapping_sub(k)) == "pub"));
                let line = tokens[i].1;
                let words: Vec<String> =
                    tokens[i + 1..end].iter().map(|(s, _)| s.clone()).collect();
                let mut leaves = Leaves::new();
                use_tree(&words, &mut 0, Vec::new(), &mut leaves);
                let mut base = module.to_vec();
                base.extend(inline.iter().map(|m| m.0.clone()));
                for (path, alias) in leaves {
                    let relative_child = inline.is_empty() && children.contains(&path[0]);
                    let Some(full) = absolute(&path, &base, relative_child) else {
                        continue;
                    };
                    if public && inline.is_empty() && path.last().is_some_and(|l| l != "*") {
                        let name = alias.unwrap_or_else(|| path[path.len() - 1].clone());
                        out.reexports.insert(name, full.clone());
                    }
                    if !in_test {
                        let at = At {
                            path: path.join("::"),
                            line,
                        };
                        out.imports.push((full, at));
                    }
                }
                i = end + 1;
                continue;
            }
            "crate" | "super" | "self" if t(i + 1) == "::" && !in_test => {
                let mut path = vec![t(i).to_string()];
                let mut j = i + 1;
                while t(j) == "::" && is_ident(t(j + 1)) {
                    path.push(t(j + 1).to_string());
                    j += 2;
                }
                let mut base = module.to_vec();
                base.extend(inline.iter().map(|m| m.0.clone()));
                if let Some(full) = absolute(&path, &base, false) {
                    let at = At {
                        path: path.join("::"),
                        line: tokens[i].1,
                    };
                    out.imports.push((full, at));
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Whether the `mod` at `i` carries `#[cfg(test)]` (after any `pub(…)`).
fn is_cfg_test(tokens: &[Token], i: usize) -> bool {
    let t = |k: usize| tokens.get(k).map_or("", |(s, _)| s.as_str());
    let mut k = i;
    if t(k.wrapping_sub(1)) == ")" {
        while k > 0 && t(k) != "pub" {
            k -= 1;
        }
    } else if t(k.wrapping_sub(1)) == "pub" {
        k -= 1;
    }
    let attribute = ["#", "[", "cfg", "(", "test", ")", "]"];
    k >= attribute.len()
        && attribute
            .iter()
            .enumerate()
            .all(|(n, want)| t(k - attribute.len() + n) == *want)
}

/// A path made absolute inside its crate (`crate::a::B` → `[a, B]`), or `None` when it
/// leaves the crate.
fn absolute(path: &[String], base: &[String], relative_child: bool) -> Option<Vec<String>> {
    let first = path.first()?;
    let mut full = match first.as_str() {
        "crate" => Vec::new(),
        "self" => base.to_vec(),
        "super" => {
            let supers = path.iter().take_while(|s| *s == "super").count();
            let mut b = base.to_vec();
            b.truncate(base.len().checked_sub(supers)?);
            b.extend_from_slice(&path[supers..]);
            return Some(b);
        }
        _ if relative_child => {
            let mut b = base.to_vec();
            b.extend_from_slice(path);
            return Some(b);
        }
        _ => return None,
    };
    full.extend_from_slice(&path[1..]);
    Some(full)
}

/// Flattens a `use` tree from `words` at `pos` (after `use`, up to the `;`).
fn use_tree(words: &[String], pos: &mut usize, mut prefix: Vec<String>, out: &mut Leaves) {
    while let Some(word) = words.get(*pos) {
        match word.as_str() {
            "{" => {
                *pos += 1;
                while let Some(w) = words.get(*pos) {
                    match w.as_str() {
                        "}" => {
                            *pos += 1;
                            return;
                        }
                        "," => *pos += 1,
                        _ => use_tree(words, pos, prefix.clone(), out),
                    }
                }
                return;
            }
            "::" => *pos += 1,
            "*" => {
                *pos += 1;
                prefix.push("*".into());
                out.push((prefix, None));
                return;
            }
            w if is_ident(w) => {
                prefix.push(w.to_string());
                *pos += 1;
                if words.get(*pos).is_some_and(|n| n == "::") {
                    continue;
                }
                let mut alias = None;
                if words.get(*pos).is_some_and(|n| n == "as") {
                    alias = words.get(*pos + 1).cloned();
                    *pos += 2;
                }
                // `a::{self, …}` names `a` itself
                if prefix.len() > 1 && prefix.last().is_some_and(|l| l == "self") {
                    prefix.pop();
                }
                out.push((prefix, alias));
                return;
            }
            _ => {
                *pos += 1;
                return;
            }
        }
    }
}

fn is_ident(s: &str) -> bool {
    s.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// The code's tokens: identifiers, numbers, `::` and single punctuation characters, each
/// with its line; comments, strings and character literals are left out.
fn tokens(text: &str) -> Vec<Token> {
    let s: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    // skips to `end`, counting the lines passed
    let skip = |i: &mut usize, end: usize, line: &mut usize| {
        let end = end.min(s.len());
        *line += s[*i..end].iter().filter(|c| **c == '\n').count();
        *i = end;
    };
    while i < s.len() {
        let c = s[i];
        let next = s.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            let end = (i..s.len()).find(|&j| s[j] == '\n').unwrap_or(s.len());
            skip(&mut i, end, &mut line);
        } else if c == '/' && next == Some('*') {
            let (mut j, mut open) = (i, 0);
            while j < s.len() {
                if s[j] == '/' && s.get(j + 1) == Some(&'*') {
                    open += 1;
                    j += 2;
                } else if s[j] == '*' && s.get(j + 1) == Some(&'/') {
                    open -= 1;
                    j += 2;
                    if open == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            skip(&mut i, j, &mut line);
        } else if c == '"' {
            let mut j = i + 1;
            while j < s.len() && s[j] != '"' {
                j += if s[j] == '\\' { 2 } else { 1 };
            }
            skip(&mut i, j + 1, &mut line);
        } else if c == '\'' {
            // a character literal, or a lifetime (left as `'` and its name)
            if next == Some('\\') {
                let end = (i + 3..s.len()).find(|&j| s[j] == '\'').unwrap_or(s.len());
                skip(&mut i, end + 1, &mut line);
            } else if s.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                out.push(("'".to_string(), line));
                i += 1;
            }
        } else if c.is_alphanumeric() || c == '_' {
            let end = (i..s.len())
                .find(|&j| !(s[j].is_alphanumeric() || s[j] == '_'))
                .unwrap_or(s.len());
            let word: String = s[i..end].iter().collect();
            if (word == "r" || word == "br") && matches!(s.get(end), Some('"' | '#')) {
                // a raw string: r"…", r#"…"#
                let hashes = (end..s.len()).take_while(|&j| s[j] == '#').count();
                if s.get(end + hashes) == Some(&'"') {
                    let mut j = end + hashes + 1;
                    while j < s.len()
                        && !(s[j] == '"' && (1..=hashes).all(|h| s.get(j + h) == Some(&'#')))
                    {
                        j += 1;
                    }
                    skip(&mut i, j + 1 + hashes, &mut line);
                    continue;
                }
            }
            out.push((word, line));
            i = end;
        } else if c == ':' && next == Some(':') {
            out.push(("::".to_string(), line));
            i += 2;
        } else {
            out.push((c.to_string(), line));
            i += 1;
        }
    }
    out
}

/// The strongly connected components of more than one file (Tarjan), each sorted.
fn strongly_connected(n: usize, edges: &BTreeMap<usize, BTreeMap<usize, At>>) -> Vec<Vec<usize>> {
    struct Tarjan<'a> {
        edges: &'a BTreeMap<usize, BTreeMap<usize, At>>,
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on_stack: Vec<bool>,
        next: usize,
        found: Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            let targets: Vec<usize> = self
                .edges
                .get(&v)
                .into_iter()
                .flat_map(|m| m.keys().copied())
                .collect();
            for w in targets {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(iw) if self.on_stack[w] => self.low[v] = self.low[v].min(iw),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort_unstable();
                    self.found.push(component);
                }
            }
        }
    }
    let mut t = Tarjan {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        stack: Vec::new(),
        on_stack: vec![false; n],
        next: 0,
        found: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            t.visit(v);
        }
    }
    t.found.sort();
    t.found
}

/// One shortest cycle inside `component` through its first file, as the files in order
/// with the first again at the end.
fn cycle_through(component: &[usize], edges: &BTreeMap<usize, BTreeMap<usize, At>>) -> Vec<usize> {
    let inside: BTreeSet<usize> = component.iter().copied().collect();
    let start = component[0];
    let mut came_from: BTreeMap<usize, usize> = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for &w in edges.get(&v).into_iter().flat_map(|m| m.keys()) {
            if !inside.contains(&w) {
                continue;
            }
            if w == start {
                let mut path = vec![start, v];
                let mut at = v;
                while at != start {
                    at = came_from[&at];
                    path.push(at);
                }
                path.reverse();
                return path;
            }
            if let std::collections::btree_map::Entry::Vacant(e) = came_from.entry(w) {
                e.insert(v);
                queue.push_back(w);
            }
        }
    }
    component.to_vec()
}

/// The check can fail: the circles this workspace had before issue 39 are found, in
/// each of the ways they were made, and the module tree's own edges are not.
#[test]
fn the_old_circles_would_be_caught() {
    let src =
        |krate: &str, rel: &str, text: &str| (krate.to_string(), rel.to_string(), text.to_string());
    let sources = vec![
        // museum: two `use` lines, one each way
        src("museum", "lib.rs", "pub mod job;\npub mod visit;\npub use visit::Visit;\n"),
        src("museum", "job.rs", "use crate::visit::{lock, Visit};\npub(crate) struct JobSlot;\n"),
        src(
            "museum",
            "visit.rs",
            "use std::sync::Mutex;\n\nuse crate::job::JobSlot;\n\npub struct Visit(Mutex<JobSlot>);\n",
        ),
        // computox: a `use super::…` one way, a path in an expression the other
        src("computox", "lib.rs", "mod session;\n"),
        src("computox", "session.rs", "mod circuit;\nmod relays;\npub use relays::RelayTiming;\n"),
        src(
            "computox",
            "session/circuit.rs",
            "use super::relays::{relay_events, RelayTiming};\npub(super) fn netlist() {}\n",
        ),
        src(
            "computox",
            "session/relays.rs",
            "pub enum RelayTiming {}\nfn wire() { let n = super::circuit::netlist(); }\n",
        ),
        // tictactoe: through the crate root's re-export, in a nested `use` tree
        src(
            "tictactoe",
            "lib.rs",
            "mod cell;\nmod notation;\npub use cell::Cell;\npub use notation::{Notation, ParseCellError};\n",
        ),
        src("tictactoe", "cell.rs", "use std::fmt;\n\nuse crate::notation::{self, Notation};\npub struct Cell(u8);\n"),
        src("tictactoe", "notation.rs", "use crate::{Cell, Notation as _};\n"),
        // relay-cpu: through a `mod.rs` re-export
        src("relay-cpu", "lib.rs", "pub mod emulator;\npub mod machine;\n"),
        src("relay-cpu", "emulator/mod.rs", "pub(crate) mod fast;\nmod code;\npub use fast::StepState;\n"),
        src("relay-cpu", "emulator/fast.rs", "use crate::machine::Machine;\npub struct StepState<'a>(&'a u8);\n"),
        src("relay-cpu", "machine.rs", "use crate::emulator::StepState;\npub struct Machine;\n"),
        // threes: three files round a loop
        src("threes", "lib.rs", "pub mod auto;\npub mod cluster;\npub mod text;\n"),
        src("threes", "auto.rs", "pub struct AutoConfig { d: Option<crate::cluster::Mode> }\n"),
        src("threes", "cluster/mod.rs", "pub mod run;\npub use run::Mode;\n"),
        src("threes", "cluster/run.rs", "pub enum Mode {}\nfn header() -> String { crate::text::rule() }\n"),
        src("threes", "text.rs", "use crate::auto::AutoConfig;\npub fn rule() -> String { String::new() }\n"),
        // not circles: a parent and its children, a unit test, comments, strings and
        // characters, a `#[path]` module
        src("kit", "lib.rs", "mod kit;\nmod view;\npub use kit::Kit;\npub enum KitError {}\n"),
        src(
            "kit",
            "kit.rs",
            concat!(
                "use crate::KitError;\n",
                "/// [`crate::view::menace`]\n",
                "pub struct Kit; /* crate::view::menace /* nested */ crate::view::menace */\n",
                "const S: &str = \"crate::view::menace \\\" crate::view::menace\";\n",
                "const R: &str = r#\"crate::view::menace \" crate::view::menace\"#;\n",
                "const Q: char = '\"'; fn f<'a>(x: &'a u8) -> char { '\\'' }\n",
                "#[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::view::menace;\n}\n",
            ),
        ),
        src("kit", "view.rs", "use crate::{Kit, KitError};\npub fn menace() {}\n"),
        src("cli", "main.rs", "mod threes;\nfn group() {}\n"),
        src(
            "cli",
            "threes.rs",
            "#[path = \"threes_cluster.rs\"]\nmod cluster;\nuse cluster::run;\nfn save() {}\n",
        ),
        src("cli", "threes_cluster.rs", "pub fn run() { super::save(); crate::group(); }\n"),
    ];
    let found = circles(sources);
    let want = [
        "  2 files (museum/src/job.rs, museum/src/visit.rs); one loop:\n    museum/src/job.rs -> museum/src/visit.rs (crate::visit::lock, line 1)\n    museum/src/visit.rs -> museum/src/job.rs (crate::job::JobSlot, line 3)",
        "  2 files (computox/src/session/circuit.rs, computox/src/session/relays.rs); one loop:\n    computox/src/session/circuit.rs -> computox/src/session/relays.rs (super::relays::relay_events, line 1)\n    computox/src/session/relays.rs -> computox/src/session/circuit.rs (super::circuit::netlist, line 2)",
        "  2 files (tictactoe/src/cell.rs, tictactoe/src/notation.rs); one loop:\n    tictactoe/src/cell.rs -> tictactoe/src/notation.rs (crate::notation, line 3)\n    tictactoe/src/notation.rs -> tictactoe/src/cell.rs (crate::Cell, line 1)",
        "  2 files (relay-cpu/src/emulator/fast.rs, relay-cpu/src/machine.rs); one loop:\n    relay-cpu/src/emulator/fast.rs -> relay-cpu/src/machine.rs (crate::machine::Machine, line 1)\n    relay-cpu/src/machine.rs -> relay-cpu/src/emulator/fast.rs (crate::emulator::StepState, line 1)",
        "  3 files (threes/src/auto.rs, threes/src/cluster/run.rs, threes/src/text.rs); one loop:\n    threes/src/auto.rs -> threes/src/cluster/run.rs (crate::cluster::Mode, line 1)\n    threes/src/cluster/run.rs -> threes/src/text.rs (crate::text::rule, line 2)\n    threes/src/text.rs -> threes/src/auto.rs (crate::auto::AutoConfig, line 1)",
    ];
    assert_eq!(found, want, "found:\n{}", found.join("\n"));
}
