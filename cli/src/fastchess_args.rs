//! fastchess's command line for `cescacs match`: its single-dash options
//! (`-engine cmd=./dev name=dev option.Hash=16 -each tc=10+0.1 -rounds
//! 100 -pgnout file=games.pgn`), each followed by `key=value` words up to
//! the next option, rewritten as this command's own flags before clap
//! reads them, so that a fastchess command line runs as it is. The
//! multi-word options (`--engine`, `--each`, `--openings`, `--pgnout`,
//! `--sprt`, `--draw`, `--resign`) take their words unquoted with either
//! dash; the others keep one value and take either dash.

/// The options whose value is the `key=value` words after them, joined
/// into one argument (quoted so that the study crate's shell-like split
/// gives the same words back).
const MULTI: [&str; 7] = [
    "engine", "each", "openings", "pgnout", "sprt", "draw", "resign",
];

/// fastchess options without a value, and the flag each becomes.
const SWITCHES: [(&str, &str); 2] = [("recover", "--recover"), ("repeat", "--repeat")];

/// fastchess options with one value that this command spells otherwise.
const RENAMED: [(&str, &str); 2] = [("srand", "--seed"), ("maxmoves", "--maxmoves")];

/// Quotes `word` for a POSIX-shell-like split: as it is when it holds no
/// blank or quote, otherwise in single quotes.
fn quote(word: &str) -> String {
    if !word.is_empty() && !word.contains(|c: char| c.is_whitespace() || "'\"\\".contains(c)) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Whether `arg` starts an option: `-name` or `--name` (not a negative
/// number, not a lone dash).
fn option_name(arg: &str) -> Option<&str> {
    let name = arg.strip_prefix("--").or_else(|| arg.strip_prefix('-'))?;
    let first = name.chars().next()?;
    first.is_ascii_alphabetic().then_some(name)
}

/// The arguments after `match` rewritten for clap: each multi-word option
/// with its words joined into one value, fastchess's single-dash options
/// as double-dash ones. Everything else is left for clap to judge.
pub fn translate(args: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(args.len());
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        let Some(name) = option_name(arg) else {
            out.push(arg.clone());
            continue;
        };
        // `--flag=value` stays as clap reads it.
        if name.contains('=') {
            out.push(format!("--{name}"));
            continue;
        }
        if MULTI.contains(&name) {
            let mut words = Vec::new();
            while i < args.len() && option_name(&args[i]).is_none() {
                words.push(args[i].as_str());
                i += 1;
            }
            out.push(format!("--{name}"));
            // One word is passed as it is (a spec already quoted as a
            // shell string); several are joined, each quoted.
            out.push(match words.as_slice() {
                [one] => one.to_string(),
                many => many.iter().map(|w| quote(w)).collect::<Vec<_>>().join(" "),
            });
        } else if let Some((_, flag)) = SWITCHES.iter().find(|(n, _)| *n == name) {
            out.push(flag.to_string());
        } else if let Some((_, flag)) = RENAMED.iter().find(|(n, _)| *n == name) {
            out.push(flag.to_string());
        } else {
            out.push(format!("--{name}"));
        }
    }
    out
}

/// The whole command line with the arguments of a `match` subcommand
/// translated (the program's name and other subcommands untouched).
pub fn translate_command_line(args: Vec<String>) -> Vec<String> {
    match args.iter().position(|a| a == "match") {
        Some(at) if args[1..at].iter().all(|a| a.starts_with('-')) => {
            let mut out = args[..=at].to_vec();
            out.extend(translate(args[at + 1..].to_vec()));
            out
        }
        _ => args,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(args: &[&str]) -> Vec<String> {
        translate(args.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn fastchess_options_become_flags() {
        assert_eq!(
            t(&[
                "-engine",
                "cmd=./dev",
                "name=dev",
                "args=uci",
                "option.Hash=16",
                "-each",
                "tc=40/10+0.1",
                "-rounds",
                "5",
                "-concurrency",
                "2",
                "-pgnout",
                "file=g.pgn",
                "-recover",
                "-repeat",
                "-srand",
                "7",
                "-maxmoves",
                "100",
            ]),
            [
                "--engine",
                "cmd=./dev name=dev args=uci option.Hash=16",
                "--each",
                "tc=40/10+0.1",
                "--rounds",
                "5",
                "--concurrency",
                "2",
                "--pgnout",
                "file=g.pgn",
                "--recover",
                "--repeat",
                "--seed",
                "7",
                "--maxmoves",
                "100",
            ]
        );
    }

    #[test]
    fn words_with_blanks_are_quoted_and_one_word_passes_as_it_is() {
        assert_eq!(
            t(&["-engine", "cmd=x", "option.Skill Level=10", "name=it's"]),
            ["--engine", r"cmd=x 'option.Skill Level=10' 'name=it'\''s'"]
        );
        assert_eq!(
            t(&["--engine", "cmd='cescacs uci' name=a", "--depth", "2"]),
            ["--engine", "cmd='cescacs uci' name=a", "--depth", "2"]
        );
        assert_eq!(
            t(&[
                "--resign",
                "movecount=3",
                "score=600",
                "--sprt",
                "elo0=0",
                "elo1=5"
            ]),
            [
                "--resign",
                "movecount=3 score=600",
                "--sprt",
                "elo0=0 elo1=5"
            ]
        );
    }

    #[test]
    fn negative_numbers_and_other_subcommands_are_left_alone() {
        assert_eq!(t(&["--seed", "-3"]), ["--seed", "-3"]);
        let line = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            translate_command_line(line(&["cescacs", "play", "-x"])),
            line(&["cescacs", "play", "-x"])
        );
        assert_eq!(
            translate_command_line(line(&["cescacs", "match", "-games", "3"])),
            line(&["cescacs", "match", "--games", "3"])
        );
    }
}
