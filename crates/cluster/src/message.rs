//! The messages between the master and its workers, and their wire form.
//!
//! The seed's cluster framed each message with four characters giving the body's length;
//! MPI (and a channel between threads) frames messages itself, so a message here is just
//! its body: the [`postcard`] encoding of a [`ToWorker`] or [`ToMaster`]. The settings, the
//! jobs and the results are the application's own serialisable types (`S`, `J`, `R`);
//! floating-point numbers travel as their exact bits.

use std::time::Duration;

/// From the master to a worker.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum ToWorker<S, J> {
    /// Work like this from now on.
    Setup(S),
    /// Do this job.
    Job(J),
    /// Answer at once (measures the message round trip).
    Ping(Vec<u8>),
    /// The run is over: leave.
    Stop,
}

/// From a worker to the master.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum ToMaster<R> {
    /// Idle: send me work (the seed's READY). Sent once at the start; a result says it
    /// again.
    Ready,
    /// A job's result, the wall-clock time and the CPU time the worker spent on it; the
    /// worker is idle again.
    Done {
        /// The result.
        result: R,
        /// Wall-clock time of the job.
        busy: Duration,
        /// CPU time of the worker's thread during the job.
        cpu: Duration,
    },
    /// The answer to a ping, with its payload.
    Pong(Vec<u8>),
    /// The worker cannot go on; the run must end.
    Failed(String),
}

/// A message that could not be encoded or decoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct WireError(String);

/// The wire form of a message.
///
/// # Errors
/// When the message cannot be encoded (a type whose serialisation fails).
pub fn encode<T: serde::Serialize>(message: &T) -> Result<Vec<u8>, WireError> {
    postcard::to_stdvec(message).map_err(|e| WireError(format!("cannot encode a message: {e}")))
}

/// A message from its wire form.
///
/// # Errors
/// When the bytes are not a message of this kind (named in the error, with their length).
pub fn decode<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, WireError> {
    postcard::from_bytes(bytes).map_err(|e| {
        WireError(format!(
            "a {}-byte message is not a {}: {e}",
            bytes.len(),
            short_name::<T>()
        ))
    })
}

/// `ToWorker` for `ludomat_cluster::message::ToWorker<…>`.
fn short_name<T>() -> &'static str {
    let full = std::any::type_name::<T>();
    let base = full.split('<').next().unwrap_or(full);
    base.rsplit("::").next().unwrap_or("message")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_survive_the_wire() {
        let m: ToWorker<u8, (u32, f64)> = ToWorker::Job((7, 1.0 / 3.0));
        let back: ToWorker<u8, (u32, f64)> = decode(&encode(&m).unwrap()).unwrap();
        assert_eq!(back, m);
        let r: ToMaster<Vec<u64>> = ToMaster::Done {
            result: vec![1, u64::MAX],
            busy: Duration::from_micros(1_234),
            cpu: Duration::from_nanos(5),
        };
        assert_eq!(
            decode::<ToMaster<Vec<u64>>>(&encode(&r).unwrap()).unwrap(),
            r
        );
        // READY is one byte, as small as the seed's
        assert_eq!(encode(&ToMaster::<u8>::Ready).unwrap().len(), 1);
    }

    #[test]
    fn garbage_is_named_not_obeyed() {
        let e = decode::<ToWorker<u8, u8>>(&[0xff, 0xff, 0xff]).unwrap_err();
        assert!(
            e.to_string().contains("3-byte message is not a ToWorker"),
            "{e}"
        );
        assert!(decode::<ToMaster<u8>>(&[]).is_err());
    }
}
