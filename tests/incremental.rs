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
