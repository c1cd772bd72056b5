//! The import graph of `src/`, file by file, read from `use` lines: which module file each file
//! imports from, with `pub use` re-exports followed to the file that defines the name.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module path under the crate root, e.g. `["render", "hud", "bar"]`; the root is empty.
pub type ModPath = Vec<String>;

pub struct ImportGraph {
    /// Each file's module path, and the file text without its `#[cfg(test)]` tail.
    files: BTreeMap<ModPath, (bool, String)>,
    pub edges: BTreeMap<ModPath, BTreeSet<ModPath>>,
}

impl ImportGraph {
    pub fn of_source(src: &Path) -> ImportGraph {
        let mut files = BTreeMap::new();
        collect(src, src, &mut files);
        let mut graph = ImportGraph { files, edges: BTreeMap::new() };
        let modules: Vec<ModPath> = graph.files.keys().cloned().collect();
        for module in modules {
            let text = graph.files[&module].1.clone();
            let mut targets = BTreeSet::new();
            for path in use_paths(&text) {
                if let Some(target) = graph.target(&module, &path, 0) {
                    if target != module && !target.is_empty() {
                        targets.insert(target);
                    }
                }
            }
            graph.edges.insert(module, targets);
        }
        graph
    }

    /// Every cycle's members (strongly connected components of more than one file).
    pub fn cycles(&self) -> Vec<Vec<String>> {
        let mut tarjan = Tarjan {
            graph: self,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            next: 0,
            out: Vec::new(),
        };
        for module in self.edges.keys() {
            if !tarjan.index.contains_key(module) {
                tarjan.visit(module);
            }
        }
        tarjan.out
    }

    /// The module file that `path`, written in `module`, names.
    fn target(&self, module: &ModPath, path: &[String], depth: u32) -> Option<ModPath> {
        let absolute = self.absolute(module, path)?;
        let (found, rest) = (1..=absolute.len()).rev().find_map(|n| {
            let prefix = absolute[..n].to_vec();
            self.files.contains_key(&prefix).then(|| (prefix, absolute[n..].to_vec()))
        })?;
        if let (Some(name), true) = (rest.first(), depth < 6) {
            for export in pub_use_paths(&self.files[&found].1) {
                if export.last() == Some(name) {
                    if let Some(t) = self.target(&found, &export, depth + 1) {
                        return Some(t);
                    }
                }
            }
        }
        Some(found)
    }

    fn absolute(&self, module: &ModPath, path: &[String]) -> Option<ModPath> {
        let is_dir_module = self.files.get(module).is_some_and(|f| f.0);
        let parent: ModPath = module[..module.len().saturating_sub(1)].to_vec();
        let here: ModPath = if is_dir_module { module.clone() } else { parent.clone() };
        match path.first().map(String::as_str) {
            Some("crate") => Some(path[1..].to_vec()),
            Some("super") => {
                let mut base = parent;
                let mut rest = &path[1..];
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop();
                    rest = &rest[1..];
                }
                Some([base, rest.to_vec()].concat())
            }
            Some("self") => Some([module.clone(), path[1..].to_vec()].concat()),
            Some(first) => {
                let local = [here.clone(), vec![first.to_string()]].concat();
                self.files.contains_key(&local).then(|| [here, path.to_vec()].concat())
            }
            None => None,
        }
    }
}

struct Tarjan<'a> {
    graph: &'a ImportGraph,
    index: BTreeMap<ModPath, usize>,
    low: BTreeMap<ModPath, usize>,
    stack: Vec<ModPath>,
    next: usize,
    out: Vec<Vec<String>>,
}

impl Tarjan<'_> {
    fn visit(&mut self, v: &ModPath) {
        self.index.insert(v.clone(), self.next);
        self.low.insert(v.clone(), self.next);
        self.next += 1;
        self.stack.push(v.clone());
        for w in self.graph.edges.get(v).into_iter().flatten() {
            if !self.index.contains_key(w) {
                self.visit(w);
                let low = self.low[v].min(self.low[w]);
                self.low.insert(v.clone(), low);
            } else if self.stack.contains(w) {
                let low = self.low[v].min(self.index[w]);
                self.low.insert(v.clone(), low);
            }
        }
        if self.low[v] == self.index[v] {
            let mut component = Vec::new();
            while let Some(w) = self.stack.pop() {
                let done = &w == v;
                component.push(w.join("/"));
                if done {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                self.out.push(component);
            }
        }
    }
}

fn collect(root: &Path, dir: &Path, out: &mut BTreeMap<ModPath, (bool, String)>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            collect(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).unwrap().with_extension("");
            let mut module: ModPath = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
            let is_dir_module = module.last().is_some_and(|l| l == "mod" || l == "lib" || l == "main");
            if is_dir_module {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let text = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
            out.insert(module, (is_dir_module, text));
        }
    }
}

/// The paths of every `use` item, braces expanded, renames dropped: `use a::{b, c as d};` gives
/// `a::b` and `a::c`.
pub fn use_paths(text: &str) -> Vec<Vec<String>> {
    statements(text, "use ").into_iter().flat_map(|s| expand(&s)).collect()
}

fn pub_use_paths(text: &str) -> Vec<Vec<String>> {
    statements(text, "pub use ").into_iter().flat_map(|s| expand(&s)).collect()
}

fn statements(text: &str, keyword: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices(keyword) {
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(end) = text[i..].find(';') {
            out.push(text[i + keyword.len()..i + end].to_string());
        }
    }
    out
}

fn expand(statement: &str) -> Vec<Vec<String>> {
    let compact: String = statement.split_whitespace().collect::<Vec<_>>().join(" ");
    let compact = compact.replace(" as ", "@").replace(' ', "");
    expand_braces(&compact)
        .into_iter()
        .map(|p| {
            p.split('@')
                .next()
                .unwrap_or("")
                .split("::")
                .map(str::to_string)
                .filter(|s| !s.is_empty())
                .collect()
        })
        .filter(|p: &Vec<String>| !p.is_empty())
        .collect()
}

fn expand_braces(path: &str) -> Vec<String> {
    let Some(open) = path.find('{') else { return vec![path.to_string()] };
    let (prefix, inner) = (&path[..open], &path[open + 1..path.len().saturating_sub(1)]);
    let mut parts = Vec::new();
    let (mut depth, mut current) = (0, String::new());
    for ch in inner.chars() {
        match ch {
            ',' if depth == 0 => parts.push(std::mem::take(&mut current)),
            '{' => {
                depth += 1;
                current.push(ch)
            }
            '}' => {
                depth -= 1;
                current.push(ch)
            }
            _ => current.push(ch),
        }
    }
    parts.push(current);
    parts.into_iter().filter(|p| !p.is_empty()).flat_map(|p| expand_braces(&format!("{prefix}{p}"))).collect()
}
