//! The front end, built by Vite into `web/dist/` (committed) and embedded in the binary.

use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

/// The built front end.
#[derive(RustEmbed)]
#[folder = "web/dist/"]
struct Assets;

/// The page for a path: a file of `web/dist`, or `index.html` for `/` and every
/// `/exhibits/<kind>` (the page reads the kind and the config from the URL).
/// Answers a request outside `/api` from the embedded front end.
pub async fn asset(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() || path.starts_with("exhibits/") {
        "index.html"
    } else {
        path
    };
    match Assets::get(path) {
        Some(file) => (
            [
                (header::CONTENT_TYPE, file.metadata.mimetype().to_string()),
                // File names are fixed (no hashes), so the browser must revalidate.
                (header::CACHE_CONTROL, "no-cache".to_string()),
            ],
            file.data,
        )
            .into_response(),
        None => crate::ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no page /{path} in the museum"),
        )
        .into_response(),
    }
}

/// Every embedded file and its size in bytes, for the page-weight benchmark.
#[must_use]
pub fn files() -> Vec<(String, usize)> {
    Assets::iter()
        .filter_map(|p| Assets::get(&p).map(|f| (p.to_string(), f.data.len())))
        .collect()
}

/// The text of an embedded file, if it is there and is UTF-8.
#[must_use]
pub fn text(path: &str) -> Option<String> {
    Assets::get(path).and_then(|f| String::from_utf8(f.data.into_owned()).ok())
}
