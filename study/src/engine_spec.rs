//! How to start an external UCI engine: its command, name, working
//! directory and options, read from cutechess-style `key=value` words
//! (`cmd=./engine name=Dev option.Hash=16 dir=/tmp`).

use std::fmt;
use std::path::PathBuf;

/// An external UCI engine speaking this project's dialect (PDTL for FEN,
/// moves in CTL-AN).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name the match and its games give the engine.
    pub name: String,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// The working directory the engine starts in (the runner's if `None`).
    pub dir: Option<PathBuf>,
    /// `setoption name N value V` sent after `uciok`, in order.
    pub options: Vec<(String, String)>,
}

/// Why an engine description could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

impl EngineSpec {
    /// An engine run as `command` (program and arguments), named `name`.
    pub fn new(name: &str, command: &[&str]) -> EngineSpec {
        EngineSpec {
            name: name.to_string(),
            command: command.iter().map(|s| s.to_string()).collect(),
            dir: None,
            options: Vec::new(),
        }
    }

    /// Reads `cmd=COMMAND name=NAME dir=DIR option.NAME=VALUE …`. The text
    /// is split into words as a shell would (quotes group, backslash
    /// escapes); `cmd`'s value is split again into program and arguments,
    /// so `cmd='cescacs uci'` runs `cescacs` with the argument `uci`.
    /// `cmd` is required; `name` defaults to the program's file name.
    pub fn parse(text: &str) -> Result<EngineSpec, SpecError> {
        let mut spec = EngineSpec {
            name: String::new(),
            command: Vec::new(),
            dir: None,
            options: Vec::new(),
        };
        for word in split_words(text)? {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| SpecError(format!("{word:?} is not key=value")))?;
            match key {
                "cmd" => spec.command = split_words(value)?,
                "name" => spec.name = value.to_string(),
                "dir" => spec.dir = Some(PathBuf::from(value)),
                _ => match key.strip_prefix("option.") {
                    Some(name) if !name.is_empty() => {
                        spec.options.push((name.to_string(), value.to_string()))
                    }
                    _ => {
                        return Err(SpecError(format!(
                            "unknown key {key:?} (cmd, name, dir, option.NAME)"
                        )))
                    }
                },
            }
        }
        let program = spec
            .command
            .first()
            .ok_or_else(|| SpecError("cmd=COMMAND is required".to_string()))?;
        if spec.name.is_empty() {
            spec.name = program.rsplit('/').next().unwrap_or(program).to_string();
        }
        Ok(spec)
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
    fn specs_read_command_name_dir_and_options() {
        let spec = EngineSpec::parse(
            "cmd='target/release/cescacs uci' name=dev dir=/tmp option.Hash=16 option.Threads=1",
        )
        .unwrap();
        assert_eq!(spec.command, ["target/release/cescacs", "uci"]);
        assert_eq!(spec.name, "dev");
        assert_eq!(spec.dir, Some(PathBuf::from("/tmp")));
        assert_eq!(
            spec.options,
            [
                ("Hash".to_string(), "16".to_string()),
                ("Threads".to_string(), "1".to_string())
            ]
        );
        assert_eq!(EngineSpec::parse("cmd=/usr/bin/eng").unwrap().name, "eng");
        assert!(EngineSpec::parse("name=x").is_err());
        assert!(EngineSpec::parse("cmd=x colour=red").is_err());
        // An option whose name has a space is quoted as one word.
        let spec = EngineSpec::parse("cmd='cescacs uci' 'option.Skill Level=5'").unwrap();
        assert_eq!(spec.options, [("Skill Level".to_string(), "5".to_string())]);
    }
}
