//! Language codes the platform accepts in `navigation.languages[].language`,
//! with their names (for completion and hover). The codes are the union of
//! the platform schema's enum and the codes its documentation lists.

pub const LANGUAGES: &[(&str, &str)] = &[
    ("en", "English"),
    ("cn", "Chinese (Simplified)"),
    ("zh", "Chinese"),
    ("zh-Hans", "Chinese (Simplified)"),
    ("zh-Hant", "Chinese (Traditional)"),
    ("zh-CN", "Chinese (China)"),
    ("zh-TW", "Chinese (Taiwan)"),
    ("es", "Spanish"),
    ("fr", "French"),
    ("fr-CA", "French (Canada)"),
    ("fr-ca", "French (Canada)"),
    ("ja", "Japanese"),
    ("jp", "Japanese"),
    ("ja-jp", "Japanese (Japan)"),
    ("ja-JP", "Japanese (Japan)"),
    ("pt", "Portuguese"),
    ("pt-BR", "Portuguese (Brazil)"),
    ("de", "German"),
    ("ko", "Korean"),
    ("it", "Italian"),
    ("ru", "Russian"),
    ("ro", "Romanian"),
    ("cs", "Czech"),
    ("id", "Indonesian"),
    ("ar", "Arabic"),
    ("tr", "Turkish"),
    ("hi", "Hindi"),
    ("sv", "Swedish"),
    ("no", "Norwegian"),
    ("da", "Danish"),
    ("lv", "Latvian"),
    ("nl", "Dutch"),
    ("uk", "Ukrainian"),
    ("ua", "Ukrainian"),
    ("vi", "Vietnamese"),
    ("pl", "Polish"),
    ("uz", "Uzbek"),
    ("he", "Hebrew"),
    ("ca", "Catalan"),
    ("fi", "Finnish"),
    ("hu", "Hungarian"),
];

pub fn name(code: &str) -> Option<&'static str> {
    LANGUAGES.iter().find(|(c, _)| *c == code).map(|(_, n)| *n)
}

/// How a report names a language: `fr (French)`, an unknown code as it is
/// written, and a blank one (`"language": ""`, which the platform's schema
/// refuses) as what it is rather than an empty name.
pub fn label(code: &str) -> String {
    if code.is_empty() {
        return "(no language code)".to_string();
    }
    if code.trim().is_empty() {
        return format!("{code:?} (blank language code)");
    }
    match name(code) {
        Some(name) => format!("{code} ({name})"),
        None => code.to_string(),
    }
}
