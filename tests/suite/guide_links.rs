//! Every relative link and picture of README.md and of the user guide (docs/guide/src, with
//! the files it includes) leads somewhere (issue 37): the file exists, an anchor names a
//! heading of its page, a guide page links only within the book (mdBook publishes nothing
//! else), and every picture is one a snapshot test writes.

use crate::guide::markdown_files;
use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};

/// A link, picture or `{{#include}}` of a Markdown file.
#[derive(Debug)]
struct Link {
    /// The target as written (`../pictures/help.png`, `desk.md#the-odds`).
    target: String,
    /// The line it is on, from 1.
    line: usize,
    /// A picture (`![..](..)`, `<img src>`), not a link.
    picture: bool,
    /// An mdBook `{{#include}}`.
    include: bool,
}

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `text` without its inline code spans (`` `[a](b)` `` is not a link).
fn without_code_spans(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let run = rest[start..].chars().take_while(|&c| c == '`').count();
        let fence = &rest[start..start + run];
        let after = &rest[start + run..];
        match after.find(fence) {
            Some(end) => rest = &after[end + run..],
            None => {
                out.push_str(fence);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The target of an inline link whose `(` is at the start of `rest`: up to the matching `)`,
/// without a title.
fn inline_target(rest: &str) -> Option<String> {
    let mut depth = 0usize;
    for (i, c) in rest.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    let inside = rest[1..i].trim();
                    let target = match inside.strip_prefix('<') {
                        Some(angled) => angled.split('>').next().unwrap_or_default(),
                        None => inside.split_whitespace().next().unwrap_or_default(),
                    };
                    return Some(target.to_owned());
                }
            }
            _ => {}
        }
    }
    None
}

/// Whether the `](` at byte `close` of `line` ends a picture's alt text (`![`).
fn is_picture(line: &str, close: usize) -> bool {
    let mut depth = 0usize;
    for (i, c) in line[..close].char_indices().rev() {
        match c {
            ']' => depth += 1,
            '[' if depth == 0 => return line[..i].ends_with('!'),
            '[' => depth -= 1,
            _ => {}
        }
    }
    false
}

/// The links, pictures and includes of a Markdown text; code blocks hold no links (but may
/// hold includes, which mdBook expands anywhere).
fn links(text: &str) -> Vec<Link> {
    let mut found = Vec::new();
    let mut fence: Option<String> = None;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let mut rest = raw;
        while let Some(start) = rest.find("{{#include ") {
            let after = &rest[start + "{{#include ".len()..];
            let end = after.find("}}").unwrap_or(after.len());
            let path = after[..end].trim().split(':').next().unwrap_or_default();
            found.push(Link {
                target: path.to_owned(),
                line,
                picture: false,
                include: true,
            });
            rest = &after[end..];
        }
        let trimmed = raw.trim_start();
        if let Some(open) = &fence {
            if trimmed.starts_with(open.as_str()) {
                fence = None;
            }
            continue;
        }
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            let marker = trimmed.chars().next().unwrap_or('`');
            fence = Some(trimmed.chars().take_while(|&c| c == marker).collect());
            continue;
        }
        let plain = without_code_spans(raw);
        let mut from = 0;
        while let Some(offset) = plain[from..].find("](") {
            let close = from + offset;
            if let Some(target) = inline_target(&plain[close + 1..]) {
                let picture = is_picture(&plain, close);
                found.push(Link {
                    target,
                    line,
                    picture,
                    include: false,
                });
            }
            from = close + 2;
        }
        let mut from = 0;
        while let Some(offset) = plain[from..].find("src=\"") {
            let start = from + offset + "src=\"".len();
            let target = plain[start..].split('"').next().unwrap_or_default();
            found.push(Link {
                target: target.to_owned(),
                line,
                picture: true,
                include: false,
            });
            from = start;
        }
        if let Some(definition) = plain.trim_start().strip_prefix('[')
            && let Some((_, target)) = definition.split_once("]:")
        {
            let target = target.split_whitespace().next().unwrap_or_default();
            found.push(Link {
                target: target.to_owned(),
                line,
                picture: false,
                include: false,
            });
        }
    }
    found
}

/// The anchor mdBook (and GitHub) give a heading: lowercase letters, digits, `-` and `_`,
/// spaces as dashes, the rest dropped; code marks and link targets left out.
fn heading_anchor(heading: &str) -> String {
    let mut text = String::new();
    let mut rest = heading;
    // `[words](target)` reads as its words.
    while let Some(open) = rest.find('[') {
        text.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find("](") {
            Some(close) => {
                text.push_str(&after[..close]);
                let target = &after[close + 1..];
                rest = target.find(')').map_or("", |end| &target[end + 1..]);
            }
            None => {
                text.push('[');
                rest = after;
            }
        }
    }
    text.push_str(rest);
    text.chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c.to_lowercase().next().unwrap_or(c))
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// The anchors of a page's headings, repeated headings numbered as mdBook numbers them.
fn anchors(text: &str) -> HashSet<String> {
    let mut found = HashSet::new();
    let mut fence = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            fence = !fence;
            continue;
        }
        if fence || !trimmed.starts_with('#') {
            continue;
        }
        let heading = trimmed.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let base = heading_anchor(heading.trim());
        let mut anchor = base.clone();
        let mut n = 1;
        while found.contains(&anchor) {
            anchor = format!("{base}-{n}");
            n += 1;
        }
        found.insert(anchor);
    }
    found
}

/// A page's text with the files it includes pasted in, as mdBook renders it (whose
/// headings are the page's anchors too).
fn expanded(page: &Path) -> String {
    let text = std::fs::read_to_string(page).unwrap_or_default();
    let base = page.parent().unwrap_or(page);
    let mut out = String::new();
    for line in text.lines() {
        let included = links(line)
            .into_iter()
            .find(|link| link.include)
            .map(|link| normalise(&base.join(link.target)));
        match included {
            Some(file) => out.push_str(&expanded(&file)),
            None => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// `path` with `.` and `..` worked out, without touching the file system.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// What is wrong with each link of `page` (its text `text`, its links resolved from `base`):
/// one line per fault. `book` is the folder a guide page may not link out of.
fn faults(page: &Path, text: &str, base: &Path, book: Option<&Path>) -> Vec<String> {
    let root = root();
    let name = page
        .strip_prefix(&root)
        .unwrap_or(page)
        .display()
        .to_string();
    let mut faults = Vec::new();
    for link in links(text) {
        let target = link.target.as_str();
        if target.is_empty()
            || target.contains("://")
            || target.starts_with("mailto:")
            || target.starts_with("//")
        {
            continue;
        }
        let at = format!("{name}:{}: {target}", link.line);
        let (file, fragment) = match target.split_once('#') {
            Some((file, fragment)) => (file, Some(fragment)),
            None => (target, None),
        };
        let resolved = if file.is_empty() {
            page.to_path_buf()
        } else {
            normalise(&base.join(file))
        };
        if !resolved.exists() {
            faults.push(format!("{at}: no such file {}", resolved.display()));
            continue;
        }
        if let Some(book) = book
            && !link.include
            && !resolved.starts_with(book)
        {
            faults.push(format!(
                "{at}: leads out of docs/guide/src, which is all the built book holds"
            ));
        }
        if link.picture
            && !resolved.starts_with(root.join("app-tests/tests/snapshots"))
            && !resolved.starts_with(root.join("docs/guide/src/pictures"))
        {
            faults.push(format!(
                "{at}: not a picture the snapshot tests write (app-tests/tests/snapshots, or its copy in docs/guide/src/pictures)"
            ));
        }
        if let Some(fragment) = fragment
            && resolved.extension().is_some_and(|e| e == "md")
            && !anchors(&expanded(&resolved)).contains(fragment)
        {
            faults.push(format!("{at}: no heading with the anchor #{fragment}"));
        }
        if link.include {
            // mdBook pastes the file in: its links are read from the including page.
            let included = std::fs::read_to_string(&resolved).unwrap_or_default();
            faults.extend(faults_of_included(&resolved, &included, base, book));
        }
    }
    faults
}

/// The faults of a file pasted into a page by `{{#include}}`, its links resolved from the
/// including page's folder, as mdBook renders them.
fn faults_of_included(file: &Path, text: &str, base: &Path, book: Option<&Path>) -> Vec<String> {
    let mut found = Vec::new();
    for fault in faults(file, text, base, book) {
        found.push(format!("{fault} (included)"));
    }
    found
}

#[test]
fn every_link_and_picture_of_the_readme_and_the_guide_leads_somewhere() {
    let root = root();
    let book = root.join("docs/guide/src");
    let mut all = Vec::new();
    let readme = root.join("README.md");
    let text = std::fs::read_to_string(&readme).expect("README.md");
    all.extend(faults(&readme, &text, &root, None));
    let pages = markdown_files(&book);
    assert!(pages.len() > 10, "the guide has {} pages", pages.len());
    for page in pages {
        let text = std::fs::read_to_string(&page).expect("a page");
        let base = page.parent().expect("a folder").to_path_buf();
        all.extend(faults(&page, &text, &base, Some(&book)));
    }
    assert!(all.is_empty(), "broken links:\n{}", all.join("\n"));
}

#[test]
fn the_link_reader_finds_links_pictures_and_includes_but_not_code() {
    let text = "see [the desk](desk.md#odds) and ![a picture](p/a.png \"title\")\n\
                `[not](a-link.md)` then [b](<x y.md>)\n\
                ```sh\n[inside](code.md)\n{{#include ../../x.md:3:}}\n```\n\
                [ref]: r.md\n<img src=\"i.png\">";
    let found: Vec<(String, bool, bool)> = links(text)
        .into_iter()
        .map(|l| (l.target, l.picture, l.include))
        .collect();
    let expected = [
        ("desk.md#odds", false, false),
        ("p/a.png", true, false),
        ("x y.md", false, false),
        ("../../x.md", false, true),
        ("r.md", false, false),
        ("i.png", true, false),
    ];
    let expected: Vec<(String, bool, bool)> = expected
        .iter()
        .map(|&(t, p, i)| (t.to_owned(), p, i))
        .collect();
    assert_eq!(found, expected);
}

#[test]
fn a_heading_anchor_is_as_mdbook_makes_it() {
    let page = "# The record: seals, verify, replay\n## `laager log verify`\n## Odds\n## Odds\n";
    let found = anchors(page);
    for anchor in [
        "the-record-seals-verify-replay",
        "laager-log-verify",
        "odds",
        "odds-1",
    ] {
        assert!(found.contains(anchor), "{anchor} not in {found:?}");
    }
}
