//! The history: which entries an undo leaves in force, and the replay that gives the state.

use super::Action;
use super::ActionError;
use crate::events::state::EventState;
use crate::i18n::Msg;

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

/// Each entry's summary as a [`Msg`], worded again from its action on the state it was made
/// on, for a page to show in the reader's language (`entries` in order: `seq`, the action,
/// the summary the history keeps). The history keeps the summary's English text; an entry
/// whose wording now is not that text (one written by an earlier version of the server) is
/// left out, to be shown as it was kept.
pub fn worded<'a>(
    entries: impl IntoIterator<Item = (i64, &'a Action, &'a str)>,
) -> std::collections::HashMap<i64, Msg> {
    let entries: Vec<(i64, &Action, &str)> = entries.into_iter().collect();
    let mut out = std::collections::HashMap::new();
    let mut state: Option<EventState> = None;
    for (i, &(seq, action, kept)) in entries.iter().enumerate() {
        // The state after this entry, when applying it to the one before cannot say: the
        // replay of what is in force up to here.
        let replayed = || {
            replay(entries[..=i].iter().map(|&(s, a, _)| (s, a)))
                .ok()
                .flatten()
        };
        let said = match action {
            Action::Undo { seq: undone } => {
                state = replayed();
                out.get(undone)
                    .map(|m: &Msg| Msg::new("event-done-undone").arg_msg("summary", m.clone()))
            }
            _ => match action.apply(state.as_ref()) {
                Ok((next, applied)) => {
                    state = Some(next);
                    Some(applied.summary().clone())
                }
                Err(_) => {
                    state = replayed();
                    None
                }
            },
        };
        if let Some(msg) = said.filter(|m| m.to_string() == kept) {
            out.insert(seq, msg);
        }
    }
    out
}
