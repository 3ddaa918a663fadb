//! The history: which entries an undo leaves in force, and the replay that gives the state.

use super::Action;
use super::ActionError;
use crate::events::state::EventState;

/// The history entries an undo leaves in force: every change but the undos and the
/// entries they undid. Because an undo takes back the latest change still in force, what
/// is left is a history of its own, and replaying it gives the state.
pub fn in_force<'a>(
    entries: impl IntoIterator<Item = (i64, &'a Action)>,
) -> Vec<(i64, &'a Action)> {
    let entries: Vec<(i64, &Action)> = entries.into_iter().collect();
    let undone: std::collections::HashSet<i64> = entries
        .iter()
        .filter_map(|(_, a)| match a {
            Action::Undo { seq } => Some(*seq),
            _ => None,
        })
        .collect();
    entries
        .into_iter()
        .filter(|(seq, a)| !matches!(a, Action::Undo { .. }) && !undone.contains(seq))
        .collect()
}

/// Replays a history from the start (each entry with its `seq`): the state it leads to.
pub fn replay<'a>(
    entries: impl IntoIterator<Item = (i64, &'a Action)>,
) -> Result<Option<EventState>, ActionError> {
    let mut state: Option<EventState> = None;
    for (_, action) in in_force(entries) {
        let (next, _) = action.apply(state.as_ref())?;
        state = Some(next);
    }
    Ok(state)
}
