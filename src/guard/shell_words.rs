//! A command line read as a POSIX shell reads it, far enough to know which simple commands it
//! runs and with which words: quotes and backslashes removed, separators (`;`, `&&`, `||`, `|`,
//! `|&`, `&`, newlines) splitting commands, `( … )` subshells, `$( … )` and backquotes looked
//! into (their commands run too, even inside double quotes), redirections and `#` comments left
//! out. Expansions (`$VAR`, globs) are kept as written: the guard judges the words a person
//! wrote, not what they expand to.
//!
//! `matching/shell.rs` splits compound commands for `if` patterns, but keeps slices of the text
//! (patterns are matched against what was written) and does not look into substitutions; a guard
//! needs the words themselves, so this reads them afresh.

/// How deep substitutions, subshells and `sh -c` strings may nest before the line counts as
/// unreadable.
pub(crate) const MAX_DEPTH: usize = 8;

/// Why a line could not be read as a shell would: the shell itself would refuse it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unreadable {
    /// A quote, `$(`, `(` or backquote that never closes (what is missing).
    Unterminated(&'static str),
    /// Substitutions, subshells or `sh -c` strings nested deeper than [`MAX_DEPTH`].
    TooDeep,
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreadable::Unterminated(what) => write!(f, "an unterminated {what}"),
            Unreadable::TooDeep => write!(f, "nesting deeper than {MAX_DEPTH} levels"),
        }
    }
}

/// The simple commands of `line` (each its words, non-empty), those inside substitutions and
/// subshells included. `depth` is how deep `line` itself is nested already.
pub(crate) fn simple_commands(line: &str, depth: usize) -> Result<Vec<Vec<String>>, Unreadable> {
    if depth > MAX_DEPTH {
        return Err(Unreadable::TooDeep);
    }
    let mut lexer = Lexer {
        chars: line.chars().collect(),
        pos: 0,
        out: Vec::new(),
    };
    lexer.list(None, depth)?;
    Ok(lexer.out)
}

struct Lexer {
    chars: Vec<char>,
    pos: usize,
    out: Vec<Vec<String>>,
}

/// The command being read: its words so far and the word under way.
#[derive(Default)]
struct Command {
    words: Vec<String>,
    /// `Some` once a word started (`""` starts an empty word).
    word: Option<String>,
    /// The next word is a redirection's target, not an argument.
    redirect_target: bool,
}

impl Command {
    fn push(&mut self, c: char) {
        self.word.get_or_insert_with(String::new).push(c);
    }

    fn push_str(&mut self, text: &str) {
        self.word.get_or_insert_with(String::new).push_str(text);
    }

    fn end_word(&mut self) {
        if let Some(word) = self.word.take() {
            if std::mem::take(&mut self.redirect_target) {
                return;
            }
            self.words.push(word);
        }
    }

    fn end(&mut self, out: &mut Vec<Vec<String>>) {
        self.end_word();
        self.redirect_target = false;
        if !self.words.is_empty() {
            out.push(std::mem::take(&mut self.words));
        }
    }
}

impl Lexer {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead).copied()
    }

    /// Reads commands until `close` (`)` or a backquote) or, without one, the end of the line.
    fn list(&mut self, close: Option<char>, depth: usize) -> Result<(), Unreadable> {
        let mut command = Command::default();
        loop {
            let Some(c) = self.peek() else {
                command.end(&mut self.out);
                return match close {
                    Some(')') => Err(Unreadable::Unterminated("`(` or `$(`")),
                    Some(_) => Err(Unreadable::Unterminated("backquote")),
                    None => Ok(()),
                };
            };
            self.pos += 1;
            match c {
                _ if Some(c) == close => {
                    command.end(&mut self.out);
                    return Ok(());
                }
                ' ' | '\t' => command.end_word(),
                '&' if self.peek() == Some('>') => self.redirect(&mut command, depth)?,
                '\n' | ';' | '&' | '|' | ')' => command.end(&mut self.out),
                '<' | '>' => {
                    self.pos -= 1;
                    self.redirect(&mut command, depth)?;
                }
                '(' => {
                    // A subshell (or the `(` of a function definition): its commands run.
                    command.end(&mut self.out);
                    self.nested(')', depth)?;
                }
                '#' if command.word.is_none() => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.pos += 1;
                    }
                }
                '\\' => match self.peek() {
                    Some('\n') => self.pos += 1,
                    Some(next) => {
                        command.push(next);
                        self.pos += 1;
                    }
                    None => {}
                },
                '\'' => self.single_quoted(&mut command)?,
                '"' => self.double_quoted(&mut command, depth)?,
                '`' => {
                    self.nested('`', depth)?;
                    command.push_str("`…`");
                }
                '$' => self.dollar(&mut command, depth)?,
                _ => command.push(c),
            }
        }
    }

    /// The commands of a substitution or subshell, up to its `close`.
    fn nested(&mut self, close: char, depth: usize) -> Result<(), Unreadable> {
        if depth + 1 > MAX_DEPTH {
            return Err(Unreadable::TooDeep);
        }
        self.list(Some(close), depth + 1)
    }

    /// A redirection at `self.pos` (`>`, `>>`, `2>&1`, `&>`, `<`, `<<`, …): a file-descriptor
    /// number just before it is no word, and its target is none either. `<(…)` and `>(…)` are
    /// process substitutions, whose commands run.
    fn redirect(&mut self, command: &mut Command, depth: usize) -> Result<(), Unreadable> {
        if command
            .word
            .as_deref()
            .is_some_and(|word| !word.is_empty() && word.chars().all(|c| c.is_ascii_digit()))
        {
            command.word = None;
        } else {
            command.end_word();
        }
        if matches!(self.peek(), Some('<' | '>')) && self.peek_at(1) == Some('(') {
            self.pos += 2;
            return self.nested(')', depth);
        }
        while matches!(self.peek(), Some('<' | '>' | '&' | '|')) {
            self.pos += 1;
        }
        command.redirect_target = true;
        Ok(())
    }

    fn single_quoted(&mut self, command: &mut Command) -> Result<(), Unreadable> {
        command.push_str("");
        loop {
            match self.peek() {
                None => return Err(Unreadable::Unterminated("single quote")),
                Some('\'') => {
                    self.pos += 1;
                    return Ok(());
                }
                Some(c) => {
                    command.push(c);
                    self.pos += 1;
                }
            }
        }
    }

    fn double_quoted(&mut self, command: &mut Command, depth: usize) -> Result<(), Unreadable> {
        command.push_str("");
        loop {
            let Some(c) = self.peek() else {
                return Err(Unreadable::Unterminated("double quote"));
            };
            self.pos += 1;
            match c {
                '"' => return Ok(()),
                '\\' => match self.peek() {
                    Some('\n') => self.pos += 1,
                    Some(next @ ('$' | '`' | '"' | '\\')) => {
                        command.push(next);
                        self.pos += 1;
                    }
                    _ => command.push('\\'),
                },
                '`' => {
                    self.nested('`', depth)?;
                    command.push_str("`…`");
                }
                '$' if self.peek() == Some('(') => self.dollar(command, depth)?,
                _ => command.push(c),
            }
        }
    }

    /// What follows a `$`: a command substitution (its commands run), `$'…'` (quoted, with
    /// backslash escapes), `${…}`, or a plain `$`.
    fn dollar(&mut self, command: &mut Command, depth: usize) -> Result<(), Unreadable> {
        match self.peek() {
            Some('(') => {
                self.pos += 1;
                self.nested(')', depth)?;
                command.push_str("$(…)");
            }
            Some('\'') => {
                self.pos += 1;
                command.push_str("");
                loop {
                    match self.peek() {
                        None => return Err(Unreadable::Unterminated("`$'` quote")),
                        Some('\'') => break,
                        Some('\\') => {
                            self.pos += 1;
                            if let Some(next) = self.peek() {
                                command.push(next);
                            }
                        }
                        Some(c) => command.push(c),
                    }
                    self.pos += 1;
                }
                self.pos += 1;
            }
            Some('{') => {
                let start = self.pos - 1;
                while self.peek().is_some_and(|c| c != '}') {
                    self.pos += 1;
                }
                if self.peek().is_none() {
                    return Err(Unreadable::Unterminated("`${`"));
                }
                self.pos += 1;
                let text: String = self.chars[start..self.pos].iter().collect();
                command.push_str(&text);
            }
            _ => command.push('$'),
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "shell_words_tests.rs"]
mod tests;
