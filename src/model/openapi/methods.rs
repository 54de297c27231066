//! The HTTP methods an OpenAPI path item may hold: the fixed operation keys
//! and those of `additionalOperations` (3.2).

/// Operation keys of an OpenAPI path item, lower-case as the spec requires
/// (`query` is OpenAPI 3.2's). Other methods sit under a path item's
/// `additionalOperations` (3.2), by their name as sent (`COPY`).
pub const METHODS: [&str; 9] = [
    "get", "post", "put", "patch", "delete", "head", "options", "trace", "query",
];

/// Whether `m` can name an operation of `additionalOperations`: an HTTP
/// method token in upper case that is not one of [`METHODS`] (the
/// platform: "additionalOperations methods must be uppercase, must not
/// duplicate a fixed method, and cannot be WEBHOOK"), and a reference
/// names it exactly so.
pub fn is_additional_method(m: &str) -> bool {
    m.len() >= 2
        && m.bytes()
            .all(|b| b.is_ascii_uppercase() || b == b'-' || b == b'_')
        && !METHODS.iter().any(|f| f.eq_ignore_ascii_case(m))
        && m != "WEBHOOK"
}
