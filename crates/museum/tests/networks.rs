//! The museum's bound on trained Threes! networks held at once (its own test binary: the
//! bound is the process's, and tests in one binary share it).

mod common;

use std::time::Duration;

use common::{act, start, view, Client};
use ludomat_museum::MuseumConfig;
use serde_json::json;

/// A visit's training run, to its end (polled: the visit is not watched).
async fn train(c: &mut Client, id: &str) {
    let a = c
        .post(
            &format!("/api/visits/{id}/run"),
            json!({"long_run": "train", "params": {"games": 1000, "eval_every": 1000, "eval_games": 10}}),
        )
        .await;
    assert_eq!(a.status, 202, "{a:?}");
    for _ in 0..1200 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let v = c.get(&format!("/api/visits/{id}")).await;
        if v.body["running"] == false {
            assert!(v.body["view"]["trained"].is_string(), "{v:?}");
            return;
        }
    }
    panic!("the training of {id} did not end");
}

/// The museum holds at most `max_trained_networks` trained networks (the trial's 20
/// clients looping "new visit, train 1,000 games" held 1,530, 2 GB): past it the least
/// recently used is let go, its visit says so, refuses to play with it in words that
/// offer to train again, and trains again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trained_networks_held_at_once_are_bounded_the_least_recently_used_let_go() {
    let (addr, _) = start(MuseumConfig {
        max_trained_networks: 2,
        ..MuseumConfig::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    let mut ids: Vec<String> = Vec::new();
    for seed in 1..=3 {
        let a = c
            .post(
                "/api/visits",
                json!({"kind": "threes", "config": {"seed": seed, "depth": 1}}),
            )
            .await;
        assert_eq!(a.status, 201, "{a:?}");
        let id = a.body["id"].as_str().unwrap().to_string();
        train(&mut c, &id).await;
        if seed == 1 {
            // The first plays with its network: an AI step is a use.
            let play = act(&mut c, &id, json!({"type": "play_trained"})).await;
            assert_eq!(play.status, 200, "{play:?}");
        }
        if seed == 2 {
            // The first is used again: the second is now the least recently used.
            let step = act(&mut c, &ids[0], json!({"type": "ai_step"})).await;
            assert_eq!(step.status, 200, "{step:?}");
        }
        ids.push(id);
        assert!(ludomat_threes::learn_watch::keeper().count() <= 2);
    }
    assert_eq!(ludomat_threes::learn_watch::keeper().count(), 2);
    // The second's network was let go: the view says so and offers to train again.
    let v = view(&mut c, &ids[1]).await;
    assert!(v["trained"].is_null(), "{v}");
    let said = v["trained_let_go"].as_str().unwrap_or_default();
    assert!(
        said.contains("let go")
            && said.contains("holds only 2 trained networks used most recently")
            && said.ends_with("train again"),
        "{v}"
    );
    let play = act(&mut c, &ids[1], json!({"type": "play_trained"})).await;
    assert_eq!(play.status, 409, "{play:?}");
    assert!(play.error().contains("train again"), "{play:?}");
    // The first and third are held and play.
    for id in [&ids[0], &ids[2]] {
        assert!(view(&mut c, id).await["trained"].is_string());
    }
    // Training the second again lets the first go (the third came after it),
    // while the first plays with it: its AI refuses in the same words, Reset goes back.
    train(&mut c, &ids[1]).await;
    let step = act(&mut c, &ids[0], json!({"type": "ai_step"})).await;
    assert_eq!(step.status, 409, "{step:?}");
    assert!(
        step.error().contains("let go") && step.error().contains("Reset"),
        "{step:?}"
    );
    let reset = act(&mut c, &ids[0], json!({"type": "reset"})).await;
    assert_eq!(reset.body["view"]["eval"], "the heuristic");
    let step = act(&mut c, &ids[0], json!({"type": "ai_step"})).await;
    assert_eq!(step.status, 200, "{step:?}");
    assert_eq!(ludomat_threes::learn_watch::keeper().count(), 2);
}
