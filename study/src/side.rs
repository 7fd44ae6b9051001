//! One side of a match, as fastchess's `EngineConfiguration` is: its name,
//! the engine that plays it (the built-in engine at some settings, or an
//! external UCI engine) and what bounds each of its searches (a clock, a
//! time a move, a depth, a node count). Read from fastchess's `-engine`
//! words (`cmd=./dev name=dev args=uci option.Hash=16 tc=40/10+0.1`).

use std::path::PathBuf;
use std::time::Duration;

use cescacs_engine::EngineOptions;

use crate::engine::{split_words, Abstain, EngineSpec, SpecError};
use crate::r#match::TimeControl;

/// What bounds a side's searches; each `None` is no bound (a side needs
/// some bound).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The side's clock (`tc=`; sent as `go wtime … btime …`).
    pub tc: Option<TimeControl>,
    /// Time a move (`st=`; `go movetime MS`); a move that takes longer than
    /// it and the margin loses on time.
    pub movetime: Option<Duration>,
    /// Plies (`depth=` or `plies=`; `go depth N`).
    pub depth: Option<u32>,
    /// Nodes (`nodes=`; `go nodes N`).
    pub nodes: Option<u64>,
    /// The latency allowed beyond the side's time before it loses on time
    /// (`timemargin=` in ms); `None`: the match's.
    pub margin: Option<Duration>,
}

impl Limits {
    /// A fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Whether nothing bounds the searches (the margin bounds nothing).
    pub fn is_empty(&self) -> bool {
        self.tc.is_none() && self.movetime.is_none() && self.depth.is_none() && self.nodes.is_none()
    }

    /// The UCI `go` parameters of the bounds besides the clock (`depth 3
    /// nodes 1000 movetime 50`).
    pub fn go_params(&self) -> String {
        let mut words = Vec::new();
        if let Some(d) = self.depth {
            words.push(format!("depth {d}"));
        }
        if let Some(n) = self.nodes {
            words.push(format!("nodes {n}"));
        }
        if let Some(t) = self.movetime {
            words.push(format!("movetime {}", t.as_millis()));
        }
        words.join(" ")
    }

    /// The bounds in fastchess's words: `40/10+0.1`, `0.05/move`, `3
    /// plies`, `1000 nodes` (the first that is set, in that order).
    pub fn describe(&self) -> String {
        if let Some(tc) = self.tc {
            tc.to_string()
        } else if let Some(t) = self.movetime {
            format!("{}/move", t.as_secs_f64())
        } else if let Some(d) = self.depth {
            format!("{d} plies")
        } else if let Some(n) = self.nodes {
            format!("{n} nodes")
        } else {
            String::new()
        }
    }

    /// Sets the bound `key` names (`tc`, `st` in seconds, `depth` or
    /// `plies`, `nodes`, `timemargin` in ms) to `value`; `Ok(false)` when
    /// `key` names no bound.
    pub fn set(&mut self, key: &str, value: &str) -> Result<bool, SpecError> {
        let whole = |v: &str| -> Result<u64, SpecError> {
            v.parse()
                .map_err(|_| SpecError(format!("{key}={v}: give a whole number")))
        };
        match key {
            "tc" => {
                let tc =
                    TimeControl::parse(value).map_err(|e| SpecError(format!("tc={value}: {e}")))?;
                self.tc = Some(tc);
            }
            "st" => {
                let seconds: f64 = value
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s > 0.0)
                    .ok_or_else(|| SpecError(format!("st={value}: give seconds > 0")))?;
                self.movetime = Some(Duration::from_secs_f64(seconds));
            }
            "depth" | "plies" => {
                let d = whole(value)?;
                if !(1..=64).contains(&d) {
                    return Err(SpecError(format!("{key}={value}: give a depth in 1..64")));
                }
                self.depth = Some(d as u32);
            }
            "nodes" => {
                let n = whole(value)?;
                if n == 0 {
                    return Err(SpecError(format!("nodes={value}: give at least 1")));
                }
                self.nodes = Some(n);
            }
            "timemargin" => self.margin = Some(Duration::from_millis(whole(value)?)),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// These bounds, each taken from `defaults` where this one is unset.
    pub fn or(self, defaults: &Limits) -> Limits {
        Limits {
            tc: self.tc.or(defaults.tc),
            movetime: self.movetime.or(defaults.movetime),
            depth: self.depth.or(defaults.depth),
            nodes: self.nodes.or(defaults.nodes),
            margin: self.margin.or(defaults.margin),
        }
    }
}

/// The engine that plays a side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Engine {
    /// The built-in engine (`cescacs-engine`) in this process, on one
    /// search thread, never choosing the gaits it abstains from.
    Builtin {
        /// Its options (the thread count is always 1).
        options: EngineOptions,
        /// The King's gaits it never chooses.
        abstain: Abstain,
    },
    /// An external UCI engine process.
    Uci(EngineSpec),
}

/// One side of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// The name the match and its games give the side.
    pub name: String,
    /// Who plays.
    pub engine: Engine,
    /// What bounds each search.
    pub limits: Limits,
}

impl Side {
    /// The built-in engine searching to `depth` with `options`, named
    /// `depth N`, abstaining from nothing.
    pub fn builtin(depth: u32, options: EngineOptions) -> Side {
        Side {
            name: format!("depth {depth}"),
            engine: Engine::Builtin {
                options,
                abstain: Abstain::default(),
            },
            limits: Limits::depth(depth),
        }
    }

    /// An external engine named `name`, within `limits`.
    pub fn uci(name: &str, spec: EngineSpec, limits: Limits) -> Side {
        Side {
            name: name.to_string(),
            engine: Engine::Uci(spec),
            limits,
        }
    }

    /// The external engine's description, if this side is one.
    pub fn spec(&self) -> Option<&EngineSpec> {
        match &self.engine {
            Engine::Uci(spec) => Some(spec),
            Engine::Builtin { .. } => None,
        }
    }

    /// Reads an external engine's side from fastchess's `-engine` words:
    /// `cmd=COMMAND name=NAME args=ARGS dir=DIR option.NAME=VALUE
    /// restart=on|off proto=uci` and the bounds `tc= st= depth= plies=
    /// nodes= timemargin=` ([`Limits::set`]). The text is split as a shell
    /// splits it ([`split_words`]; `cmd`'s and `args`' values are split
    /// again into program and arguments); an option name with a space may
    /// stand unquoted (`option.Skill Level=10`: a word starting `option.`
    /// without `=` takes the words up to the next `=`). `cmd` is required;
    /// `name` defaults to the program's file name.
    pub fn parse(text: &str) -> Result<Side, SpecError> {
        let mut spec = EngineSpec::default();
        let mut name = None;
        let mut limits = Limits::default();
        let mut args = Vec::new();
        for word in join_option_names(split_words(text)?) {
            let (key, value) = word.split_once('=').ok_or_else(|| {
                SpecError(format!(
                    "{word:?} is not key=value (cmd, name, args, dir, option.NAME, tc, st, depth, nodes, timemargin, restart, proto)"
                ))
            })?;
            if limits.set(key, value)? {
                continue;
            }
            match key {
                "cmd" => spec.command = split_words(value)?,
                "args" => args = split_words(value)?,
                "name" if !value.is_empty() => name = Some(value.to_string()),
                "dir" => spec.dir = Some(PathBuf::from(value)),
                "restart" => {
                    spec.restart = match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(SpecError(format!("restart={value}: give on or off"))),
                    }
                }
                "proto" if value == "uci" => {}
                "proto" => {
                    return Err(SpecError(format!(
                        "proto={value}: only uci is spoken"
                    )))
                }
                _ => match key.strip_prefix("option.") {
                    Some(option) if !option.is_empty() => {
                        spec.options.push((option.to_string(), value.to_string()))
                    }
                    _ => {
                        return Err(SpecError(format!(
                            "unknown key {key:?} (cmd, name, args, dir, option.NAME, tc, st, depth, nodes, timemargin, restart, proto)"
                        )))
                    }
                },
            }
        }
        if spec.command.is_empty() {
            return Err(SpecError("cmd=COMMAND is required".to_string()));
        }
        spec.command.extend(args);
        let name = name.unwrap_or_else(|| spec.program_name().to_string());
        Ok(Side {
            name,
            engine: Engine::Uci(spec),
            limits,
        })
    }
}

/// Joins a word `option.NAME` that has no `=` with the words after it up
/// to the first that has one, so that `option.Skill Level=10` split at
/// its space is one word again.
fn join_option_names(words: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut open = false;
    for word in words {
        if open {
            let last = out.last_mut().expect("an open word");
            last.push(' ');
            last.push_str(&word);
            open = !word.contains('=');
        } else {
            open = word.starts_with("option.") && !word.contains('=');
            out.push(word);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_read_fastchess_engine_words() {
        let side = Side::parse(
            "cmd='target/release/cescacs uci' name=dev dir=/tmp option.Hash=16 option.Threads=1",
        )
        .unwrap();
        let spec = side.spec().unwrap();
        assert_eq!(spec.command, ["target/release/cescacs", "uci"]);
        assert_eq!(side.name, "dev");
        assert_eq!(spec.dir, Some(PathBuf::from("/tmp")));
        assert_eq!(
            spec.options,
            [
                ("Hash".to_string(), "16".to_string()),
                ("Threads".to_string(), "1".to_string())
            ]
        );
        assert_eq!(Side::parse("cmd=/usr/bin/eng").unwrap().name, "eng");
        assert!(Side::parse("name=x").is_err());
        assert!(Side::parse("cmd=x colour=red").is_err());
        assert!(Side::parse("cmd=x proto=xboard").is_err());
        assert!(Side::parse("cmd=x restart=maybe").is_err());
    }

    #[test]
    fn args_bounds_and_restart_are_read() {
        let side = Side::parse(
            "cmd=./eng args='uci --fast' tc=40/10+0.1 st=0.05 depth=3 nodes=1000 timemargin=250 restart=on proto=uci",
        )
        .unwrap();
        let spec = side.spec().unwrap();
        assert_eq!(spec.command, ["./eng", "uci", "--fast"]);
        assert!(spec.restart);
        assert_eq!(side.limits.tc.unwrap().to_string(), "40/10+0.1");
        assert_eq!(side.limits.movetime, Some(Duration::from_millis(50)));
        assert_eq!(side.limits.depth, Some(3));
        assert_eq!(side.limits.nodes, Some(1000));
        assert_eq!(side.limits.margin, Some(Duration::from_millis(250)));
        assert_eq!(Side::parse("cmd=x plies=2").unwrap().limits.depth, Some(2));
        assert!(Side::parse("cmd=x depth=0").is_err());
        assert!(Side::parse("cmd=x st=-1").is_err());
        assert!(Side::parse("cmd=x tc=fast").is_err());
    }

    #[test]
    fn option_names_with_a_space_need_no_quotes() {
        for text in [
            "cmd='cescacs uci' 'option.Skill Level=5'",
            "cmd='cescacs uci' option.Skill Level=5",
        ] {
            let side = Side::parse(text).unwrap();
            assert_eq!(
                side.spec().unwrap().options,
                [("Skill Level".to_string(), "5".to_string())],
                "{text}"
            );
        }
        let side = Side::parse("cmd=x option.Use NNUE=false name=y").unwrap();
        assert_eq!(side.name, "y");
        assert!(Side::parse("cmd=x option.Skill Level").is_err());
    }

    #[test]
    fn limits_describe_themselves_as_fastchess_does() {
        let mut l = Limits::depth(3);
        assert_eq!(l.describe(), "3 plies");
        l.movetime = Some(Duration::from_millis(50));
        assert_eq!(l.describe(), "0.05/move");
        assert_eq!(l.go_params(), "depth 3 movetime 50");
        l.tc = Some(TimeControl::parse("10+0.1").unwrap());
        assert_eq!(l.describe(), "10+0.1");
        let merged = Limits::default().or(&l);
        assert_eq!(merged, l);
        assert!(Limits::default().is_empty());
    }
}
