//! The import graph of `src/`, file by file: which module file each file names, read from `use`
//! items and from every inline path (`crate::a::b`, `super::x`, `self::y`, `$crate::z`, or a name a
//! `use` bound), test modules included, with `pub use` re-exports followed to the file that defines
//! the name. Comments and string literals are blanked first, so a path in prose is no import.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module path under the crate root, e.g. `["render", "hud", "bar"]`; the root is empty.
pub type ModPath = Vec<String>;

pub struct ImportGraph {
    files: BTreeMap<ModPath, SourceFile>,
    pub edges: BTreeMap<ModPath, BTreeSet<ModPath>>,
}

/// One file read into what a path needs to be resolved: its scopes, its `use` items and the
/// inline paths written in it.
struct SourceFile {
    scopes: Vec<Scope>,
    uses: Vec<UseItem>,
    /// Inline paths of two or more segments, each with the scope it is written in.
    paths: Vec<(usize, Vec<String>)>,
}

/// A brace block; `module` names it when it is an inline `mod name { … }`, whose paths resolve
/// from a deeper module path than the file's.
struct Scope {
    parent: Option<usize>,
    module: Option<String>,
}

struct UseItem {
    scope: usize,
    path: Vec<String>,
    /// The name the item binds in its scope: the alias, or the last segment (`None` for `*`, `_`).
    binds: Option<String>,
    public: bool,
}

impl ImportGraph {
    pub fn of_source(src: &Path) -> ImportGraph {
        let mut files = BTreeMap::new();
        collect(src, src, &mut files);
        let mut graph = ImportGraph { files, edges: BTreeMap::new() };
        let modules: Vec<ModPath> = graph.files.keys().cloned().collect();
        for module in modules {
            let file = &graph.files[&module];
            let written =
                file.uses.iter().map(|u| (u.scope, &u.path)).chain(file.paths.iter().map(|(s, p)| (*s, p)));
            let mut targets = BTreeSet::new();
            for (scope, path) in written {
                if let Some(target) = graph.target(&module, scope, path, 0) {
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

    /// The module file that `path`, written in `scope` of the file `module`, names.
    fn target(&self, module: &ModPath, scope: usize, path: &[String], depth: u32) -> Option<ModPath> {
        let absolute = self.absolute(module, scope, path, depth)?;
        let (found, rest) = (1..=absolute.len()).rev().find_map(|n| {
            let prefix = absolute[..n].to_vec();
            self.files.contains_key(&prefix).then(|| (prefix, absolute[n..].to_vec()))
        })?;
        // `a::Name` where the file `a` re-exports `Name` names the file that defines it.
        if let (Some(name), true) = (rest.first(), depth < 6) {
            let file = &self.files[&found];
            for export in file.uses.iter().filter(|u| u.public && file.module_of(u.scope).is_empty()) {
                if export.binds.as_ref() == Some(name) {
                    if let Some(t) = self.target(&found, export.scope, &export.path, depth + 1) {
                        return Some(t);
                    }
                }
            }
        }
        Some(found)
    }

    /// `path` from the crate root, or `None` when it names something outside the crate.
    fn absolute(&self, module: &ModPath, scope: usize, path: &[String], depth: u32) -> Option<ModPath> {
        let file = &self.files[module];
        // The module the scope is in: the file's, or an inline module's inside it.
        let mut here = if module.first().is_some_and(|m| m == "main") && module.len() == 1 {
            Vec::new()
        } else {
            module.clone()
        };
        here.extend(file.module_of(scope));
        let first = path.first()?.as_str();
        let rest = &path[1..];
        match first {
            // `$crate` is a macro's crate; the binary names the library by its crate name.
            "crate" | "$crate" | "hollowdeep" => Some(rest.to_vec()),
            "super" => {
                let mut base = here;
                base.pop();
                let mut rest = rest;
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop();
                    rest = &rest[1..];
                }
                Some([base, rest.to_vec()].concat())
            }
            "self" => Some([here, rest.to_vec()].concat()),
            _ => {
                // A name a `use` bound in this scope or one around it, up to the module's edge.
                if depth < 6 {
                    if let Some(bound) = file.binding(scope, first) {
                        let (bound_scope, bound_path) = (bound.scope, bound.path.clone());
                        let base = self.absolute(module, bound_scope, &bound_path, depth + 1)?;
                        return Some([base, rest.to_vec()].concat());
                    }
                }
                // A child module of this one, declared by `mod name;` in its own file.
                let child = [here.clone(), vec![first.to_string()]].concat();
                self.files.contains_key(&child).then(|| [here, path.to_vec()].concat())
            }
        }
    }
}

impl SourceFile {
    /// The inline modules, outermost first, that `scope` lies in.
    fn module_of(&self, scope: usize) -> Vec<String> {
        let mut names = Vec::new();
        let mut at = Some(scope);
        while let Some(s) = at {
            names.extend(self.scopes[s].module.clone());
            at = self.scopes[s].parent;
        }
        names.reverse();
        names
    }

    /// The `use` item that binds `name` where `scope` can see it: its own block or an enclosing one,
    /// but not past an inline module, which starts a fresh namespace.
    fn binding(&self, scope: usize, name: &str) -> Option<&UseItem> {
        let mut at = Some(scope);
        while let Some(s) = at {
            if let Some(u) = self.uses.iter().find(|u| u.scope == s && u.binds.as_deref() == Some(name)) {
                return Some(u);
            }
            if self.scopes[s].module.is_some() {
                return None;
            }
            at = self.scopes[s].parent;
        }
        None
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

fn collect(root: &Path, dir: &Path, out: &mut BTreeMap<ModPath, SourceFile>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            collect(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).unwrap().with_extension("");
            let mut module: ModPath = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
            // `main.rs` is the binary's root, a crate of its own: it keeps the name `main` so it
            // does not overwrite the library's root.
            let is_dir_module = module.last().is_some_and(|l| l == "mod" || l == "lib");
            if is_dir_module {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).unwrap();
            out.insert(module, read_file(&text));
        }
    }
}

/// A token of code: an identifier or keyword, `::`, or one punctuation character.
fn tokens(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric()
            || c == '_'
            || (c == '$' && chars.get(i + 1).is_some_and(|n| n.is_alphabetic()))
        {
            let start = i;
            i += 1;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push("::".to_string());
            i += 2;
        } else {
            out.push(c.to_string());
            i += 1;
        }
    }
    out
}

/// `text` with every comment, string literal and character literal blanked (newlines kept), so
/// only code is left to read paths from.
pub fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, cs: &[char]| {
        out.extend(cs.iter().map(|&c| if c == '\n' { '\n' } else { ' ' }));
    };
    let ident = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric() || *c == '_');
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            let end = chars[i..].iter().position(|&c| c == '\n').map_or(chars.len(), |p| i + p);
            blank(&mut out, &chars[i..end]);
            i = end;
        } else if c == '/' && next == Some('*') {
            let (mut depth, mut j) = (1, i + 2);
            while j < chars.len() && depth > 0 {
                if chars[j] == '/' && chars.get(j + 1) == Some(&'*') {
                    depth += 1;
                    j += 2;
                } else if chars[j] == '*' && chars.get(j + 1) == Some(&'/') {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            blank(&mut out, &chars[i..j.min(chars.len())]);
            i = j;
        } else if (c == 'r' || c == 'b' || c == 'c') && !ident(i.checked_sub(1).and_then(|p| chars.get(p))) {
            // A raw string `r#"…"#` (or `br`, `cr`), or a prefixed plain string `b"…"`.
            let mut j = i + 1;
            if c != 'r' && chars.get(j) == Some(&'r') {
                j += 1;
            }
            let raw = chars[i..j].contains(&'r');
            let hashes = chars[j..].iter().take_while(|&&h| h == '#').count();
            if chars.get(j + hashes) == Some(&'"') && (raw || hashes == 0) {
                let end = if raw {
                    let close: Vec<char> =
                        std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
                    let from = j + hashes + 1;
                    (from..chars.len())
                        .find(|&k| chars[k..].starts_with(&close))
                        .map_or(chars.len(), |k| k + close.len())
                } else {
                    string_end(&chars, j)
                };
                blank(&mut out, &chars[i..end]);
                i = end;
            } else {
                out.push(c);
                i += 1;
            }
        } else if c == '"' {
            let end = string_end(&chars, i);
            blank(&mut out, &chars[i..end]);
            i = end;
        } else if c == '\'' {
            // A character literal is `'x'` or `'\…'`; anything else is a lifetime or a label.
            let end = if next == Some('\\') {
                (i + 2..chars.len()).find(|&k| chars[k] == '\'' && k > i + 2).map(|k| k + 1)
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 3)
            } else {
                None
            };
            match end {
                Some(end) => {
                    blank(&mut out, &chars[i..end]);
                    i = end;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The index just past the closing quote of the escaped string opening at `open`.
fn string_end(chars: &[char], open: usize) -> usize {
    let mut k = open + 1;
    while k < chars.len() {
        match chars[k] {
            '\\' => k += 2,
            '"' => return k + 1,
            _ => k += 1,
        }
    }
    chars.len()
}

/// Reads one file's scopes, `use` items and inline paths.
fn read_file(text: &str) -> SourceFile {
    let toks = tokens(&code_only(text));
    let mut file = SourceFile {
        scopes: vec![Scope { parent: None, module: None }],
        uses: Vec::new(),
        paths: Vec::new(),
    };
    let mut stack = vec![0];
    let mut i = 0;
    while i < toks.len() {
        let tok = toks[i].as_str();
        let scope = *stack.last().unwrap();
        match tok {
            "{" => {
                let module = (i >= 2 && toks[i - 2] == "mod").then(|| toks[i - 1].clone());
                file.scopes.push(Scope { parent: Some(scope), module });
                stack.push(file.scopes.len() - 1);
                i += 1;
            }
            "}" => {
                if stack.len() > 1 {
                    stack.pop();
                }
                i += 1;
            }
            "use" if i == 0 || toks[i - 1] != "::" => {
                let end = toks[i..].iter().position(|t| t == ";").map_or(toks.len(), |p| i + p);
                let public = toks[..i]
                    .iter()
                    .rev()
                    .take_while(|t| !matches!(t.as_str(), ";" | "{" | "}"))
                    .any(|t| t == "pub");
                for (path, binds) in expand(&tree_text(&toks[i + 1..end])) {
                    file.uses.push(UseItem { scope, path, binds, public });
                }
                i = end + 1;
            }
            _ if is_path_start(tok)
                && toks.get(i + 1).is_some_and(|t| t == "::")
                && (i == 0 || toks[i - 1] != "::") =>
            {
                let mut path = vec![tok.to_string()];
                let mut j = i + 1;
                while toks.get(j).is_some_and(|t| t == "::")
                    && toks.get(j + 1).is_some_and(|t| is_path_start(t))
                {
                    path.push(toks[j + 1].clone());
                    j += 2;
                }
                if path.len() > 1 {
                    file.paths.push((scope, path));
                }
                i = j;
            }
            _ => i += 1,
        }
    }
    file
}

fn is_path_start(tok: &str) -> bool {
    tok.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
}

/// The paths of every `use` item, braces expanded, renames dropped: `use a::{b, c as d};` gives
/// `a::b` and `a::c`.
pub fn use_paths(text: &str) -> Vec<Vec<String>> {
    let toks = tokens(&code_only(text));
    let mut out = Vec::new();
    for (i, _) in toks.iter().enumerate().filter(|(i, t)| *t == "use" && (*i == 0 || toks[i - 1] != "::")) {
        let end = toks[i..].iter().position(|t| t == ";").map_or(toks.len(), |p| i + p);
        out.extend(expand(&tree_text(&toks[i + 1..end])).into_iter().map(|(p, _)| p));
    }
    out
}

/// A `use` tree's tokens as text without spaces, but for the ` as ` of a rename.
fn tree_text(toks: &[String]) -> String {
    toks.iter().map(|t| if t == "as" { " as " } else { t.as_str() }).collect()
}

/// A `use` tree's paths and the names they bind: `a::{self, b as c, d::*}` gives `a` binding `a`,
/// `a::b` binding `c` and `a::d::*` binding nothing.
fn expand(tree: &str) -> Vec<(Vec<String>, Option<String>)> {
    expand_braces(tree)
        .into_iter()
        .filter_map(|p| {
            let mut segments: Vec<String> =
                p.split("::").map(str::to_string).filter(|s| !s.is_empty()).collect();
            if segments.last().is_some_and(|s| s == "self") {
                segments.pop();
            }
            let last = segments.pop()?;
            let (name, alias) = match last.split_once(" as ") {
                Some((n, a)) => (n.to_string(), Some(a.to_string())),
                None => (last, None),
            };
            segments.push(name.clone());
            let binds = match alias.as_deref() {
                Some("_") => None,
                Some(a) => Some(a.to_string()),
                None if name == "*" => None,
                None => Some(name),
            };
            Some((segments, binds))
        })
        .collect()
}

fn expand_braces(path: &str) -> Vec<String> {
    let Some(open) = path.find('{') else { return vec![path.to_string()] };
    let close = path.rfind('}').unwrap_or(path.len());
    let (prefix, inner) = (&path[..open], &path[open + 1..close]);
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
