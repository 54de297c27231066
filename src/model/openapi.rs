//! placeholder until the endpoint index lands
#[derive(Debug)]
pub struct SpecIndex;
