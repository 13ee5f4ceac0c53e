//! Typed dice faces (`--dice B4,R2`, `1,1,3,5,6`). The first byte says what throw to ask
//! the parsed faces for (how many dice, which colours); the rest is the text typed.
#![no_main]

use laager::dice::{DiceChoice, DiceSource, EnteredDice};
use laager::resolution::Colour;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&shape, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let count = usize::from(shape & 0b111);
    let colours: Vec<Option<Colour>> = (0..count)
        .map(|i| match (shape >> 3) & 0b11 {
            0 => None,
            1 => Some(Colour::Black),
            2 => Some(Colour::Red),
            _ if i % 2 == 0 => Some(Colour::Black),
            _ => Some(Colour::Red),
        })
        .collect();
    if let Ok(mut dice) = EnteredDice::parse(text) {
        let _ = dice.throw(&colours);
        let _ = dice.throw(&colours);
        let _ = dice.unused();
    }
    if let Ok(mut source) = DiceChoice::from_flags(Some(text), None).source() {
        let _ = source.throw(&colours);
    }
});
