//! Incremental equals fresh, over random edit sequences: edits applied
//! through the server's `Document` (in both position encodings) give the
//! same text as a plain string model, and the analysis of the snapshot the
//! server builds from the edited text (other files' cached parses shared)
//! equals a fresh analysis of the final texts.
//!
//! Seeded xorshift, so a failure names the seed that reproduces it.

#[path = "../fuzz/harness.rs"]
mod harness;
#[path = "support/rng.rs"]
mod rng;

use rng::XorShift;

fn bytes(rng: &mut XorShift, n: usize) -> Vec<u8> {
    (0..n).map(|_| rng.next() as u8).collect()
}

#[test]
fn random_edit_sequences_incremental_equals_fresh() {
    let files = [
        ("docs.json", harness::DOCS_JSON),
        ("index.mdx", harness::PAGE),
        ("api.yaml", harness::SPEC),
    ];
    for seed in 1..=300u64 {
        let mut rng = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let which = rng.below(3);
        let len = 5 + rng.below(200);
        let data = bytes(&mut rng, len);
        let edits = harness::decode_edits(&data);
        let result = std::panic::catch_unwind(|| {
            let final_text = harness::apply_checked(files[which].1, &edits);
            harness::incremental_equals_fresh(&files, which, &edits, &final_text);
        });
        assert!(result.is_ok(), "seed {seed} (file {})", files[which].0);
    }
}

/// Edits that keep docs.json valid JSON most of the time: typing and
/// deleting inside string values, so the analysis goes past the parse.
#[test]
fn typing_inside_values_incremental_equals_fresh() {
    let files = [
        ("docs.json", harness::DOCS_JSON),
        ("index.mdx", harness::PAGE),
        ("api.yaml", harness::SPEC),
    ];
    for seed in 1..=100u64 {
        let mut rng = XorShift(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
        let mut data = Vec::new();
        for _ in 0..(1 + rng.next() % 20) {
            // One line: positions on line 0 with small insertions of letters.
            let col = (rng.next() % 40) as u8;
            let del = (rng.next() % 2) as u8;
            let enc = (rng.next() % 2) as u8;
            let ch = b'a' + (rng.next() % 26) as u8;
            data.extend_from_slice(&[0x10 | enc, 0, col, 0, col + del, 0x80 | ch]);
        }
        let edits = harness::decode_edits(&data);
        let result = std::panic::catch_unwind(|| {
            let final_text = harness::apply_checked(files[0].1, &edits);
            harness::incremental_equals_fresh(&files, 0, &edits, &final_text);
        });
        assert!(result.is_ok(), "seed {seed}");
    }
}

/// The large shape: typing inside the strings of a navigation whose
/// versions the schema check keeps across keystrokes, every snapshot
/// analysed from the one before; also edits anywhere.
#[test]
fn large_docs_json_edits_incremental_equals_fresh() {
    use docs_lsp::analysis::reused::Reused;
    let mut reused = 0;
    let large = harness::large_docs_json();
    let files = [
        ("docs.json", large.as_str()),
        ("index.mdx", harness::PAGE),
        ("api.yaml", harness::SPEC),
    ];
    for seed in 1..=40u64 {
        let mut rng = XorShift(seed.wrapping_mul(0xA076_1D64_78BD_642F) | 1);
        let mut data = Vec::new();
        for _ in 0..(1 + rng.next() % 12) {
            let line = 1 + (rng.next() % 10) as u8;
            // Inside `"version":"vN"` and the keys after it; now and then
            // anywhere in the first 40 columns, with any text.
            let col = 2 + (rng.next() % 30) as u8;
            if rng.below(6) == 0 {
                data.extend_from_slice(&[0x20, line, col, line, col + 1]);
                data.extend_from_slice(&bytes(&mut rng, 2));
            } else {
                let del = (rng.next() % 2) as u8;
                let ch = b'a' + (rng.next() % 26) as u8;
                data.extend_from_slice(&[0x10, line, col, line, col + del, 0x80 | ch]);
            }
        }
        let edits = harness::decode_edits(&data);
        let result = std::panic::catch_unwind(|| {
            let final_text = harness::apply_checked(files[0].1, &edits);
            let last = harness::incremental_equals_fresh_every(&files, 0, &edits, &final_text, 1);
            Reused::get(&last.memos().reused.schema_subtrees)
        });
        match result {
            Ok(n) => reused += n,
            Err(_) => panic!("seed {seed}"),
        }
    }
    // Not a test that passes by never reusing.
    assert!(reused > 200, "only {reused} navigation subtrees reused");
}
