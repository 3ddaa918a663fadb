//! The socket protocol of a live game. Clients send small JSON messages tagged by `t`; the
//! server answers every change with a full `state` snapshot (see
//! [`crate::live::game::LiveGame::snapshot`]) and refusals with `{"t":"error","error":…}`.
//!
//! ```
//! use shatar_server::ws::protocol::{decode, ClientMsg};
//! assert_eq!(
//!     decode(r#"{"t":"move","uci":"e2e4","ply":0}"#)?,
//!     ClientMsg::Move { uci: "e2e4".into(), ply: 0 }
//! );
//! assert!(decode(r#"{"t":"move","uci":"<script>","ply":0}"#).is_err());
//! # Ok::<_, shatar_server::error::ProtocolError>(())
//! ```

use crate::error::ProtocolError;
use crate::live::game::Action;
use serde::{Deserialize, Serialize};

/// The longest message accepted, in bytes. A longer one is answered with the `TooLong`
/// error (`"closing": true`) and the socket is closed (code 1009).
pub const MAX_MESSAGE_BYTES: usize = 512;

/// The transport's own limit (frame and message), well above [`MAX_MESSAGE_BYTES`] so that
/// the server's check, not the WebSocket library, answers a message a little too long;
/// the library refuses anything longer without buffering it.
pub const TRANSPORT_MAX_BYTES: usize = 4096;

/// The highest ply a move may name (far beyond any game the move rules allow).
pub const MAX_PLY: u32 = 10_000;

/// A message from a client.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Play a move (UCI text) in the position after `ply` moves.
    Move {
        /// UCI text, e.g. `e2e4`, `e7e8q`.
        uci: String,
        /// Moves played before it (stale messages are refused).
        ply: u32,
    },
    /// Offer a draw.
    DrawOffer,
    /// Accept the opponent's offer.
    DrawAccept,
    /// Decline the opponent's offer.
    DrawDecline,
    /// Resign.
    Resign,
    /// Abort before the first round is complete.
    Abort,
    /// Claim a draw (repetition, move rule).
    Claim,
    /// Claim the win of a game the opponent has left (after the wait the `presence`
    /// message counts down).
    ClaimVictory,
    /// Berserk (an arena game, before one's first move): half the time, no increment.
    Berserk,
    /// Ask for a rematch with colours swapped (after the game has ended).
    Rematch,
    /// Ask for a fresh snapshot (after a reconnect) and a `pong`, which echoes `seq` and
    /// gives the server's lag estimate for this connection (`lag_ms`).
    Ping {
        /// Any number the client chooses, echoed in the `pong`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seq: Option<u32>,
    },
}

impl ClientMsg {
    /// The game action, for messages that are one.
    pub fn action(&self) -> Option<Action> {
        Some(match self {
            ClientMsg::Move { uci, ply } => Action::Move {
                uci: uci.clone(),
                ply: *ply,
            },
            ClientMsg::DrawOffer => Action::DrawOffer,
            ClientMsg::DrawAccept => Action::DrawAccept,
            ClientMsg::DrawDecline => Action::DrawDecline,
            ClientMsg::Resign => Action::Resign,
            ClientMsg::Abort => Action::Abort,
            ClientMsg::Claim => Action::Claim,
            ClientMsg::ClaimVictory => Action::ClaimVictory,
            ClientMsg::Berserk => Action::Berserk,
            ClientMsg::Rematch | ClientMsg::Ping { .. } => return None,
        })
    }

    /// The JSON text of the message.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Decodes and validates one client message.
pub fn decode(text: &str) -> Result<ClientMsg, ProtocolError> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(ProtocolError::TooLong {
            len: text.len(),
            max: MAX_MESSAGE_BYTES,
        });
    }
    let msg: ClientMsg =
        serde_json::from_str(text).map_err(|e| ProtocolError::Malformed(e.to_string()))?;
    if let ClientMsg::Move { uci, ply } = &msg {
        let shape_ok = (4..=5).contains(&uci.len())
            && uci
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
        if !shape_ok {
            return Err(ProtocolError::Field {
                field: "uci",
                reason: crate::i18n::Msg::new("socket-move-shape").arg("value", uci),
            });
        }
        if *ply > MAX_PLY {
            return Err(ProtocolError::Field {
                field: "ply",
                reason: crate::i18n::Msg::new("socket-ply")
                    .arg("ply", ply)
                    .arg("max", MAX_PLY),
            });
        }
    }
    Ok(msg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_messages() {
        assert_eq!(decode(r#"{"t":"resign"}"#), Ok(ClientMsg::Resign));
        assert_eq!(decode(r#"{"t":"draw-offer"}"#), Ok(ClientMsg::DrawOffer));
        assert_eq!(decode(r#"{"t":"ping"}"#), Ok(ClientMsg::Ping { seq: None }));
        assert_eq!(
            decode(r#"{"t":"ping","seq":7}"#),
            Ok(ClientMsg::Ping { seq: Some(7) })
        );
        assert!(matches!(
            decode(r#"{"t":"ping","seq":-1}"#),
            Err(ProtocolError::Malformed(_))
        ));
        assert_eq!(
            decode(r#"{"t":"move","uci":"e7e8q","ply":42}"#),
            Ok(ClientMsg::Move {
                uci: "e7e8q".into(),
                ply: 42
            })
        );
        assert!(matches!(
            decode(r#"{"t":"move","uci":"e2e4"}"#),
            Err(ProtocolError::Malformed(_))
        ));
        assert!(matches!(
            decode(r#"{"t":"move","uci":"e2e4","ply":0,"color":"white"}"#),
            Err(ProtocolError::Malformed(_))
        ));
        assert!(matches!(
            decode(r#"{"t":"move","uci":"E2E4","ply":0}"#),
            Err(ProtocolError::Field { field: "uci", .. })
        ));
        assert!(matches!(
            decode(r#"{"t":"move","uci":"e2e4","ply":10001}"#),
            Err(ProtocolError::Field { field: "ply", .. })
        ));
        assert!(matches!(
            decode(r#"{"t":"fly"}"#),
            Err(ProtocolError::Malformed(_))
        ));
        let long = format!(r#"{{"t":"ping","x":"{}"}}"#, "a".repeat(600));
        assert_eq!(
            decode(&long),
            Err(ProtocolError::TooLong {
                len: long.len(),
                max: 512
            })
        );
    }

    fn any_msg() -> impl Strategy<Value = ClientMsg> {
        prop_oneof![
            ("[a-h][1-8][a-h][1-8][qrbnj]?", 0..=MAX_PLY)
                .prop_map(|(uci, ply)| ClientMsg::Move { uci, ply }),
            Just(ClientMsg::DrawOffer),
            Just(ClientMsg::DrawAccept),
            Just(ClientMsg::DrawDecline),
            Just(ClientMsg::Resign),
            Just(ClientMsg::Abort),
            Just(ClientMsg::Claim),
            Just(ClientMsg::ClaimVictory),
            Just(ClientMsg::Rematch),
            Just(ClientMsg::Ping { seq: None }),
            any::<u32>().prop_map(|n| ClientMsg::Ping { seq: Some(n) }),
        ]
    }

    proptest! {
        #[test]
        fn valid_messages_round_trip(msg in any_msg()) {
            prop_assert_eq!(decode(&msg.encode()), Ok(msg));
        }

        #[test]
        fn an_action_relayed_between_processes_has_its_socket_form(msg in any_msg()) {
            // The fan-out relays an `Action` as JSON; its text must be the socket message's,
            // so that a process of the version before reads it.
            if let Some(action) = msg.action() {
                prop_assert_eq!(serde_json::to_string(&action).unwrap(), msg.encode());
                prop_assert_eq!(serde_json::from_str::<Action>(&msg.encode()).unwrap(), action);
            }
        }

        #[test]
        fn arbitrary_text_never_panics_and_long_text_is_refused(text in ".{0,700}") {
            let r = decode(&text);
            if text.len() > MAX_MESSAGE_BYTES {
                prop_assert!(matches!(r, Err(ProtocolError::TooLong { .. })), "accepted long text");
            }
            // Whatever is accepted re-encodes to a message that decodes to the same value.
            if let Ok(msg) = r {
                prop_assert_eq!(decode(&msg.encode()), Ok(msg));
            }
        }

        #[test]
        fn json_with_any_uci_string_is_accepted_only_if_well_shaped(uci in "\\PC{0,12}", ply in 0u32..20_000) {
            let text = serde_json::json!({"t": "move", "uci": uci, "ply": ply}).to_string();
            let well_shaped = (4..=5).contains(&uci.len())
                && uci.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
                && ply <= MAX_PLY
                && text.len() <= MAX_MESSAGE_BYTES;
            prop_assert_eq!(decode(&text).is_ok(), well_shaped);
        }
    }
}
