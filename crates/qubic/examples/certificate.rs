//! Writes the certificate of Patashnik's strategy and re-checks it with the independent
//! checker: `cargo run --release -p ludomat-qubic --example certificate -- OUT.cert.gz`.

use std::time::Instant;

use ludomat_qubic::proof3d::certificate::{write, PatashnikStrategy};
use ludomat_qubic::proof3d::dictionary::Dictionary;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args()
        .nth(1)
        .ok_or("usage: certificate OUT.cert.gz")?;
    let strategy = PatashnikStrategy::new(Dictionary::patashnik()?);
    let t = Instant::now();
    let (cert, report) = write(&strategy)?;
    let gz = cert.to_gzip()?;
    ludomat_io::write::atomically(&out, &gz)?;
    ludomat_io::outln!(
        "written {out}: {} records, {} bytes raw, {} bytes gzip, in {:.2} s",
        cert.records.len(),
        cert.to_bytes().len(),
        gz.len(),
        t.elapsed().as_secs_f64()
    );
    ludomat_io::outln!("{report:?}");
    let t = Instant::now();
    let g = ludomat_qubic_verify::Geometry::new();
    let back = ludomat_qubic_verify::Certificate::read(&gz)?;
    let r = ludomat_qubic_verify::verify(&g, &back)?;
    ludomat_io::outln!("re-checked in {:.2} s: {r:?}", t.elapsed().as_secs_f64());
    Ok(())
}
