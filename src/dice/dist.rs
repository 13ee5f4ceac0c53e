//! Exact discrete distributions over whole-number outcomes, built by enumeration and
//! convolution (never by simulation).

use crate::resolution::{Odds, OddsEntry};
use std::collections::BTreeMap;

/// A probability for each whole-number outcome; the probabilities sum to 1.
#[derive(Debug, Clone, PartialEq)]
pub struct Dist {
    probabilities: BTreeMap<i64, f64>,
}

impl Dist {
    /// A certain outcome.
    pub fn certain(value: i64) -> Dist {
        Dist {
            probabilities: BTreeMap::from([(value, 1.0)]),
        }
    }

    /// One fair six-sided die: 1..=6, each 1/6.
    pub fn d6() -> Dist {
        Dist::uniform(1..=6)
    }

    /// Equal chances over a range.
    pub fn uniform(values: std::ops::RangeInclusive<i64>) -> Dist {
        let n = values.clone().count() as f64;
        Dist {
            probabilities: values.map(|v| (v, 1.0 / n)).collect(),
        }
    }

    /// The sum of two independent outcomes.
    pub fn add(&self, other: &Dist) -> Dist {
        self.combine(other, |a, b| a + b)
    }

    /// Any function of two independent outcomes.
    pub fn combine(&self, other: &Dist, f: impl Fn(i64, i64) -> i64) -> Dist {
        let mut out = BTreeMap::new();
        for (&a, &pa) in &self.probabilities {
            for (&b, &pb) in &other.probabilities {
                *out.entry(f(a, b)).or_insert(0.0) += pa * pb;
            }
        }
        Dist { probabilities: out }
    }

    /// A function of the outcome.
    pub fn map(&self, f: impl Fn(i64) -> i64) -> Dist {
        let mut out = BTreeMap::new();
        for (&v, &p) in &self.probabilities {
            *out.entry(f(v)).or_insert(0.0) += p;
        }
        Dist { probabilities: out }
    }

    /// The sum of `n` independent copies (n = 0 gives a certain 0).
    pub fn repeat_sum(&self, n: usize) -> Dist {
        let mut total = Dist::certain(0);
        for _ in 0..n {
            total = total.add(self);
        }
        total
    }

    /// The number of successes in `n` independent trials that each succeed with
    /// probability `p` (a bucket of dice counting hits), exact to 1e-12 for any `n`.
    ///
    /// Built by the ratio recurrence P(k+1) = P(k)·(n−k)/(k+1)·p/(1−p), walked outward
    /// from the mode (where the terms are largest, so nothing overflows), then normalised:
    /// each term carries only a few hundred roundings of relative error.
    pub fn binomial(n: u32, p: f64) -> Dist {
        if p <= 0.0 {
            return Dist::certain(0);
        }
        if p >= 1.0 {
            return Dist::certain(i64::from(n));
        }
        let q = 1.0 - p;
        let n_f = f64::from(n);
        let mode = (((n_f + 1.0) * p).floor() as u32).min(n);
        let mut weights = vec![0.0_f64; n as usize + 1];
        weights[mode as usize] = 1.0;
        for k in mode..n {
            let ratio = f64::from(n - k) / f64::from(k + 1) * (p / q);
            weights[k as usize + 1] = weights[k as usize] * ratio;
        }
        for k in (1..=mode).rev() {
            let ratio = f64::from(k) / f64::from(n - k + 1) * (q / p);
            weights[k as usize - 1] = weights[k as usize] * ratio;
        }
        let total: f64 = weights.iter().sum();
        Dist {
            probabilities: weights
                .into_iter()
                .enumerate()
                .map(|(k, w)| (k as i64, w / total))
                .collect(),
        }
    }

    /// The highest of `n` independent copies (n = 0 gives a certain 0).
    pub fn highest_of(&self, n: usize) -> Dist {
        if n == 0 {
            return Dist::certain(0);
        }
        let mut best = self.clone();
        for _ in 1..n {
            best = best.combine(self, i64::max);
        }
        best
    }

    /// The probability of one outcome.
    pub fn p(&self, value: i64) -> f64 {
        self.probabilities.get(&value).copied().unwrap_or(0.0)
    }

    /// The probability that the outcome satisfies a test.
    pub fn p_where(&self, test: impl Fn(i64) -> bool) -> f64 {
        self.probabilities
            .iter()
            .filter(|(v, _)| test(**v))
            .map(|(_, p)| p)
            .sum()
    }

    /// The outcomes and their probabilities, ascending.
    pub fn iter(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        self.probabilities.iter().map(|(v, p)| (*v, *p))
    }

    /// The total probability (1 up to rounding).
    pub fn total(&self) -> f64 {
        self.probabilities.values().sum()
    }

    /// The odds JSON form, numeric values ascending, zero-probability outcomes left out.
    pub fn to_odds(&self) -> Odds {
        Odds {
            outcomes: self
                .iter()
                .filter(|(_, p)| *p > 0.0)
                .map(|(v, p)| OddsEntry {
                    value: v.into(),
                    probability: p,
                })
                .collect(),
        }
    }

    /// The odds of a yes/no outcome (false before true).
    pub fn bool_odds(p_true: f64) -> Odds {
        Odds {
            outcomes: vec![
                OddsEntry {
                    value: false.into(),
                    probability: 1.0 - p_true,
                },
                OddsEntry {
                    value: true.into(),
                    probability: p_true,
                },
            ],
        }
    }
}
