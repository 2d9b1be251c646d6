//! The session's long run `verify`: the relay circuit (the session's netlist, or the
//! built-in one) checked against the behavioural model over every position the model
//! can face — 690 for the Computox — with the hazard report, as `ludomat computox verify`
//! does ([`crate::circuit::verify`]). The museum's Computox exhibit shows it live.

use ludomat_game::run::{Cancel, Ended, Progress};
use ludomat_game::watched_as_json;
use ludomat_game::{LongRun, SessionError};

use crate::circuit::{expected_positions, verify, Mode, Netlist, Timing, VerifyProgress};
use crate::plan::ContactPlan;

/// The check, ready to run off the session.
pub(super) struct VerifyRun {
    pub(super) netlist: Netlist,
    pub(super) timing: Timing,
}

impl LongRun for VerifyRun {
    fn run(
        self: Box<Self>,
        cancel: Cancel,
        watch: &mut dyn FnMut(&Progress<serde_json::Value>),
    ) -> Result<serde_json::Value, SessionError> {
        let (agreement, ended) = watched_as_json("positions", cancel, watch, |ctx| {
            verify(&self.netlist, self.timing, ctx)
        })
        .map_err(|e| SessionError::Failed(format!("verify: {e}")))?;
        let plan = ContactPlan::COMPUTOX;
        let expected = Mode::ALL.map(|mode| expected_positions(&plan, mode));
        let report = VerifyProgress::of(&agreement, expected);
        let mut json = serde_json::to_value(&report)
            .map_err(|e| SessionError::Failed(format!("verify: {e}")))?;
        if let Some(o) = json.as_object_mut() {
            o.insert("positions".into(), agreement.positions.into());
            o.insert("clean".into(), agreement.clean().into());
            o.insert("cancelled".into(), (ended == Ended::Cancelled).into());
        }
        Ok(json)
    }
}
