//! How to start an external UCI engine: its program and arguments, its
//! working directory, the options set after `uciok`, and whether it is
//! started afresh for each game (fastchess's `cmd=`, `args=`, `dir=`,
//! `option.NAME=`, `restart=`; [`Side::parse`](crate::Side::parse) reads
//! them), and [`split_words`], the shell-like splitting those words share.

use std::fmt;
use std::path::PathBuf;

/// An external UCI engine speaking this project's dialect (PDTL for FEN,
/// moves in CTL-AN).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// The working directory the engine starts in (the runner's if `None`).
    pub dir: Option<PathBuf>,
    /// `setoption name N value V` sent after `uciok`, in order.
    pub options: Vec<(String, String)>,
    /// Start a new process for every game (fastchess's `restart=on`);
    /// otherwise a process plays game after game until it faults.
    pub restart: bool,
}

/// Why an engine or side description could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

impl EngineSpec {
    /// An engine run as `command` (program and arguments).
    pub fn new(command: &[&str]) -> EngineSpec {
        EngineSpec {
            command: command.iter().map(|s| s.to_string()).collect(),
            ..EngineSpec::default()
        }
    }

    /// The program's file name (`cescacs` for `target/release/cescacs uci`).
    pub fn program_name(&self) -> &str {
        let program = self.command.first().map_or("", String::as_str);
        program.rsplit('/').next().unwrap_or(program)
    }
}

/// Splits `text` into words as a POSIX shell does, without expansions:
/// blanks separate words, single quotes keep everything, double quotes
/// keep all but `\"` and `\\`, a backslash outside quotes escapes the next
/// character.
pub fn split_words(text: &str) -> Result<Vec<String>, SpecError> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err(SpecError(format!("unclosed ' in {text:?}"))),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => w.push(c),
                            Some(c) => w.extend(['\\', c]),
                            None => return Err(SpecError(format!("unclosed \" in {text:?}"))),
                        },
                        Some(c) => w.push(c),
                        None => return Err(SpecError(format!("unclosed \" in {text:?}"))),
                    }
                }
            }
            '\\' => word.get_or_insert_with(String::new).extend(chars.next()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_as_a_shell_splits_them() {
        assert_eq!(
            split_words(r#"a 'b c' "d \"e\"" f\ g ''"#).unwrap(),
            ["a", "b c", "d \"e\"", "f g", ""]
        );
        assert!(split_words("'open").is_err());
    }

    #[test]
    fn the_program_name_is_the_commands_file_name() {
        assert_eq!(
            EngineSpec::new(&["/usr/bin/eng", "uci"]).program_name(),
            "eng"
        );
    }
}
