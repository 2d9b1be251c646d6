//! The master and the workers on threads: every job done once, results as done alone,
//! a failing or panicking worker named by its rank, two transports behind one master.

use std::time::Duration;

use ludomat_cluster::{local, ClusterError, Joined, Master, MasterLink, Work, FOREVER};

/// Collatz steps of a number; `fail_on` fails, `panic_on` panics.
struct Steps {
    offset: u64,
    fail_on: Option<u64>,
    panic_on: Option<u64>,
}

fn steps(mut n: u64) -> u64 {
    let mut s = 0;
    while n > 1 {
        n = if n % 2 == 0 { n / 2 } else { 3 * n + 1 };
        s += 1;
    }
    s
}

impl Work for Steps {
    type Setup = u64;
    type Job = u64;
    type Result = (u64, u64);

    fn setup(&mut self, offset: u64) -> Result<(), String> {
        self.offset = offset;
        Ok(())
    }

    fn run(&mut self, n: u64) -> Result<(u64, u64), String> {
        if Some(n) == self.fail_on {
            return Err(format!("cannot do {n}"));
        }
        if Some(n) == self.panic_on {
            panic!("{n} is too much");
        }
        Ok((n, steps(n + self.offset)))
    }
}

fn worker() -> Steps {
    Steps {
        offset: 0,
        fail_on: None,
        panic_on: None,
    }
}

type M<L> = Master<L, u64, u64, (u64, u64)>;

/// Every job 1..=n handed out as workers become idle; the results in job order.
fn all<L: MasterLink>(m: &mut M<L>, n: u64) -> Result<Vec<u64>, ClusterError> {
    m.configure(&1)?;
    m.begin();
    let mut out = vec![None; n as usize];
    let (mut next, mut done) = (1u64, 0u64);
    while done < n {
        while next <= n {
            let Some(w) = m.next_idle() else { break };
            m.send(w, &next)?;
            next += 1;
        }
        if let Some(d) = m.receive(FOREVER)? {
            assert!(out[(d.result.0 - 1) as usize].is_none(), "done twice");
            out[(d.result.0 - 1) as usize] = Some(d.result.1);
            m.load().add_job_cpu(d.rank, d.busy, d.cpu);
            done += 1;
        }
    }
    m.end();
    Ok(out.into_iter().flatten().collect())
}

#[test]
fn every_job_is_done_once_whatever_the_workers() {
    let want: Vec<u64> = (1..=200).map(|n| steps(n + 1)).collect();
    for workers in [1, 2, 3, 8] {
        let (got, ended) = local::run((0..workers).map(|_| worker()).collect(), |link| {
            let mut m: M<_> = Master::new(link);
            assert_eq!(m.workers(), workers);
            let got = all(&mut m, 200);
            let u = m.utilisation().clone();
            assert_eq!(u.jobs(), 200);
            assert_eq!(u.ranks.len(), workers + 1);
            assert_eq!(u.ranks[0].jobs, 0, "the master only hands out");
            got
        });
        assert_eq!(got.unwrap(), want, "{workers} workers");
        assert!(ended.iter().all(Result::is_ok), "{ended:?}");
    }
}

#[test]
fn a_failing_worker_is_named_and_the_run_ends() {
    let works = vec![
        worker(),
        Steps {
            fail_on: Some(5),
            ..worker()
        },
    ];
    /// Only rank 2 gets a job: the one it cannot do.
    fn only_rank_two<L: MasterLink>(m: &mut M<L>) -> Result<(), ClusterError> {
        m.configure(&0)?;
        loop {
            if m.next_idle() == Some(2) {
                m.send(2, &5)?;
            }
            m.receive(FOREVER)?;
        }
    }
    let (got, ended) = local::run(works, |link| only_rank_two(&mut Master::new(link)));
    assert_eq!(
        got.unwrap_err(),
        ClusterError::Worker {
            rank: 2,
            message: "cannot do 5".into()
        }
    );
    assert!(ended[0].is_ok());
    assert!(matches!(
        &ended[1],
        Err(ClusterError::Worker { rank: 2, .. })
    ));
}

#[test]
fn a_panicking_job_is_a_failure_with_its_words() {
    let works = vec![Steps {
        panic_on: Some(3),
        ..worker()
    }];
    let (got, ended) = local::run(works, |link| {
        let mut m: M<_> = Master::new(link);
        all(&mut m, 5)
    });
    let e = got.unwrap_err().to_string();
    assert_eq!(e, "worker rank 1 failed: 3 is too much");
    assert!(ended[0].is_err());
}

#[test]
fn two_transports_behind_one_master() {
    let (a, a_ends) = local::links(2);
    let (b, b_ends) = local::links(3);
    std::thread::scope(|s| {
        for mut end in a_ends {
            s.spawn(move || ludomat_cluster::serve(&mut end, &mut worker()));
        }
        for mut end in b_ends {
            s.spawn(move || ludomat_cluster::serve(&mut end, &mut worker()));
        }
        let mut m: M<_> = Master::new(Joined { a, b });
        assert_eq!(m.size(), 6);
        let rtt = m.ping(16, 3).unwrap().unwrap();
        assert!(rtt < Duration::from_secs(5));
        let want: Vec<u64> = (1..=100).map(|n| steps(n + 1)).collect();
        assert_eq!(all(&mut m, 100).unwrap(), want);
        let u = m.utilisation();
        assert_eq!(u.ranks.len(), 6);
        assert_eq!(u.jobs(), 100, "{u}");
    });
}
