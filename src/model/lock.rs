//! Locking the memos a snapshot shares between threads.

/// A mutex's guard, also after a panic elsewhere poisoned it (the data
/// behind these locks stays consistent: each holder only reads or swaps).
pub fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
