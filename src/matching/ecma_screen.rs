//! The screen that bounds ECMAScript matching time. regress backtracks like a JavaScript engine
//! and has no step limit, so `(a+)+$` against `aaa…a!` would take exponential time, in hookrun as
//! in the agent. The classic cause is a repeated group whose body can match one stretch of text
//! in several ways: it repeats itself (`(a+)+`, `(\w*\s?)*`) or has alternatives that can begin
//! alike (`(a|ab)*`, `(.|x)+`). [`check`] refuses every repeated group of that kind; what passes
//! has star height one with unambiguous repeated alternations, which backtracks at most
//! polynomially in the value. The screen is conservative: it refuses some harmless patterns
//! (`(ab*c)+`) rather than miss a harmful one.

/// Why a pattern is refused.
const REFUSED: &str = "refused: a repeated group that itself repeats or has alternatives \
                       that can start alike (like `(a+)+` or `(a|ab)*`) can take exponential \
                       time to match";

/// What is known about the group being read (or the whole pattern).
#[derive(Default)]
struct Frame {
    /// A repeating quantifier appears somewhere inside.
    repeats: bool,
    /// Some alternation inside can choose between branches that begin alike.
    ambiguous: bool,
    /// How each branch read so far begins: a plain character, or `None` when it begins with
    /// anything else (a class, an escape class, a group, `.`, or nothing).
    starts: Vec<Option<char>>,
    /// The current branch has no atom yet.
    branch_empty: bool,
}

/// The last atom read, which a quantifier applies to.
enum Atom {
    /// A group, with what its body can do.
    Group { repeats: bool, ambiguous: bool },
    /// Anything else (a character, a class, an escape, an assertion).
    Single,
}

/// Ok when the ECMAScript `pattern` (already known to parse) matches in polynomial time; an
/// error explaining the refusal otherwise.
pub(super) fn check(pattern: &str) -> Result<(), String> {
    let mut stack = vec![Frame::new()];
    let mut last: Option<Atom> = None;
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        let depth = stack.len();
        let frame = stack
            .last_mut()
            .expect("the pattern's frame is never popped");
        match c {
            '\\' => {
                let escaped = chars.next().unwrap_or('\\');
                let literal = !escaped.is_ascii_alphanumeric();
                frame.begin_atom(literal.then_some(escaped));
                last = Some(Atom::Single);
            }
            '[' => {
                skip_class(&mut chars);
                frame.begin_atom(None);
                last = Some(Atom::Single);
            }
            '(' => {
                skip_group_prefix(&mut chars);
                frame.begin_atom(None);
                stack.push(Frame::new());
                last = None;
            }
            ')' if depth > 1 => {
                let mut group = stack.pop().expect("checked above");
                group.end_alternation();
                let parent = stack.last_mut().expect("checked above");
                parent.repeats |= group.repeats;
                parent.ambiguous |= group.ambiguous;
                last = Some(Atom::Group {
                    repeats: group.repeats,
                    ambiguous: group.ambiguous,
                });
            }
            '|' => {
                frame.starts.push(None);
                frame.branch_empty = true;
                last = None;
            }
            '*' | '+' | '?' | '{' => {
                let repeating = match c {
                    '*' | '+' => true,
                    '?' => false,
                    // A `{` that starts no count is a plain character (Annex B).
                    _ => {
                        let Some(repeating) = counted(&mut chars) else {
                            frame.begin_atom(Some('{'));
                            last = Some(Atom::Single);
                            continue;
                        };
                        repeating
                    }
                };
                if chars.peek() == Some(&'?') {
                    chars.next();
                }
                if repeating {
                    if let Some(Atom::Group { repeats, ambiguous }) = last
                        && (repeats || ambiguous)
                    {
                        return Err(REFUSED.to_owned());
                    }
                    frame.repeats = true;
                }
                last = Some(Atom::Single);
            }
            '.' | '^' | '$' => {
                frame.begin_atom(None);
                last = Some(Atom::Single);
            }
            _ => {
                frame.begin_atom(Some(c));
                last = Some(Atom::Single);
            }
        }
    }
    Ok(())
}

impl Frame {
    fn new() -> Frame {
        Frame {
            starts: vec![None],
            branch_empty: true,
            ..Frame::default()
        }
    }

    /// Records how the current branch begins, if this is its first atom.
    fn begin_atom(&mut self, start: Option<char>) {
        if self.branch_empty {
            self.branch_empty = false;
            *self.starts.last_mut().expect("a frame has a branch") = start;
        }
    }

    /// At the group's end: with several branches, it is ambiguous unless each begins with its
    /// own plain character.
    fn end_alternation(&mut self) {
        if self.starts.len() < 2 {
            return;
        }
        let mut seen = Vec::with_capacity(self.starts.len());
        for start in &self.starts {
            match start {
                Some(c) if !seen.contains(c) => seen.push(*c),
                _ => {
                    self.ambiguous = true;
                    return;
                }
            }
        }
    }
}

/// Skips a character class after its `[`, up to the first unescaped `]`.
fn skip_class(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            ']' => return,
            _ => {}
        }
    }
}

/// Skips what follows a `(` before the group's body: `?:`, `?=`, `?!`, `?<=`, `?<!`, `?<name>`.
fn skip_group_prefix(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    if chars.peek() != Some(&'?') {
        return;
    }
    chars.next();
    match chars.next() {
        Some('<') if matches!(chars.peek(), Some('=' | '!')) => {
            chars.next();
        }
        Some('<') => {
            for c in chars.by_ref() {
                if c == '>' {
                    break;
                }
            }
        }
        _ => {}
    }
}

/// Reads `n}`, `n,}` or `n,m}` after a `{`: whether the count lets the atom repeat (more than
/// once), or `None`, consuming nothing, when no count follows.
fn counted(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Option<bool> {
    let rest: String = chars.clone().take_while(|&c| c != '}').collect();
    if chars.clone().nth(rest.chars().count()) != Some('}') {
        return None;
    }
    let number = |s: &str| {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse::<u64>().ok())
    };
    let repeating = match rest.split_once(',') {
        None => number(&rest)?.is_none_or(|n| n > 1),
        Some((min, "")) => {
            number(min)?;
            true
        }
        Some((min, max)) => {
            number(min)?;
            number(max)?.is_none_or(|n| n > 1)
        }
    };
    for _ in 0..=rest.chars().count() {
        chars.next();
    }
    Some(repeating)
}

#[cfg(test)]
#[path = "ecma_screen_tests.rs"]
mod tests;
