//! `write::write_atomically` under `kill -9` (issue 31): a writer killed at random moments
//! during its saves always leaves the old file or the new one, whole — never a mixture,
//! never a truncated file. Every save of the binary goes through it (MENACE and HER
//! states, Threes! records and summaries, certificates, kits, relay images).

use std::io::BufReader;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use ludomat_io::read::{self, Lines};
use ludomat_io::write::write_atomically;
use ludomat_io::{child, outln};

/// Save number `n`: `n` repeated over a length that changes with `n` (so that a cut or a
/// mixture of two saves never reads as a whole one).
fn contents(n: u64) -> Vec<u8> {
    let len = 200_000 + (n % 7) as usize * 50_000;
    let mut v = format!("{n}\n").into_bytes();
    let fill = b'a' + (n % 26) as u8;
    v.resize(len, fill);
    v
}

/// Which save the file holds, or why it is none.
fn which(bytes: &[u8]) -> Result<u64, String> {
    let line = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    let n: u64 = std::str::from_utf8(line)
        .ok()
        .and_then(|t| t.parse().ok())
        .ok_or_else(|| format!("no save number at the start ({} bytes)", bytes.len()))?;
    if bytes == contents(n).as_slice() {
        Ok(n)
    } else {
        Err(format!("save {n} is not whole ({} bytes)", bytes.len()))
    }
}

/// The child side: save 0, 1, 2 … as fast as it can, printing each number saved.
#[test]
fn child_saves_until_killed() {
    let Ok(path) = std::env::var("LUDOMAT_ATOMIC_KILL_CHILD") else {
        return;
    };
    let path = Path::new(&path);
    let mut n = read::bytes(path, read::TEXT_CAP)
        .ok()
        .and_then(|b| which(&b).ok())
        .map_or(0, |n| n + 1);
    loop {
        write_atomically(path, &contents(n), ".atomic-").unwrap();
        outln!("saved {n}");
        n += 1;
    }
}

#[cfg(unix)]
#[test]
fn killed_during_saves_the_file_is_the_old_one_or_the_new_one() {
    use rand::{Rng, SeedableRng};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.bin");
    let exe = std::env::current_exe().unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
    for round in 0..24 {
        let mut child = child::spawn(
            Command::new(&exe)
                .args([
                    "child_saves_until_killed",
                    "--exact",
                    "--nocapture",
                    "--test-threads=1",
                ])
                .env("LUDOMAT_ATOMIC_KILL_CHILD", &path)
                .stdout(Stdio::piped())
                .stderr(Stdio::null()),
        )
        .unwrap();
        let mut lines = Lines::new(BufReader::new(child.stdout.take().unwrap()));
        let mut saved = None;
        for line in lines.by_ref() {
            if let Some(n) = line.unwrap().strip_prefix("saved ") {
                saved = Some(n.trim().parse::<u64>().unwrap());
                break;
            }
        }
        std::thread::sleep(Duration::from_micros(rng.gen_range(0..20_000)));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        for line in lines.map_while(Result::ok) {
            if let Some(n) = line.strip_prefix("saved ") {
                saved = Some(n.trim().parse().unwrap());
            }
        }
        let saved = saved.expect("the child saved at least once");
        let n = which(&read::bytes(&path, read::TEXT_CAP).unwrap())
            .unwrap_or_else(|e| panic!("round {round}: after kill -9 the file is broken: {e}"));
        assert!(
            n == saved || n == saved + 1,
            "round {round}: save {saved} was reported, the file holds save {n}"
        );
    }
    // The next save removes the temporary files the kills left.
    write_atomically(&path, &contents(0), ".atomic-").unwrap();
    let left: Vec<String> = read::entries(dir.path())
        .unwrap()
        .iter()
        .map(|e| e.file_name().unwrap().to_string_lossy().into_owned())
        .filter(|n| n != "state.bin")
        .collect();
    assert!(left.is_empty(), "{left:?}");
}
