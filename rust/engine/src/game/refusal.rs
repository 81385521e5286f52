//! Why the game refuses an action.

/// Why an action is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal(pub String);
