//! All diagnostics of a site, by rule family.

mod navigation;
mod pages;
mod references;

use crate::diagnostics::Diagnostic;
use crate::model::config::Config;
use crate::model::nav;
use crate::model::site::Site;

pub fn collect(site: &Site, config: &Config, out: &mut Vec<Diagnostic>) {
    let Some(root) = &config.root else { return };
    match root.get("navigation") {
        Some(navigation) if navigation.is_object() => {
            let ix = nav::index(navigation);
            navigation::check(&ix, out);
            references::check(site, root, &ix, out);
        }
        _ => {}
    }
    pages::check(site, out);
}
