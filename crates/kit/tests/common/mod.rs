//! Reading back our own PDFs: pages, MediaBoxes, and the filled rectangles of the
//! content streams (the fronts), trusting nothing the layout says.

#![allow(dead_code)]

use ludomat_kit::size::PT_PER_MM;

/// One page of a PDF: its MediaBox and its decoded content stream.
pub struct PdfPage {
    pub media_box: [f32; 4],
    pub content: String,
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    hay.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|i| i + from)
}

/// Every object `n 0 obj … endobj` as (number, dictionary text, decoded stream).
fn objects(pdf: &[u8]) -> Vec<(u32, String, Option<Vec<u8>>)> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(o) = find(pdf, b" 0 obj", at) {
        let start = pdf[..o]
            .iter()
            .rposition(|c| !c.is_ascii_digit())
            .map_or(0, |i| i + 1);
        let num: u32 = std::str::from_utf8(&pdf[start..o])
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let end = find(pdf, b"endobj", o).unwrap_or(pdf.len());
        let body = &pdf[o + 6..end];
        let (dict, stream) = match find(body, b"stream", 0) {
            Some(s) if !body[..s].ends_with(b"end") => {
                let mut data_start = s + 6;
                if body.get(data_start) == Some(&b'\r') {
                    data_start += 1;
                }
                if body.get(data_start) == Some(&b'\n') {
                    data_start += 1;
                }
                let data_end = find(body, b"endstream", data_start).unwrap_or(body.len());
                let raw = &body[data_start..data_end];
                let dict = String::from_utf8_lossy(&body[..s]).to_string();
                let data = if dict.contains("/FlateDecode") {
                    ludomat_io::read::capped(flate2::read::ZlibDecoder::new(raw), 64 << 20)
                        .unwrap_or_default()
                } else {
                    raw.to_vec()
                };
                (dict, Some(data))
            }
            _ => (String::from_utf8_lossy(body).to_string(), None),
        };
        out.push((num, dict, stream));
        at = end;
    }
    out
}

fn numbers_after(text: &str, key: &str) -> Option<Vec<f32>> {
    let i = text.find(key)? + key.len();
    let rest = text[i..].trim_start().strip_prefix('[')?;
    let end = rest.find(']')?;
    Some(
        rest[..end]
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect(),
    )
}

fn reference_after(text: &str, key: &str) -> Option<u32> {
    let i = text.find(key)? + key.len();
    let digits: String = text[i..]
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The pages of `pdf`, in object order (krilla writes them in page order).
pub fn pages(pdf: &[u8]) -> Vec<PdfPage> {
    let objs = objects(pdf);
    let mut out = Vec::new();
    for (_, dict, _) in &objs {
        let compact = dict.replace(' ', "");
        let is_page = compact.contains("/Type/Page/") || compact.contains("/Type/Page>");
        if !is_page {
            continue;
        }
        let media = numbers_after(dict, "/MediaBox").unwrap_or_default();
        let content = reference_after(dict, "/Contents")
            .and_then(|r| objs.iter().find(|(n, _, _)| *n == r))
            .and_then(|(_, _, s)| s.clone())
            .map(|s| String::from_utf8_lossy(&s).to_string())
            .unwrap_or_default();
        out.push(PdfPage {
            media_box: [
                media.first().copied().unwrap_or(f32::NAN),
                media.get(1).copied().unwrap_or(f32::NAN),
                media.get(2).copied().unwrap_or(f32::NAN),
                media.get(3).copied().unwrap_or(f32::NAN),
            ],
            content,
        });
    }
    out
}

/// The filled, unstroked four-cornered axis-aligned paths of a content stream, as
/// (width, height) in mm: the fronts and other filled rectangles.
pub fn filled_rects_mm(content: &str) -> Vec<(f32, f32)> {
    let mut out = Vec::new();
    let mut stack: Vec<f32> = Vec::new();
    let mut path: Vec<(f32, f32)> = Vec::new();
    let mut closed = false;
    for tok in content.split_whitespace() {
        if let Ok(v) = tok.parse::<f32>() {
            stack.push(v);
            continue;
        }
        match tok {
            "m" => {
                path.clear();
                closed = false;
                if let [.., x, y] = stack[..] {
                    path.push((x, y));
                }
            }
            "l" => {
                if let [.., x, y] = stack[..] {
                    path.push((x, y));
                }
            }
            "c" => path.push((f32::NAN, f32::NAN)),
            "h" => closed = true,
            "f" | "f*" => {
                if closed && path.len() == 4 && path.iter().all(|p| p.0.is_finite()) {
                    let xs: Vec<f32> = path.iter().map(|p| p.0).collect();
                    let ys: Vec<f32> = path.iter().map(|p| p.1).collect();
                    let axis = (0..4).all(|i| {
                        let (a, b) = (path[i], path[(i + 1) % 4]);
                        (a.0 - b.0).abs() < 1e-3 || (a.1 - b.1).abs() < 1e-3
                    });
                    if axis {
                        let w = xs.iter().cloned().fold(f32::MIN, f32::max)
                            - xs.iter().cloned().fold(f32::MAX, f32::min);
                        let h = ys.iter().cloned().fold(f32::MIN, f32::max)
                            - ys.iter().cloned().fold(f32::MAX, f32::min);
                        out.push((w / PT_PER_MM, h / PT_PER_MM));
                    }
                }
                path.clear();
            }
            "S" | "B" | "B*" | "n" | "b" | "s" => path.clear(),
            _ => {}
        }
        stack.clear();
    }
    out
}

/// How many filled rectangles of `w` × `h` mm (to 0.1 mm) a page draws.
pub fn fronts_of_size(page: &PdfPage, w: f32, h: f32) -> usize {
    filled_rects_mm(&page.content)
        .iter()
        .filter(|(a, b)| (a - w).abs() <= 0.1 && (b - h).abs() <= 0.1)
        .count()
}
