//! The terminal's face of a library long run (`ludomat_game::run`): an indicatif bar on
//! stderr fed by the run's progress reports, and Ctrl-C turned into the run's
//! cancellation flag for as long as the run lasts.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use ludomat_game::run::{Cancel, Progress, RunContext};

/// A progress bar for a run of `total` units (spinner when the total is unknown); hidden
/// when `quiet` or when stderr is not a terminal.
pub struct Bar {
    bar: ProgressBar,
}

impl Bar {
    /// A bar for `unit`s, `total` when known.
    pub fn new(unit: &str, total: Option<u64>, quiet: bool) -> Self {
        let bar = match total {
            _ if quiet => ProgressBar::hidden(),
            Some(t) => ProgressBar::with_draw_target(Some(t), ProgressDrawTarget::stderr()),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
        };
        let template = if total.is_some() {
            format!("{{bar:30}} {{human_pos}}/{{human_len}} {unit}  {{msg}}  eta {{eta}}")
        } else {
            format!("{{spinner}} {{human_pos}} {unit}  {{msg}}  {{elapsed}}")
        };
        bar.set_style(
            ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.enable_steady_tick(Duration::from_millis(250));
        Bar { bar }
    }

    /// Take one progress report: position, total and a rate in whole units per second,
    /// plus `extra` (a short line of the partial result) when given.
    pub fn update<P>(&self, p: &Progress<P>, extra: Option<String>) {
        if let Some(t) = p.total {
            self.bar.set_length(t);
        }
        self.bar.set_position(p.done);
        let rate = format_rate(p.rate());
        self.bar.set_message(match extra {
            Some(e) => format!("{rate}/s  {e}"),
            None => format!("{rate}/s"),
        });
    }

    /// Remove the bar from the terminal.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// A rate as a short whole number with a thousands separator: 949,423 (never decimals
/// above 10).
pub fn format_rate(rate: f64) -> String {
    if !rate.is_finite() || rate < 0.0 {
        return "–".into();
    }
    if rate < 10.0 {
        return format!("{rate:.1}");
    }
    let n = rate.round() as u64;
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A context for a run of `total` units, cancelled by Ctrl-C (the first press; a second
/// kills as usual), reporting to `watch`.
pub fn context<'a, P>(
    unit: &'static str,
    total: Option<u64>,
    watch: &'a mut ludomat_game::run::Watcher<'a, P>,
) -> RunContext<'a, P> {
    RunContext::new(unit, total)
        .with_cancel(ctrl_c_cancel())
        .watch(watch)
}

/// A cancellation flag raised by the next Ctrl-C while the run lasts.
pub fn ctrl_c_cancel() -> Cancel {
    crate::interrupt::catch_into(Cancel::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_short() {
        assert_eq!(format_rate(949_422.754_4), "949,423");
        assert_eq!(format_rate(3.25), "3.2");
        assert_eq!(format_rate(1234.0), "1,234");
        assert_eq!(format_rate(f64::NAN), "–");
    }
}
