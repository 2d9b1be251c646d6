use ludomat_game::{seed, Outcome, Player};
use ludomat_menace::*;
fn main() {
    println!("second {:?}", BoxIndex::of(Player::Second).counts_by_move());
    for preset in [Preset::Seed, Preset::Michie] {
        let runs = 201;
        let games = 5000;
        let mut total_losses_list = vec![];
        let mut last_loss_list = vec![];
        let mut losses_before_200 = vec![];
        for r in 0..runs {
            let mut rules = preset.rules();
            if let Ok(v) = std::env::var("START") {
                rules.starting_beads = v.parse().unwrap();
            }
            let mut m = Menace::new(rules, seed::derive(100, r));
            let mut o = Opponent::perfect(seed::derive(200, r));
            let mut losses = 0u64;
            let mut last = 0u64;
            let mut streak_losses = None;
            let mut since = 0u64;
            for g in 1..=games {
                let out = m.train_game(&mut o, Player::First);
                if out == Outcome::Win(Player::Second) {
                    losses += 1;
                    last = g;
                    since = 0;
                } else {
                    since += 1;
                    if since == 200 && streak_losses.is_none() {
                        streak_losses = Some(losses);
                    }
                }
            }
            total_losses_list.push(losses);
            last_loss_list.push(last);
            losses_before_200.push(streak_losses.unwrap_or(9999));
        }
        total_losses_list.sort();
        last_loss_list.sort();
        losses_before_200.sort();
        let med = |v: &Vec<u64>| v[v.len() / 2];
        println!("{preset}: median total losses in {games}: {} (q10 {} q90 {}), median last loss {} (q90 {}), median losses before first 200-game lossless run {}", med(&total_losses_list), total_losses_list[runs as usize/10], total_losses_list[runs as usize*9/10], med(&last_loss_list), last_loss_list[runs as usize*9/10], med(&losses_before_200));
    }
    // random
    let runs = 100;
    let mut w = 0;
    let mut d = 0;
    let mut l = 0;
    let mut w1 = 0;
    let mut d1 = 0;
    let mut l1 = 0;
    for r in 0..runs {
        let mut m = Menace::new(Rules::seed(), seed::derive(300, r));
        let mut o = Opponent::random(seed::derive(400, r));
        for g in 1..=2000 {
            let out = m.train_game(&mut o, Player::First);
            if g <= 100 {
                match out {
                    Outcome::Win(Player::First) => w1 += 1,
                    Outcome::Draw => d1 += 1,
                    _ => l1 += 1,
                }
            }
            if g > 1900 {
                match out {
                    Outcome::Win(Player::First) => w += 1,
                    Outcome::Draw => d += 1,
                    _ => l += 1,
                }
            }
        }
    }
    println!(
        "random first100 {w1} {d1} {l1}; 1901-2000: {w} {d} {l} of {}",
        runs * 100
    );
}
