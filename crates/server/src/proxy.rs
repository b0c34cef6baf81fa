//! The client's address behind trusted reverse proxies.
//!
//! Only when the connection comes from a trusted proxy is a forwarding header believed: the
//! addresses of `X-Forwarded-For` (or, when there is none, the `for=` of `Forwarded`) are read
//! from the right, skipping trusted proxies, and the first untrusted one is the client. From any
//! other peer the headers are ignored, so a client cannot choose the address its rate limits
//! are counted against.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use axum::http::{HeaderMap, HeaderName};

/// One trusted address or network (`10.0.0.0/8`, `::1`, `192.168.1.7`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Network {
    addr: IpAddr,
    prefix: u8,
}

impl Network {
    /// Whether `ip` is inside this network.
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.addr, ip.to_canonical()) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                masked(u32::from(net).into(), 32, self.prefix)
                    == masked(u32::from(ip).into(), 32, self.prefix)
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                masked(u128::from(net), 128, self.prefix)
                    == masked(u128::from(ip), 128, self.prefix)
            }
            _ => false,
        }
    }
}

/// The top `prefix` bits of a `bits`-wide address.
fn masked(value: u128, bits: u8, prefix: u8) -> u128 {
    if prefix == 0 {
        return 0;
    }
    value >> (bits - prefix)
}

/// Why a trusted proxy was not understood.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not an IP address or network such as 10.0.0.1, 10.0.0.0/8 or ::1")]
pub struct BadNetwork(String);

impl FromStr for Network {
    type Err = BadNetwork;

    fn from_str(text: &str) -> Result<Network, BadNetwork> {
        let bad = || BadNetwork(text.chars().take(60).collect());
        let (addr, prefix) = match text.trim().split_once('/') {
            Some((addr, prefix)) => (addr, Some(prefix)),
            None => (text.trim(), None),
        };
        let addr = IpAddr::from_str(addr).map_err(|_| bad())?.to_canonical();
        let width = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => width,
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|&p| p <= width)
                .ok_or_else(bad)?,
        };
        Ok(Network { addr, prefix })
    }
}

impl fmt::Display for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.addr, self.prefix)
    }
}

/// The proxies whose forwarding headers are believed (none by default).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<Network>);

impl TrustedProxies {
    /// Parses a list of addresses and networks, each item possibly comma-separated.
    pub fn parse<S: AsRef<str>>(items: &[S]) -> Result<TrustedProxies, BadNetwork> {
        let mut networks = Vec::new();
        for item in items {
            for part in item.as_ref().split(',').filter(|p| !p.trim().is_empty()) {
                networks.push(part.parse()?);
            }
        }
        Ok(TrustedProxies(networks))
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|n| n.contains(ip))
    }

    /// The client's address: `peer` itself unless `peer` is a trusted proxy, else the rightmost
    /// untrusted address its forwarding header names. An entry that is not an address (a
    /// garbled or hidden one) ends the walk at the proxy that reported it.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = peer.to_canonical();
        if !self.trusts(peer) {
            return peer;
        }
        let chain = forwarded_for(headers);
        let mut client = peer;
        for entry in chain.iter().rev() {
            let Some(ip) = parse_hop(entry) else {
                return client;
            };
            client = ip;
            if !self.trusts(ip) {
                break;
            }
        }
        client
    }
}

/// The hops of `X-Forwarded-For`, or else of `Forwarded`'s `for=` parameters, left to right.
fn forwarded_for(headers: &HeaderMap) -> Vec<String> {
    let values = |name: HeaderName| -> Vec<String> {
        headers
            .get_all(name)
            .iter()
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
            .collect()
    };
    let xff = values(HeaderName::from_static("x-forwarded-for"));
    if !xff.is_empty() {
        return xff
            .iter()
            .flat_map(|v| v.split(','))
            .map(|s| s.trim().to_string())
            .collect();
    }
    values(axum::http::header::FORWARDED)
        .iter()
        .flat_map(|v| v.split(','))
        .map(|element| {
            element
                .split(';')
                .filter_map(|pair| pair.split_once('='))
                .find(|(k, _)| k.trim().eq_ignore_ascii_case("for"))
                .map(|(_, v)| v.trim().trim_matches('"').to_string())
                .unwrap_or_default()
        })
        .collect()
}

/// An address from one hop: `1.2.3.4`, `1.2.3.4:80`, `::1`, `[::1]`, `[::1]:80`.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    if let Ok(ip) = hop.parse::<IpAddr>() {
        return Some(ip.to_canonical());
    }
    if let Ok(addr) = hop.parse::<SocketAddr>() {
        return Some(addr.ip().to_canonical());
    }
    hop.strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .and_then(|h| h.parse::<IpAddr>().ok())
        .map(|ip| ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (k, v) in pairs {
            map.append(
                HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        map
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn networks_parse_and_contain() {
        let net: Network = "10.1.0.0/16".parse().unwrap();
        assert!(net.contains(ip("10.1.200.3")));
        assert!(!net.contains(ip("10.2.0.1")));
        assert!(
            net.contains(ip("::ffff:10.1.0.9")),
            "IPv4-mapped peers count"
        );
        let one: Network = "::1".parse().unwrap();
        assert!(one.contains(ip("::1")) && !one.contains(ip("::2")));
        let all: Network = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("8.8.8.8")) && !all.contains(ip("::1")));
        for bad in [
            "",
            "10.0.0.0/33",
            "10.0.0/8",
            "proxy",
            "::1/129",
            "10.0.0.1/x",
        ] {
            assert!(bad.parse::<Network>().is_err(), "{bad:?}");
        }
        let list = TrustedProxies::parse(&["10.0.0.1, 10.0.0.2", "192.168.0.0/24"]).unwrap();
        assert_eq!(list.0.len(), 3);
        assert!(TrustedProxies::parse(&["10.0.0.1,nonsense"]).is_err());
    }

    #[test]
    fn headers_count_only_from_trusted_proxies() {
        let trusted = TrustedProxies::parse(&["10.0.0.0/8"]).unwrap();
        let spoof = headers(&[("x-forwarded-for", "1.1.1.1")]);
        // A client that is not a proxy cannot name another address.
        assert_eq!(trusted.client(ip("203.0.113.9"), &spoof), ip("203.0.113.9"));
        // No proxies configured: never believed.
        let none = TrustedProxies::default();
        assert_eq!(none.client(ip("10.0.0.1"), &spoof), ip("10.0.0.1"));
        // From the proxy: the rightmost untrusted entry; what the client put in front is not it.
        let chain = headers(&[("x-forwarded-for", "6.6.6.6, 198.51.100.7, 10.0.0.5")]);
        assert_eq!(trusted.client(ip("10.0.0.1"), &chain), ip("198.51.100.7"));
        // Several header lines are one list.
        let split = headers(&[
            ("x-forwarded-for", "6.6.6.6"),
            ("x-forwarded-for", "198.51.100.8:5555"),
        ]);
        assert_eq!(trusted.client(ip("10.0.0.1"), &split), ip("198.51.100.8"));
        // No header from the proxy: the proxy's own address.
        assert_eq!(
            trusted.client(ip("10.0.0.1"), &HeaderMap::new()),
            ip("10.0.0.1")
        );
        // Garbage where the client should be: the proxy that reported it.
        let garbled = headers(&[("x-forwarded-for", "1.2.3.4, nonsense, 10.0.0.5")]);
        assert_eq!(trusted.client(ip("10.0.0.1"), &garbled), ip("10.0.0.5"));
        // Every entry trusted: the leftmost.
        let inside = headers(&[("x-forwarded-for", "10.9.9.9, 10.0.0.5")]);
        assert_eq!(trusted.client(ip("10.0.0.1"), &inside), ip("10.9.9.9"));
    }

    #[test]
    fn the_forwarded_header_is_read_when_there_is_no_x_forwarded_for() {
        let trusted = TrustedProxies::parse(&["10.0.0.1"]).unwrap();
        let h = headers(&[(
            "forwarded",
            r#"for=6.6.6.6, for="[2001:db8::7]:4711";proto=https, For=10.0.0.1"#,
        )]);
        assert_eq!(trusted.client(ip("10.0.0.1"), &h), ip("2001:db8::7"));
        let hidden = headers(&[("forwarded", "for=_hidden;proto=http")]);
        assert_eq!(trusted.client(ip("10.0.0.1"), &hidden), ip("10.0.0.1"));
        // X-Forwarded-For wins when both are there.
        let both = headers(&[
            ("forwarded", "for=6.6.6.6"),
            ("x-forwarded-for", "198.51.100.9"),
        ]);
        assert_eq!(trusted.client(ip("10.0.0.1"), &both), ip("198.51.100.9"));
    }
}
