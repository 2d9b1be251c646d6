//! The front end, built by Vite into `web/dist/` (committed) and embedded in the binary.

use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

/// The built front end.
#[derive(RustEmbed)]
#[folder = "web/dist/"]
struct Assets;

/// The page for a path: a file of `web/dist`, or `index.html` for `/` and every
/// `/exhibits/<kind>` of an exhibit the museum has (the page reads the kind and the
/// config from the URL); any other `/exhibits/…` (an exhibit it does not have, a
/// %-escape that is no character) is a 404 page saying so, with a link home.
/// Answers a request outside `/api` from the embedded front end.
pub async fn asset(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if let Some(kind) = path.strip_prefix("exhibits/") {
        let kind = kind.strip_suffix('/').unwrap_or(kind);
        if !crate::exhibits::EXHIBITS.iter().any(|e| e.kind == kind) {
            return no_such_exhibit(uri.path());
        }
    }
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

/// The 404 page of an exhibit the museum does not have, at `path` (as the address has
/// it, %-escapes and all): what it is, and the way home.
fn no_such_exhibit(path: &str) -> Response {
    let shown = escaped(&ludomat_io::text::fit(path, 80));
    page(
        StatusCode::NOT_FOUND,
        "No such exhibit",
        &format!(
            "<p data-no-exhibit>The museum has no exhibit at {shown}.</p>\n\
             <p><a href=\"/\">Every exhibit is on the museum's home page</a>.</p>"
        ),
    )
}

/// A refusal of a page as a short page: its heading and the refusal's sentence (the
/// words the API's JSON error gives), for a person in a browser rather than raw JSON.
/// Its address may be a name the museum does not answer to: the page links nowhere.
pub(crate) fn refusal_page(status: StatusCode, heading: &str, message: &str) -> Response {
    // A sentence of its own on the page: it begins with a capital.
    let words = crate::error::in_our_words(message);
    let mut chars = words.chars();
    let sentence = chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect::<String>()
    });
    page(
        status,
        heading,
        &format!("<p data-refusal>{}.</p>", escaped(&sentence)),
    )
}

/// `text` safe inside HTML.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// A page of its own (no script, no style sheet): `heading` and the HTML `body` under it.
fn page(status: StatusCode, heading: &str, body: &str) -> Response {
    let heading = escaped(heading);
    let page = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{heading} — the ludomat museum</title>\n\
         <link rel=\"icon\" href=\"data:,\">\n</head>\n<body>\n<main>\n\
         <h1>{heading}</h1>\n{body}\n</main>\n</body>\n</html>\n"
    );
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8".to_string()),
            (header::CACHE_CONTROL, "no-cache".to_string()),
        ],
        page,
    )
        .into_response()
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
