//! The network file: what the trainer writes and the engine embeds or loads (`EvalFile`).
//! Little-endian throughout.
//!
//! | bytes | field |
//! |---|---|
//! | 0–7 | `SHATARNN` |
//! | 8–11 | format version, `u32` (1) |
//! | 12–15 | family, `u32`: 0 queen-like bers, 1 weak bers |
//! | 16–19 | features, `u32` ([`FEATURES`]) |
//! | 20–23 | hidden, `u32` ([`HIDDEN`]) |
//! | 24–35 | `QA`, `QB`, `SCALE`, `u32` each |
//! | 36– | the first layer's weights (`i16`, feature by feature, [`HIDDEN`] each), its bias (`i16` × [`HIDDEN`]), the output's weights (`i16` × 2·[`HIDDEN`], the side to move's first), the output's bias (`i32`) |
//! | last 4 | CRC-32 of everything before it |
//!
//! A file of another size, version, shape or scale, or whose checksum does not match, is
//! refused with the reason.

use super::features::FEATURES;
use super::network::{Family, HIDDEN, Network, QA, QB, SCALE};

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"SHATARNN";

/// The format version.
pub const VERSION: u32 = 1;

const HEADER_BYTES: usize = 36;

/// The size of a network file.
pub const FILE_BYTES: usize = HEADER_BYTES + 2 * (FEATURES * HIDDEN + HIDDEN + 2 * HIDDEN) + 4 + 4;

/// Why bytes are not a network.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetworkError {
    /// Not the size of a network file.
    #[error("{found} bytes, a network file has {FILE_BYTES}")]
    Size {
        /// The size found.
        found: usize,
    },
    /// Not a network file.
    #[error("not a Shatar network file (no SHATARNN at its start)")]
    Magic,
    /// A header field of another value.
    #[error("{field} is {found}, this engine reads {expected}")]
    Header {
        /// The field.
        field: &'static str,
        /// Its value in the file.
        found: u32,
        /// The value the engine reads.
        expected: u32,
    },
    /// An unknown family.
    #[error("family {0} is neither 0 (queen-like bers) nor 1 (weak bers)")]
    Family(u32),
    /// The checksum does not match: the file is damaged.
    #[error("checksum {found:08x}, the contents give {computed:08x}: the file is damaged")]
    Checksum {
        /// The checksum stored.
        found: u32,
        /// The checksum of the contents.
        computed: u32,
    },
}

/// The file's bytes of `net`.
pub fn write(net: &Network) -> Vec<u8> {
    let mut b = Vec::with_capacity(FILE_BYTES);
    b.extend_from_slice(MAGIC);
    for v in [
        VERSION,
        net.family as u32,
        FEATURES as u32,
        HIDDEN as u32,
        QA as u32,
        QB as u32,
        SCALE as u32,
    ] {
        b.extend_from_slice(&v.to_le_bytes());
    }
    let rows = net
        .feature_weights
        .iter()
        .chain([&net.feature_bias])
        .chain(&net.output_weights);
    for row in rows {
        for w in row {
            b.extend_from_slice(&w.to_le_bytes());
        }
    }
    b.extend_from_slice(&net.output_bias.to_le_bytes());
    let crc = crc32fast::hash(&b);
    b.extend_from_slice(&crc.to_le_bytes());
    b
}

/// Reads a network file.
pub fn read(bytes: &[u8]) -> Result<Network, NetworkError> {
    if bytes.len() != FILE_BYTES {
        return Err(NetworkError::Size { found: bytes.len() });
    }
    if &bytes[..8] != MAGIC {
        return Err(NetworkError::Magic);
    }
    let u32_at =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let (body, stored) = bytes.split_at(FILE_BYTES - 4);
    let found = u32::from_le_bytes([stored[0], stored[1], stored[2], stored[3]]);
    let computed = crc32fast::hash(body);
    if found != computed {
        return Err(NetworkError::Checksum { found, computed });
    }
    for (field, at, expected) in [
        ("the format version", 8, VERSION),
        ("the feature count", 16, FEATURES as u32),
        ("the accumulator size", 20, HIDDEN as u32),
        ("QA", 24, QA as u32),
        ("QB", 28, QB as u32),
        ("SCALE", 32, SCALE as u32),
    ] {
        let found = u32_at(at);
        if found != expected {
            return Err(NetworkError::Header {
                field,
                found,
                expected,
            });
        }
    }
    let family = match u32_at(12) {
        0 => Family::QueenBers,
        1 => Family::WeakBers,
        other => return Err(NetworkError::Family(other)),
    };
    let mut net = Network::zeroed(family);
    let mut words = body[HEADER_BYTES..]
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]));
    let rows = net
        .feature_weights
        .iter_mut()
        .chain([&mut net.feature_bias])
        .chain(&mut net.output_weights);
    for row in rows {
        for (w, v) in row.iter_mut().zip(&mut words) {
            *w = v;
        }
    }
    net.output_bias = i32::from_le_bytes([
        body[FILE_BYTES - 8],
        body[FILE_BYTES - 7],
        body[FILE_BYTES - 6],
        body[FILE_BYTES - 5],
    ]);
    Ok(net)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::network::random_network;

    #[test]
    fn a_network_round_trips_through_its_file() {
        let net = random_network(3);
        let bytes = write(&net);
        assert_eq!(bytes.len(), FILE_BYTES);
        assert_eq!(&bytes[..12], b"SHATARNN\x01\0\0\0");
        assert_eq!(read(&bytes), Ok(net));
    }

    #[test]
    fn damaged_and_foreign_files_are_refused() {
        let bytes = write(&random_network(4));
        assert_eq!(read(&bytes[..100]), Err(NetworkError::Size { found: 100 }));
        let mut damaged = bytes.clone();
        damaged[5000] ^= 1;
        assert!(matches!(read(&damaged), Err(NetworkError::Checksum { .. })));
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert_eq!(read(&magic), Err(NetworkError::Magic));
        // Another accumulator size, with a checksum that matches it.
        let mut other = bytes[..FILE_BYTES - 4].to_vec();
        other[20..24].copy_from_slice(&128u32.to_le_bytes());
        let crc = crc32fast::hash(&other);
        other.extend_from_slice(&crc.to_le_bytes());
        assert_eq!(
            read(&other),
            Err(NetworkError::Header {
                field: "the accumulator size",
                found: 128,
                expected: 256
            })
        );
    }
}
