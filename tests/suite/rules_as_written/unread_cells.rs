//! Case 3: a setting typed with `--cell` and read by the resolution is not called unread.
//! One command for each procedure that reads a setting, the setting given as a club would
//! give it: the resolution says it used the club's value, and never that the cell "was not
//! read by it".

use super::{json, warnings};
use crate::support::tables_dir;

fn club() -> String {
    tables_dir()
        .join("../tests/fixtures/sotq_club")
        .to_str()
        .expect("utf-8")
        .to_owned()
}

/// Each command, with the setting it is given.
fn commands() -> Vec<(Vec<String>, &'static str)> {
    let club = club();
    let mc_fire = "mc fire --firer regular-infantry --weapon rifle --fire volley --firer-ff 100 --two-unit-rear-ff 80 --range-mm 222.5 --target-ff 950 --target native-close-order-in-open --cell weapon_ranges:rifle=400 --cell small_arms_range_factors:140:volley-300=42 --cell small_arms_target_factors:native-close-order-in-open-volley:700-999=-10 --dice B4,R2";
    let rd_fire = "mc rd fire --firer regular-infantry --weapon rifle --fire volley --range-mm 150 --target-ff 900 --target native-close-order-in-open --section 10 --section 9 --section 8 --cell weapon_ranges:rifle=400 --cell small_arms_target_factors:native-close-order-in-open-volley:700-999=+5 --cell small_arms_range_factors:27:volley-200=+45 --dice B4,R2 --zulu-inside-perimeter";
    let table1 = "melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry=+3/-4";
    let cases: Vec<(String, &str)> = vec![
        // Micro Colonial.
        ("mc loss-factor --initial-ff 400 --present-ff 300".to_owned(), "settings:loss_table_orientation=A"),
        ("mc morale --troop zulu --class native --initial-ff 100 --present-ff 100 --cell morale_random_factor:zulu:3=0 --cell morale_results:under-30:native=break --dice 3".to_owned(), "settings:loss_table_orientation=A"),
        (mc_fire.to_owned(), "settings:rounding=up"),
        ("mc artillery --gun 6-7pdr --ammo shell --range-mm 225.236 --gun-ff 40 --target close-order-native --cell artillery_shell:400:close-order-native-6-7pdr=12 --cell artillery_tactical_factors:random-factor-maximum=15 --dice B5,R1".to_owned(), "settings:rounding=up"),
        (format!("mc melee --a-ff 805 --a-type native-fanatic-infantry --b-ff 100 --b-type regular-infantry --cell {table1} --dice B4,R2,B3,R1"), "settings:rounding=up"),
        ("mc evade --evader open-order".to_owned(), "settings:rounding=up"),
        ("mc evade --evader artillery-crew --gun gatling".to_owned(), "settings:evading_crew_limbered=normal-less-limber"),
        ("mc move --troop native-cavalry --mode charge".to_owned(), "settings:native_cavalry_charge_mm=140"),
        ("mc move --troop field-gun --terrain broken-ground".to_owned(), "settings:field_guns_in_broken_ground=no-penalty"),
        ("mc rd z-marker --zulu-ff 950".to_owned(), "settings:rounding=up"),
        ("mc rd move --side zulu --inside-perimeter".to_owned(), "settings:rounding=up"),
        (format!("mc rd melee --zulu-ff 950 --section 10 --cell {table1} --dice B4,R2,B3,R1"), "settings:rounding=up"),
        ("mc rd melee --zulu-ff 950 --section 10 --counter-attack --cell melee_infantry_v_infantry:regular-infantry:native-fanatic-infantry=+1/-2 --dice B5,B2,R1,B3,R1".to_owned(), "settings:same_colour_dice=highest"),
        (rd_fire.to_owned(), "settings:rounding=up"),
        // DBA-style Zulu.
        ("dba combat --kind close --a zulus --b british-regulars --dice 4,3,6,1".to_owned(), "settings:ties=reroll"),
        ("dba combat --kind ranged --a british-regulars --b zulus --range-mm 140 --dice 4,3".to_owned(), "settings:figure_scale=25mm"),
        ("dba combat --kind ranged --a british-regulars --b zulus --range-mm 100 --scale 25mm --dice 4,3".to_owned(), "settings:scale_distances=no"),
        // Soldiers of the Queen.
        ("sotq range --from 2525 --to 2424".to_owned(), "settings:shifted_columns=odd"),
        (format!("sotq fire --game omdurman --firer name=X,strength=10,weapon=S,range=1,nationality=regular --target name=a,morale=A --target name=b,morale=A --target name=c,morale=C --dice 4,3 --tables {club}"), "settings:fire_beyond_last_column=last-column"),
        (format!("sotq fire --game omdurman --firer name=L,strength=2,weapon=S,range=1,nationality=regular,arm=cavalry,mounted --firer name=R,strength=2,weapon=S,range=1,nationality=regular --target name=a,morale=A --dice 4 --tables {club}"), "settings:mixed_mounted_fire=all"),
        // Victoria Cross II.
        ("vc melee --battle isandlwana --side british --sp 4 --in-laager-camp --dice 4,4,5,6".to_owned(), "settings:british_laager_camp=on"),
        ("vc melee --battle isandlwana --side british --into 15 --from 14=4 --dice 4,4,5,6".to_owned(), "settings:british_laager_camp=on"),
        ("vc ammo --ones 2 --from 14 --dice 1,1".to_owned(), "settings:british_laager_camp=on"),
        ("vc random-fire --battle isandlwana --dice 6,6,6,6,6,6".to_owned(), "settings:zulu_firepower=zulu-advantage"),
        ("vc random-fire --battle isandlwana --dice 6,6,6,6,6,6,6,6".to_owned(), "settings:solitaire=on"),
        ("vc zulu-reentry --on-board-sp 90 --loss-track-sp 10".to_owned(), "settings:zulu_extra_sp=on"),
        ("vc victory --battle isandlwana --turn 5 --british-sp 20 --zulu-vp 10".to_owned(), "settings:zulu_vp_to_win_extra=2"),
        ("vc victory --battle isandlwana --turn 5 --british-sp 20 --zulu-vp 10".to_owned(), "settings:zulu_vp_victory=off"),
        ("vc victory --battle isandlwana --turn 16 --british-sp 20 --zulu-vp 1".to_owned(), "settings:alternate_victory=on"),
        ("vc victory-points --battle isandlwana --turn 14 --british-exited-sp 12".to_owned(), "settings:isandlwana_exit_victory=on"),
        ("vc solitaire-movement --zulu-on-right --dice 1".to_owned(), "settings:solitaire_off_chart=clamp"),
    ];
    cases
        .into_iter()
        .map(|(command, cell)| {
            let mut args: Vec<String> = command.split(' ').map(str::to_owned).collect();
            args.extend(["--cell".to_owned(), cell.to_owned()]);
            (args, cell)
        })
        .collect()
}

#[test]
fn a_setting_typed_and_read_is_never_called_unread() {
    for (args, cell) in commands() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, v) = json(&args);
        assert_eq!(code, Some(0), "{args:?}: {v}");
        let address = cell.split('=').next().expect("an address");
        let said = warnings(&v);
        assert!(
            !said.iter().any(|w| w.contains("was not read")),
            "{args:?}: {said:?}"
        );
        assert!(
            said.iter()
                .any(|w| w.starts_with(&format!("used club value for {address}"))
                    || w.starts_with(&format!("used club setting {address} "))),
            "{args:?}: the setting's use is said: {said:?}"
        );
    }
}

// A setting typed that the resolution truly does not read still says so: the ammunition
// check at a distance given reads no laager.
#[test]
fn a_setting_typed_and_not_read_is_still_named() {
    let (code, v) = json(&[
        "vc",
        "ammo",
        "--ones",
        "2",
        "--distance",
        "3",
        "--dice",
        "1,4",
        "--cell",
        "settings:british_laager_camp=on",
    ]);
    assert_eq!(code, Some(0), "{v}");
    assert!(
        warnings(&v).iter().any(|w| w
            == "the cell settings:british_laager_camp typed for this resolution was not read by it: its value was not used"),
        "{:?}",
        warnings(&v)
    );
}
