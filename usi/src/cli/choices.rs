//! The flags whose value is one of a list of names (a notation style, a record format, a
//! board style): each is read by a parser that also hands clap its list, so that `--help`
//! and the error for an unknown name show the list the parser accepts and cannot drift from
//! it.

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use core::marker::PhantomData;
use core::str::FromStr;
use tokin_notation::Style;
use tokin_notation::record::Format;

/// Reads a `T` by its [`FromStr`] (which may take other spellings too, such as `ki2` for
/// `japanese`), and names the values of `T` as `names` lists them.
pub struct Choice<T> {
    names: fn() -> Vec<&'static str>,
    value: PhantomData<fn() -> T>,
}

// Derived `Clone` would ask `T: Clone` of the marker alone.
impl<T> Clone for Choice<T> {
    fn clone(&self) -> Self {
        Choice {
            names: self.names,
            value: PhantomData,
        }
    }
}

impl<T> Choice<T> {
    /// A parser naming the values `names` lists.
    pub fn new(names: fn() -> Vec<&'static str>) -> Choice<T> {
        Choice {
            names,
            value: PhantomData,
        }
    }
}

impl<T: FromStr + Clone + Send + Sync + 'static> TypedValueParser for Choice<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        if let Some(v) = value.to_str().and_then(|s| s.parse().ok()) {
            return Ok(v);
        }
        let mut err = clap::Error::new(ErrorKind::InvalidValue).with_cmd(cmd);
        let arg = arg.map_or_else(|| "...".to_string(), ToString::to_string);
        let names = (self.names)().into_iter().map(str::to_string).collect();
        for (kind, context) in [
            (ContextKind::InvalidArg, ContextValue::String(arg)),
            (
                ContextKind::InvalidValue,
                ContextValue::String(value.to_string_lossy().into_owned()),
            ),
            (ContextKind::ValidValue, ContextValue::Strings(names)),
        ] {
            err.insert(kind, context);
        }
        Err(err)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.names)().into_iter().map(PossibleValue::new)))
    }
}

/// A notation style (`--style`, `--from`, `--to` of the move tools): every style.
pub fn style() -> Choice<Style> {
    Choice::new(|| Style::ALL.iter().map(|s| s.name()).collect())
}

/// Every record format `convert` reads and writes.
pub const RECORD_FORMATS: [Format; 7] = [
    Format::Kif,
    Format::Ki2,
    Format::Csa,
    Format::Jkf,
    Format::Psn,
    Format::Email,
    Format::Usi,
];

/// A record format (`convert --from`, `--to`).
pub fn record_format() -> Choice<Format> {
    Choice::new(|| RECORD_FORMATS.iter().map(|f| f.name()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_a_file_name_gives_is_listed() {
        // Every extension the readers know, as `Format::from_extension` takes it.
        for ext in [
            "csa", "usi", "sfen", "jkf", "json", "kif", "kifu", "ki2", "ki2u", "psn", "pgn",
            "email", "mail",
        ] {
            let f = Format::from_extension(ext).unwrap();
            assert!(RECORD_FORMATS.contains(&f), "{ext}: {f}");
        }
    }

    #[test]
    fn an_unknown_name_is_refused_with_the_list() {
        let cmd = clap::Command::new("t").arg(clap::Arg::new("to").long("to"));
        let err = style()
            .parse_ref(&cmd, None, std::ffi::OsStr::new("bogus"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("bogus"), "{err}");
        assert!(
            err.contains("correspondence") && err.contains("server"),
            "{err}"
        );
        assert_eq!(
            style()
                .parse_ref(&cmd, None, std::ffi::OsStr::new("ki2"))
                .unwrap(),
            Style::Japanese
        );
    }
}
