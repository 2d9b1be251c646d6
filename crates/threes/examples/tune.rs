use ludomat_threes::*;
fn main() {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<u32> = raw[..3].iter().map(|s| s.parse().unwrap()).collect();
    let (games, depth, rounds) = (args[0], args[1] as u8, args[2]);
    let start: Weights = raw
        .get(3)
        .map_or(Weights::default(), |j| serde_json::from_str(j).unwrap());
    println!(
        "start {start}: {}",
        autoplay::mean_score(start, games, depth, 77)
    );
    let (w, m, _) = autoplay::tune(start, games, depth, rounds, 77, |s| println!("{s:?}"));
    println!("best {w}: {m}\n{}", serde_json::to_string(&w).unwrap());
}
