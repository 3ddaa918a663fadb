//! The data generator's runs: resumed after a stop (even one mid-write) they give the
//! same file as one run; other settings are refused.

use shatar_engine_tools::nnue_data::selfplay::SelfPlay;
use shatar_engine_tools::nnue_data::{Run, RunError, progress_path, read_records};
use shatar_rules::Preset;
use std::path::PathBuf;

fn run(games: u64, threads: usize) -> Run {
    Run {
        play: SelfPlay {
            nodes: 200,
            ..SelfPlay::default()
        },
        presets: vec![Preset::Official, Preset::Fsf, Preset::TraditionalStepBack],
        seed: 11,
        games,
        threads,
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shatar-nnue-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(progress_path(&path));
    path
}

#[test]
fn a_resumed_run_writes_what_one_run_writes() {
    let whole = scratch("whole.bin");
    let mut reports = 0;
    let progress = run(6, 2).generate(&whole, &mut |_| reports += 1).unwrap();
    assert_eq!(progress.games, 6);
    assert!(reports >= 1);
    let one_run = std::fs::read(&whole).unwrap();
    assert_eq!(one_run.len() as u64, progress.bytes);
    let records = read_records(&whole).unwrap();
    assert!(records.len() > 6);
    // Games go round the rulesets in turn.
    assert!(
        records
            .iter()
            .any(|r| r.preset == Preset::TraditionalStepBack)
    );

    let parts = scratch("parts.bin");
    run(2, 1).generate(&parts, &mut |_| {}).unwrap();
    // A stop in the middle of a write leaves bytes the progress file does not count.
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&parts)
        .unwrap();
    std::io::Write::write_all(&mut f, &[0xab; 45]).unwrap();
    drop(f);
    run(6, 2).generate(&parts, &mut |_| {}).unwrap();
    assert_eq!(std::fs::read(&parts).unwrap(), one_run);
    // Nothing is left to play.
    let again = run(6, 2)
        .generate(&parts, &mut |_| panic!("no game to write"))
        .unwrap();
    assert_eq!(again.games, 6);
}

#[test]
fn other_settings_and_unknown_files_are_refused() {
    let path = scratch("settings.bin");
    run(1, 1).generate(&path, &mut |_| {}).unwrap();
    let mut other = run(2, 1);
    other.seed = 12;
    let err = other.generate(&path, &mut |_| {}).unwrap_err();
    assert!(matches!(err, RunError::OtherSettings { .. }), "{err}");
    assert!(err.to_string().contains("\"seed\":11"), "{err}");

    std::fs::remove_file(progress_path(&path)).unwrap();
    let err = run(2, 1).generate(&path, &mut |_| {}).unwrap_err();
    assert!(matches!(err, RunError::NoProgress(_)), "{err}");
}
