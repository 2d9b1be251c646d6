//! The readers' refusals on real files: a file given twice, the cap, FIFOs, devices and
//! folders, directory scans. The fixtures are written through the foundation's own writer
//! (here, not beside the readers, so read.rs and write.rs stay one-way).
#![cfg(unix)]

use std::io;
use std::path::Path;

use ludomat_io::read::{bytes, capped, each, files_in, size, text};
use ludomat_io::write::atomically;

// A FIFO is made with the system's mkfifo.
#[allow(clippy::disallowed_methods)]
fn mkfifo(p: &Path) {
    assert!(std::process::Command::new("mkfifo")
        .arg(p)
        .status()
        .unwrap()
        .success());
}

/// Newcomer re-trial item 8: `threes summary a.csv a.csv` said "game 0 already read".
#[test]
fn a_file_given_twice_is_said_so_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.csv");
    atomically(&a, "x\n").unwrap();
    let link = dir.path().join("b.csv");
    std::os::unix::fs::symlink(&a, &link).unwrap();
    let mut read = 0;
    let e = each(&[a.clone(), a.clone()], |_, _| -> io::Result<()> {
        read += 1;
        Ok(())
    })
    .unwrap_err();
    assert_eq!(read, 0);
    let name = ludomat_io::text::path(&a);
    assert_eq!(
        e.to_string(),
        format!("{name} is given twice: each file is read once")
    );
    let e = each(&[a.clone(), link.clone()], |_, _| -> io::Result<()> {
        Ok(())
    })
    .unwrap_err()
    .to_string();
    assert!(e.contains("is given twice (also as"), "{e}");
    each(&[a], |_, _| -> io::Result<()> { Ok(()) }).unwrap();
}

#[test]
fn reading_stops_at_the_cap_and_refuses_special_files() {
    let e = bytes(Path::new("/dev/zero"), 1 << 20).unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::InvalidInput);
    assert!(e.to_string().contains("a character device"), "{e}");
    let e = capped(io::repeat(0), 1 << 20).unwrap_err();
    assert_eq!(e.to_string(), "longer than the 1 MiB allowed");
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("f");
    atomically(&f, b"12345").unwrap();
    assert_eq!(bytes(&f, 5).unwrap(), b"12345");
    assert!(bytes(&f, 4).is_err());
    let e = bytes(dir.path(), 4).unwrap_err();
    assert!(e.to_string().contains("a folder"), "{e}");
    // A FIFO is refused, not read as an empty file, nor waited on.
    let fifo = dir.path().join("fifo");
    mkfifo(&fifo);
    let e = bytes(&fifo, 4).unwrap_err();
    assert!(e.to_string().contains("is a FIFO"), "{e}");
    // A link to /dev/zero too.
    let zero = dir.path().join("zero.test");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    assert!(text(&zero, 4).is_err());
    atomically(&f, [0xff, 0xfe]).unwrap();
    assert!(text(&f, 5).is_err());
    assert_eq!(size(100), "100 bytes");
    assert_eq!(size(16 << 20), "16 MiB");
}

#[test]
fn a_scan_lists_regular_files_and_names_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    atomically(dir.path().join("b.test"), "x").unwrap();
    atomically(dir.path().join("a.test"), "x").unwrap();
    atomically(dir.path().join("a.bench"), "x").unwrap();
    mkfifo(&dir.path().join("c.test"));
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("d.test")).unwrap();
    let scan = files_in(dir.path(), "test").unwrap();
    let names: Vec<_> = scan
        .files
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["a.test", "b.test"]);
    assert_eq!(scan.refused.len(), 2);
    assert_eq!(scan.refused[0].1, "a FIFO");
    assert_eq!(scan.refused[1].1, "a character device");
}
