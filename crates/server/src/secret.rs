//! Seat tokens and invite codes: 128 random bits written as 32 hex digits. The server keeps only
//! their SHA-256 and compares hashes in constant time.

use rand::RngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The SHA-256 of a secret, as stored.
pub type SecretHash = [u8; 32];

/// A fresh secret: 16 bytes from the thread's cryptographic generator (ChaCha, seeded by the
/// operating system), as lowercase hex.
pub fn generate() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    to_hex(&bytes)
}

/// The hash the server keeps of `secret`.
pub fn hash(secret: &str) -> SecretHash {
    Sha256::digest(secret.as_bytes()).into()
}

/// Whether `secret` hashes to `stored`, in time that does not depend on where they differ.
pub fn matches(secret_hash: &SecretHash, stored: &SecretHash) -> bool {
    secret_hash.ct_eq(stored).into()
}

/// Lowercase hex of `bytes`.
pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Reads 64 hex digits back into a hash; `None` for anything else.
pub fn hash_from_hex(text: &str) -> Option<SecretHash> {
    if text.len() != 64 || !text.is_ascii() {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_128_bits_and_distinct() {
        let a = generate();
        let b = generate();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn hashes_round_trip_and_match() {
        let secret = generate();
        let stored = hash(&secret);
        assert_eq!(hash_from_hex(&to_hex(&stored)), Some(stored));
        assert!(matches(&hash(&secret), &stored));
        assert!(!matches(&hash("other"), &stored));
        assert_eq!(hash_from_hex("zz"), None);
        assert_eq!(hash_from_hex(&"é".repeat(32)), None);
    }
}
