//! The command line's door to the engine's domains ([`crate::bounds`]): each domain type
//! parses its flag through its own constructor, and every flag of a domain type states the
//! domain's range in its `--help`, written from the same bounds.

use crate::bounds::{
    ColourDice, Coordinate, Cost, Count, DieFace, Facing, Factor, GameNumber, HospitalBox, Hours,
    Millimetres, Place, Seed, Side, Strength, VictoryPoints, ZoneRange,
};
use clap::builder::ValueParserFactory;
use clap::{Arg, Command};

/// Lets clap parse a domain type with its own constructor (`#[arg(long)] ff:
/// Option<Strength>` needs no `value_parser`), and lists the types with their ranges.
macro_rules! domains {
    ($($name:ident),+ $(,)?) => {
        $(
            impl ValueParserFactory for $name {
                type Parser = fn(&str) -> Result<$name, String>;

                fn value_parser() -> Self::Parser {
                    |text| $name::parse(text).map_err(|e| e.to_string())
                }
            }
        )+

        /// The range of a flag's domain type, in words, when it has one.
        fn range_of(arg: &Arg) -> Option<String> {
            let id = arg.get_value_parser().type_id();
            $(
                if id == clap::builder::ValueParser::new(<$name as ValueParserFactory>::value_parser()).type_id() {
                    return Some($name::expected());
                }
            )+
            None
        }
    };
}

domains!(
    Strength,
    Count,
    Factor,
    Cost,
    Place,
    DieFace,
    ColourDice,
    HospitalBox,
    Seed,
    GameNumber,
    ZoneRange,
    VictoryPoints,
    Millimetres,
    Hours,
    Coordinate,
    Side,
    Facing,
);

/// The command with every domain flag's help ending in its range (`[a whole number from 0
/// to 100000]`), through every subcommand.
pub fn with_ranges(mut command: Command) -> Command {
    let ranged: Vec<(clap::Id, String)> = command
        .get_arguments()
        .filter_map(|arg| range_of(arg).map(|range| (arg.get_id().clone(), range)))
        .collect();
    for (id, range) in ranged {
        command = command.mut_arg(id, |arg| {
            let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
            let long = arg.get_long_help().map(ToString::to_string);
            let arg = arg.help(format!("{help} [{range}]"));
            match long {
                Some(long) => arg.long_help(format!("{long}\n\n[{range}]")),
                None => arg,
            }
        });
    }
    let names: Vec<String> = command
        .get_subcommands()
        .map(|sub| sub.get_name().to_owned())
        .collect();
    for name in names {
        command = command.mut_subcommand(name, with_ranges);
    }
    command
}

/// Whether a flag takes a bare number type (`u32`, `f64`), whose range its help cannot
/// state: every numeric flag is a domain type instead (a test walks the command tree).
pub fn is_bare_number(arg: &Arg) -> bool {
    use clap::builder::ValueParser;
    macro_rules! bare {
        ($($t:ty),+) => {
            [$(ValueParser::new(|s: &str| s.parse::<$t>().map_err(|e| e.to_string())).type_id()),+]
        };
    }
    let id = arg.get_value_parser().type_id();
    bare!(u8, u16, u32, u64, usize, i8, i16, i32, i64, f32, f64).contains(&id)
}
