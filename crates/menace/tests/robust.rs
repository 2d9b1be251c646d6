//! Hostile state files and hostile interruptions: out-of-range numbers are refused with
//! the field named, saving writes through a symbolic link and keeps permissions, and a
//! process killed (`SIGKILL`) at random moments while it trains and saves always leaves a
//! file that loads, losing at most the game in progress.

use ludomat_io::child::Run as _;
use std::io::BufReader;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use ludomat_game::Player;
use ludomat_menace::{Menace, Opponent, Rules, StateError};

fn trained(games: u64) -> Menace {
    let mut m = Menace::new(Rules::source(), 5);
    let mut o = Opponent::random(6);
    for _ in 0..games {
        m.train_game(&mut o, Player::First);
    }
    m
}

fn load_text(text: &str) -> StateError {
    Menace::from_json(text, Path::new("state.json")).unwrap_err()
}

#[test]
fn out_of_range_numbers_are_refused_naming_the_field() {
    let good = trained(5).to_json();
    assert!(good.contains("\"empty_box\":{\"refill\":3}"), "{good}");

    // a refill that would take hours, bead by bead
    let e = load_text(&good.replace("{\"refill\":3}", "{\"refill\":4000000000}"));
    assert!(
        e.to_string()
            .contains("rules: refill 4,000,000,000 is more than the limit"),
        "{e}"
    );

    // bead totals that wrap a 32-bit sum
    let key = "\"picture\":\"...\\/...\\/...\",\"beads\":[";
    let key = if good.contains(key) {
        key.to_string()
    } else {
        "\"picture\":\".../.../...\",\"beads\":[".to_string()
    };
    let at = good.find(&key).expect("the first box") + key.len();
    let end = at + good[at..].find(']').unwrap();
    let full = format!(
        "{}{}{}",
        &good[..at],
        ["4000000000"; 9].join(","),
        &good[end..]
    );
    let e = load_text(&full);
    assert!(
        e.to_string()
            .contains("boxes.first[0] (.../.../...) holds 36,000,000,000 beads in all"),
        "{e}"
    );

    // record counts whose sum wraps
    let e = load_text(&good.replacen("\"wins\":", "\"wins\":18446744073709551615,\"x\":", 1));
    assert!(
        e.to_string()
            .contains("record.first (18,446,744,073,709,551,615 wins"),
        "{e}"
    );

    // a wrong type names the field's path
    let e = load_text(&good.replacen("\"win\":1", "\"win\":\"lots\"", 1));
    assert!(e.to_string().contains("rules.win"), "{e}");
}

#[cfg(unix)]
#[test]
fn saving_writes_through_a_symbolic_link_and_keeps_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real").join("menace.json");
    std::fs::create_dir(dir.path().join("real")).unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink("real/menace.json", &link).unwrap();
    let m = trained(3);
    // a link to nothing is refused, never followed to make the file where it points
    let e = m.save(&link).unwrap_err().to_string();
    assert!(e.contains("a dangling symbolic link to"), "{e}");
    assert!(!real.exists());
    m.save(&real).unwrap();
    m.save(&link).unwrap();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(Menace::load(&real).unwrap(), m);
    // neither a temporary file's 0600 nor the usual umask's 0644: only a save that copies
    // the old file's mode keeps it
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
    trained(4).save(&link).unwrap();
    let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(Menace::load(&link).unwrap(), trained(4));
}

#[cfg(target_os = "linux")]
#[test]
fn temporary_files_of_dead_writers_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("menace.json");
    // pid 2^22 + 1 is above Linux's largest pid: no such process
    let stale = dir.path().join(".menace-4194305-abcd.tmp");
    ludomat_io::write::atomically(&stale, "{\"format\": \"ludo").unwrap();
    let unrelated = dir.path().join("notes.tmp");
    ludomat_io::write::atomically(&unrelated, "mine").unwrap();
    trained(2).save(&path).unwrap();
    assert!(!stale.exists());
    assert!(unrelated.exists());
    let names: Vec<_> = ludomat_io::read::dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

/// The child side of the kill test: train and save after every game, printing the games
/// saved, until killed.
#[test]
fn child_trains_and_saves_until_killed() {
    let Ok(path) = std::env::var("LUDOMAT_MENACE_KILL_CHILD") else {
        return;
    };
    let path = Path::new(&path);
    let mut m = Menace::load(path).unwrap_or_else(|_| Menace::new(Rules::source(), 9));
    let mut o = Opponent::random(m.games());
    loop {
        m.train_game(&mut o, Player::First);
        m.save(path).unwrap();
        ludomat_io::outln!("saved {}", m.games());
    }
}

#[cfg(unix)]
#[test]
fn killed_at_random_moments_the_file_always_loads() {
    use rand::{Rng, SeedableRng};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("menace.json");
    let exe = std::env::current_exe().unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(14);
    let mut kills = 0;
    for round in 0..24 {
        let mut child = Command::new(&exe)
            .args([
                "child_trains_and_saves_until_killed",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("LUDOMAT_MENACE_KILL_CHILD", &path)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .start()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        // wait until it has saved at least once, then kill it a random moment later
        let mut lines = ludomat_io::read::Lines::new(BufReader::new(stdout));
        let mut saved = 0u64;
        for line in lines.by_ref() {
            if let Some(n) = line.unwrap().strip_prefix("saved ") {
                saved = n.trim().parse().unwrap();
                break;
            }
        }
        std::thread::sleep(Duration::from_micros(rng.gen_range(0..20_000)));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        for line in lines.map_while(Result::ok) {
            if let Some(n) = line.strip_prefix("saved ") {
                saved = n.trim().parse().unwrap();
            }
        }
        kills += 1;
        let m = Menace::load(&path)
            .unwrap_or_else(|e| panic!("round {round}: the file does not load after kill -9: {e}"));
        assert!(
            m.games() >= saved,
            "round {round}: {saved} games were reported saved, the file has {}",
            m.games()
        );
        assert!(
            m.games() <= saved + 1,
            "round {round}: at most the game in progress is new"
        );
    }
    assert!(kills >= 20);
    // the next save removes whatever temporary files the kills left
    Menace::load(&path).unwrap().save(&path).unwrap();
    let left: Vec<_> = ludomat_io::read::dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left.len(), 1, "{left:?}");
}
