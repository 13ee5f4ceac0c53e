//! Closed sets of names for the procedures' inputs and outcomes: a `named!` enum has `ALL`,
//! `NAMES`, `name()`, `Display`, `FromStr` and serde by its name, so the command line, the
//! steps and the JSON spell it alike.

/// Defines a closed set of names with `name()`, `ALL`, `NAMES`, `Display`, `FromStr` and
/// serde by name.
macro_rules! named {
    ($(#[$doc:meta])* $ty:ident, $what:literal { $($(#[$vdoc:meta])* $variant:ident = $name:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $ty {
            $($(#[$vdoc])* $variant),+
        }

        impl $ty {
            /// Every value, in the order the help lists them.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];
            /// Every name, in the order the help lists them.
            pub const NAMES: &'static [&'static str] = &[$($name),+];

            /// The name used on the command line and in the JSON.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }

            /// The name as a step says it, in words: `regular-infantry` reads "regular
            /// infantry".
            pub fn words(self) -> String {
                self.name().replace('-', " ")
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $ty {
            type Err = String;

            fn from_str(text: &str) -> Result<$ty, String> {
                $ty::ALL
                    .iter()
                    .copied()
                    .find(|v| v.name() == text)
                    .ok_or_else(|| format!("'{text}' is not a {}: expected one of {}", $what, $ty::NAMES.join(", ")))
            }
        }

        $crate::ruleset::serde_by_name!($ty, name);
    };
}

pub(crate) use named;
