//! Hostile certificates (issue 31): a header's record count decides no allocation, a
//! file of two gzip members is read whole, and an oversized count is refused by name.

use std::io::Write;

use ludomat_qubic_verify::format::{fnv1a, MAGIC, MAX_RECORDS, VERSION};
use ludomat_qubic_verify::{Certificate, FormatError, Record};

/// The decompressed bytes of a certificate whose header says `count` records and whose
/// body is `body`, with a valid checksum.
fn raw(count: u64, body: &[u8]) -> Vec<u8> {
    let mut d = Vec::new();
    d.extend_from_slice(MAGIC);
    d.extend_from_slice(&VERSION.to_le_bytes());
    d.extend_from_slice(&0u64.to_le_bytes());
    d.extend_from_slice(&0u64.to_le_bytes());
    d.extend_from_slice(&count.to_le_bytes());
    d.extend_from_slice(&(body.len() as u64).to_le_bytes());
    d.extend_from_slice(body);
    let sum = fnv1a(&d);
    d.extend_from_slice(&sum.to_le_bytes());
    d
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

#[test]
fn a_record_count_above_the_bound_is_refused_before_any_record() {
    // Issue 31: a 243 KB file whose header claimed many records reserved 6 GB up front.
    // A body of MAX_RECORDS + 1 one-byte moves (4 MiB, a few kilobytes compressed).
    let n = MAX_RECORDS + 1;
    let body = vec![0u8; usize::try_from(n).unwrap()];
    let gz = gzip(&raw(n, &body));
    assert!(gz.len() < 64 << 10, "{} bytes compressed", gz.len());
    // (Not `unwrap_err`, which would print four million records if it were accepted.)
    let Err(e) = Certificate::read(&gz) else {
        panic!("a count above the bound was accepted");
    };
    assert!(matches!(e, FormatError::Counts(_)), "{e}");
    assert!(e.to_string().contains("at most 4194304"), "{e}");
    // A count above the records the body holds: named, whichever way it is off.
    let e = Certificate::parse(&raw(3, &[0, 1])).unwrap_err();
    assert!(e.to_string().contains("cannot fit in 2 bytes"), "{e}");
    let e = Certificate::parse(&raw(2, &[0x42, 1, 2])).unwrap_err();
    assert!(e.to_string().contains("the body holds 1"), "{e}");
    let e = Certificate::parse(&raw(1, &[0, 1])).unwrap_err();
    assert!(e.to_string().contains("the body holds more"), "{e}");
    assert_eq!(
        Certificate::parse(&raw(2, &[0, 1])).unwrap().records.len(),
        2
    );
}

#[test]
fn two_gzip_members_are_read_as_one_file() {
    // Issue 31: `cat a.gz b.gz` was reported as "truncated".
    let d = raw(3, &[5, 0x42, 1, 2, 7]);
    let (a, b) = d.split_at(d.len() / 2);
    let mut two = gzip(a);
    two.extend(gzip(b));
    let c = Certificate::read(&two).unwrap();
    assert_eq!(
        c.records,
        vec![
            Record::Move(5),
            Record::Threats(vec![1, 2]),
            Record::Move(7)
        ]
    );
}

/// Bytes after the certificate's gzip (`printf '\n' >> c.cert.gz`) were said to be a
/// stream "cut short": named as bytes after its end, as the n-tuple loader says them.
#[test]
fn bytes_after_the_end_are_named_as_such() {
    let gz = gzip(&raw(2, &[0, 1]));
    assert!(Certificate::read(&gz).is_ok());
    for (tail, said) in [
        (
            &b"\n"[..],
            "1 byte after the end of the certificate: the file is damaged",
        ),
        (
            &b"\0\0\0\0"[..],
            "4 bytes after the end of the certificate: the file is damaged",
        ),
    ] {
        let mut more = gz.clone();
        more.extend_from_slice(tail);
        let e = Certificate::read(&more).unwrap_err();
        assert!(matches!(e, FormatError::Trailing(_)), "{e}");
        assert_eq!(e.to_string(), said);
    }
    let e = Certificate::read(&[]).unwrap_err();
    assert_eq!(e.to_string(), "the file is empty");
    // a gzip cut short is still said so
    let e = Certificate::read(&gz[..gz.len() - 3]).unwrap_err();
    assert!(matches!(e, FormatError::Gzip(_)), "{e}");
}
