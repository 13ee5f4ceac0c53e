//! Issue 39, "a test asserts that every procedure of the description is a subcommand and
//! a desk form": the engine's list of procedures (`rules::catalogue`) against the command
//! line's subcommands, read from `laager`'s own clap tree, both ways. The desk's side is in
//! app-tests (`app_desk::every_procedure_of_the_catalogue_is_on_the_desk`).

use crate::support::{laager, stdout};
use clap::CommandFactory;
use laager::cli::Cli;
use laager::rules::{Description, catalogue};
use laager::ruleset::Ruleset;
use std::collections::BTreeSet;

/// Every leaf subcommand under `laager <group>`, as the words after the group
/// (`fire`, `rd break-in`).
fn leaves(command: &clap::Command, prefix: &str, out: &mut BTreeSet<String>) {
    for sub in command.get_subcommands() {
        let name = sub.get_name();
        if name == "help" {
            continue;
        }
        let words = if prefix.is_empty() {
            name.to_owned()
        } else {
            format!("{prefix} {name}")
        };
        if sub.has_subcommands() {
            leaves(sub, &words, out);
        } else {
            out.insert(words);
        }
    }
}

#[test]
fn every_procedure_is_a_subcommand_and_every_subcommand_a_procedure() {
    let cli = Cli::command();
    for ruleset in Ruleset::ALL {
        let group = cli
            .find_subcommand(ruleset.short())
            .unwrap_or_else(|| panic!("laager {} is missing", ruleset.short()));
        let mut subcommands = BTreeSet::new();
        leaves(group, "", &mut subcommands);
        let described: BTreeSet<String> = laager::rules::descriptions(ruleset)
            .iter()
            .map(|d| d.command.to_owned())
            .collect();
        assert_eq!(
            subcommands,
            described,
            "laager {}: the subcommands are not the engine's procedures",
            ruleset.short()
        );
    }
    // Micro Colonial's 25, DBA's 3, Victoria Cross II's 17, Soldiers of the Queen's 11.
    assert_eq!(catalogue().len(), 56);
}

#[test]
fn each_procedure_has_one_name_one_label_and_one_command_in_its_ruleset() {
    for ruleset in Ruleset::ALL {
        let all: Vec<Description> = laager::rules::descriptions(ruleset);
        for (field, pick) in [
            (
                "name",
                (|d: &Description| d.name) as fn(&Description) -> &'static str,
            ),
            ("label", |d| d.label),
            ("command", |d| d.command),
        ] {
            let distinct: BTreeSet<&str> = all.iter().map(pick).collect();
            assert_eq!(
                distinct.len(),
                all.len(),
                "{}: a {field} twice",
                ruleset.id()
            );
        }
    }
}

/// `--unit ROLE=ID` takes the roles the engine describes: one it does not list is refused,
/// naming the ones it has.
#[test]
fn unit_flags_take_exactly_the_roles_described() {
    let described = catalogue();
    let melee = described
        .iter()
        .find(|d| d.ruleset == Ruleset::MicroColonial && d.name == "melee")
        .expect("mc melee is described");
    assert_eq!(melee.roles, ["a", "b"]);
    let layout = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/mc_situation.json"
    );
    let out = laager()
        .args([
            "mc", "melee", "--layout", layout, "--unit", "gunner=a", "--seed", "1",
        ])
        .output()
        .expect("laager runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "'gunner' is not a role of this procedure: expected {}",
            melee.roles.join(", ")
        )),
        "{err}"
    );
}

/// RANDOM FACTOR: "the black dice count plus, the red dice minus": B4 and R2 give +2, and
/// with one die of each the lowest of the 36 throws is 1 - 6 = -5, 1 chance in 36.
#[test]
fn the_random_factor_is_a_subcommand_of_its_own() {
    let out = laager()
        .args(["mc", "random-factor", "--dice", "B4,R2", "--json"])
        .output()
        .expect("laager runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(json["outcome"]["random_factor"], 2);
    assert_eq!(json["procedure"], "random-factor");

    let out = laager()
        .args(["mc", "random-factor", "--odds"])
        .output()
        .expect("laager runs");
    let text = stdout(&out);
    let first = text
        .lines()
        .nth(2)
        .expect("the first outcome's line")
        .split_whitespace()
        .collect::<Vec<_>>();
    // The sign stays: a random factor of -5, not " 5".
    assert_eq!(first[..2], ["-5", "2.8%"], "{text}");
}
