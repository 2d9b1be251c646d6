//! Issue 26: the binary only parses, reads input and prints — the machines' game flow and
//! long runs live in their libraries. This keeps `crates/cli/src` at most 5,000 lines.

use std::path::Path;

fn lines_under(dir: &Path) -> usize {
    let mut n = 0;
    for path in ludomat_io::read::entries(dir).expect("src reads") {
        if path.is_dir() {
            n += lines_under(&path);
        } else if path.extension().is_some_and(|e| e == "rs") {
            n += ludomat_io::read::to_string(&path)
                .expect("reads")
                .lines()
                .count();
        }
    }
    n
}

#[test]
fn the_binary_stays_thin() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let n = lines_under(&src);
    assert!(n > 1_000, "{n}: the count looks at the wrong folder");
    assert!(
        n <= 5_000,
        "crates/cli/src has {n} lines (at most 5,000): move game flow, runs and words into the machine's library"
    );
}
