//! The memo's step budget: a check that goes past it with reused subtrees
//! is made again afresh, and what it kept is forgotten.

use super::super::subtree_memo::{Subtree, SubtreeKey, SubtreeMemo};
use super::super::validate::STEP_BUDGET;
use super::*;
use std::ops::Range;
use std::sync::{Arc, Mutex};

/// A memo in a test's hands: it keeps what it is given, and says what the
/// validator told it.
#[derive(Default)]
struct KeptSubtrees {
    entries: Mutex<Vec<(SubtreeKey, Range<usize>, Subtree)>>,
    last_steps: Mutex<Option<usize>>,
    kept_after: Mutex<Vec<bool>>,
}

impl SubtreeMemo for KeptSubtrees {
    fn kept(&self, key: &SubtreeKey, range: &Range<usize>) -> Option<Subtree> {
        let entries = self.entries.lock().ok()?;
        let (_, _, s) = entries.iter().find(|(k, r, _)| k == key && r == range)?;
        Some(s.clone())
    }

    fn keep(&self, key: SubtreeKey, range: &Range<usize>, subtree: Subtree) {
        if let Ok(mut entries) = self.entries.lock() {
            entries.retain(|(k, _, _)| *k != key);
            entries.push((key, range.clone(), subtree));
        }
    }

    fn last_steps(&self) -> Option<usize> {
        *self.last_steps.lock().expect("not poisoned")
    }

    fn checked(&self, steps: usize, keep: bool) {
        *self.last_steps.lock().expect("not poisoned") = Some(steps);
        self.kept_after.lock().expect("not poisoned").push(keep);
    }
}

#[test]
fn a_check_past_the_budget_with_reused_subtrees_is_made_afresh() {
    let pages: Vec<String> = (0..400).map(|p| format!("\"group/page-{p}\"")).collect();
    let text = format!(
        r#"{{ "groups": [ {{ "group": "G", "icn": "x", "pages": [{}] }} ] }}"#,
        pages.join(", ")
    );
    let root = crate::syntax::json::parse(0, &text).root.expect("parses");
    let nav = nav_element("navigation").expect("navigation schema");
    let opts = ValidateOptions {
        skip_keys_at_root: &[],
        ..ValidateOptions::docs_json()
    };
    let mut fresh = Vec::new();
    validate(&root, nav, &opts, &mut fresh);
    assert!(!fresh.is_empty(), "the planted unknown key is found");
    let memo = KeptSubtrees::default();
    let mut first = Vec::new();
    assert_eq!(validate_reusing(&root, nav, &opts, &memo, &mut first), 0);
    assert_eq!(first, fresh);
    assert!(!memo.entries.lock().expect("not poisoned").is_empty());
    // Every kept subtree now says it took the whole budget and found
    // something else: replayed, the check goes past the budget.
    for (_, _, s) in memo.entries.lock().expect("not poisoned").iter_mut() {
        s.steps = STEP_BUDGET + 1;
        s.diags = Arc::from(vec![Diagnostic::warning(0, 0..1, "planted", "kept")]);
    }
    let mut again = Vec::new();
    assert_eq!(validate_reusing(&root, nav, &opts, &memo, &mut again), 0);
    assert_eq!(again, fresh, "made afresh, not from what was kept");
    assert_eq!(
        *memo.kept_after.lock().expect("not poisoned"),
        [true, false]
    );
}
