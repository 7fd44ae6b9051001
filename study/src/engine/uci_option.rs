//! The options an engine declares in answer to `uci` (`option name Hash
//! type spin default 16 min 1 max 1024`), so that a value it would refuse
//! (an option it does not declare, a number out of range, a choice it does
//! not list) stops the match before the first game instead of being
//! ignored by the engine.

/// The kind and range of a declared option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `true` or `false`.
    Check,
    /// A whole number in `min..=max`.
    Spin {
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// One of the listed values (`var`).
    Combo(Vec<String>),
    /// An action without a value.
    Button,
    /// Any text.
    String,
}

/// An option as the engine declared it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciOption {
    /// Its name (matched without regard to case, as UCI says).
    pub name: String,
    /// Its kind and range.
    pub kind: OptionKind,
    /// Its default value, as the engine wrote it.
    pub default: Option<String>,
}

/// The words of an `option` line that start a field.
const FIELDS: [&str; 5] = ["type", "default", "min", "max", "var"];

impl UciOption {
    /// Reads an `option name N type T [default D] [min A] [max B] [var V]…`
    /// line; `None` for any other line, or one without a name or a known
    /// type.
    pub fn parse(line: &str) -> Option<UciOption> {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() != Some(&"option") || words.get(1) != Some(&"name") {
            return None;
        }
        // Each field runs to the next field word; a name may hold spaces.
        let mut fields: Vec<(&str, String)> = Vec::new();
        let mut key = "name";
        let mut value: Vec<&str> = Vec::new();
        for &w in &words[2..] {
            if FIELDS.contains(&w) {
                fields.push((key, value.join(" ")));
                key = w;
                value.clear();
            } else {
                value.push(w);
            }
        }
        fields.push((key, value.join(" ")));
        let get = |k: &str| fields.iter().find(|(f, _)| *f == k).map(|(_, v)| v.clone());
        let name = get("name").filter(|n| !n.is_empty())?;
        let number = |k: &str| get(k).and_then(|v| v.parse::<i64>().ok());
        let kind = match get("type")?.as_str() {
            "check" => OptionKind::Check,
            "spin" => OptionKind::Spin {
                min: number("min").unwrap_or(i64::MIN),
                max: number("max").unwrap_or(i64::MAX),
            },
            "combo" => OptionKind::Combo(
                fields
                    .iter()
                    .filter(|(f, _)| *f == "var")
                    .map(|(_, v)| v.clone())
                    .collect(),
            ),
            "button" => OptionKind::Button,
            "string" => OptionKind::String,
            _ => return None,
        };
        Some(UciOption {
            name,
            kind,
            default: get("default"),
        })
    }

    /// Whether the engine takes `value` for this option; why not if it does not.
    pub fn check(&self, value: &str) -> Result<(), String> {
        match &self.kind {
            OptionKind::Check if value == "true" || value == "false" => Ok(()),
            OptionKind::Check => Err("give true or false".to_string()),
            OptionKind::Spin { min, max } => match value.parse::<i64>() {
                Ok(v) if (*min..=*max).contains(&v) => Ok(()),
                _ => Err(format!("give a whole number in {min}..={max}")),
            },
            OptionKind::Combo(vars) if vars.iter().any(|v| v.eq_ignore_ascii_case(value)) => Ok(()),
            OptionKind::Combo(vars) => Err(format!("give one of {}", vars.join(", "))),
            OptionKind::Button | OptionKind::String => Ok(()),
        }
    }
}

/// Checks `options` (name, value) against the engine's `declared` ones;
/// the first refused, as `option NAME=VALUE: why`.
pub fn check_options(declared: &[UciOption], options: &[(String, String)]) -> Result<(), String> {
    for (name, value) in options {
        let option = declared
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                format!("option {name}={value}: the engine declares no option {name:?}")
            })?;
        option
            .check(value)
            .map_err(|why| format!("option {name}={value}: {why}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_read_with_their_ranges() {
        let hash =
            UciOption::parse("option name Hash type spin default 16 min 1 max 1024").unwrap();
        assert_eq!(hash.name, "Hash");
        assert_eq!(hash.kind, OptionKind::Spin { min: 1, max: 1024 });
        assert_eq!(hash.default.as_deref(), Some("16"));
        let skill =
            UciOption::parse("option name Skill Level type spin default 20 min 0 max 20").unwrap();
        assert_eq!(skill.name, "Skill Level");
        let combo =
            UciOption::parse("option name Style type combo default Normal var Solid var Normal")
                .unwrap();
        assert_eq!(
            combo.kind,
            OptionKind::Combo(vec!["Solid".to_string(), "Normal".to_string()])
        );
        assert_eq!(
            UciOption::parse("option name Clear Hash type button")
                .unwrap()
                .kind,
            OptionKind::Button
        );
        assert_eq!(UciOption::parse("id name x"), None);
        assert_eq!(UciOption::parse("option name X type dial"), None);
    }

    #[test]
    fn values_out_of_range_or_undeclared_are_refused() {
        let declared = [
            UciOption::parse("option name Hash type spin default 16 min 1 max 1024").unwrap(),
            UciOption::parse("option name Use NNUE type check default true").unwrap(),
            UciOption::parse("option name Style type combo default A var A var B").unwrap(),
        ];
        let opts = |pairs: &[(&str, &str)]| {
            pairs
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            check_options(
                &declared,
                &opts(&[("hash", "64"), ("Use NNUE", "false"), ("Style", "b")])
            ),
            Ok(())
        );
        assert_eq!(
            check_options(&declared, &opts(&[("Hash", "0")])),
            Err("option Hash=0: give a whole number in 1..=1024".to_string())
        );
        assert_eq!(
            check_options(&declared, &opts(&[("Foo", "1")])),
            Err("option Foo=1: the engine declares no option \"Foo\"".to_string())
        );
        assert!(check_options(&declared, &opts(&[("Use NNUE", "yes")])).is_err());
        assert!(check_options(&declared, &opts(&[("Style", "C")])).is_err());
    }
}
