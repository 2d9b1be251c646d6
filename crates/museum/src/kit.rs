//! `GET /api/visits/{id}/kit.pdf`: the printable matchbox kit (`ludomat_kit`) of a MENACE
//! or HER visit's current matchboxes — what `ludomat menace kit` / `ludomat her kit`
//! print, made from the visit's latest view. Query: `box` (`15x35mm`), `paper` (`a4`,
//! `letter`), `tab` (mm), `tint` (`true`).

use axum::extract::{Path, Query, RawQuery, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use ludomat_kit::{FrontSize, Kit, KitError, Options, Paper, Part};
use serde::Deserialize;

use crate::error::ApiError;
use crate::Museum;

/// The query of a kit request.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct KitQuery {
    #[serde(rename = "box")]
    front: Option<String>,
    paper: Option<String>,
    /// Read as text: a depth that is not a number in range is refused as it was written.
    tab: Option<String>,
    tint: Option<bool>,
}

fn bad(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, message)
}

/// The glue tab's depth as the query wrote it, in mm: a number from 0 to the kit's most,
/// or a refusal quoting what was written (never `infinity` or `NaN`, never the parser's
/// words).
fn tab_depth(text: &str, sent: &str) -> Result<f32, ApiError> {
    let max = ludomat_kit::layout::MAX_TAB;
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|t| t.is_finite() && (0.0..=f64::from(max)).contains(t))
        .map(|t| t as f32)
        .ok_or_else(|| {
            bad(format!(
                "tab: {} is not a glue tab's depth: it must be a number of mm from 0 (none) to {max}",
                ludomat_io::text::quoted(sent, 40)
            ))
        })
}

/// The value of `key` in the query as it was sent (`%FF`), where its decoded text is no
/// text (bytes that are not UTF-8, decoded as U+FFFD): a refusal quotes what the visitor
/// sent, never a replacement character. Otherwise the decoded text.
fn as_sent(raw: Option<&str>, key: &str, decoded: &str) -> String {
    if !decoded.contains('\u{FFFD}') {
        return decoded.to_string();
    }
    raw.and_then(|q| {
        q.split('&')
            .filter_map(|pair| pair.split_once('='))
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.to_string())
    })
    .unwrap_or_else(|| decoded.to_string())
}

/// The kit of visit `id` as a PDF download.
pub(crate) async fn kit_pdf(
    State(museum): State<Museum>,
    Path(id): Path<String>,
    Query(q): Query<KitQuery>,
    RawQuery(raw): RawQuery,
) -> Result<Response, ApiError> {
    let raw = raw.as_deref();
    // A refusal names a value as it was sent (`%FF`, not a replacement character).
    let said =
        |key: &str, decoded: &str, e: String| e.replace(decoded, &as_sent(raw, key, decoded));
    let visit = museum.get(&id)?;
    let mut opts = Options {
        command: format!("ludomat museum: the {} visit {id}", visit.kind),
        ..Options::default()
    };
    if let Some(f) = &q.front {
        opts.front = f
            .parse::<FrontSize>()
            .map_err(|e| bad(said("box", f, e.to_string())))?;
    }
    if let Some(p) = &q.paper {
        opts.paper = p
            .parse::<Paper>()
            .map_err(|e| bad(said("paper", p, e.to_string())))?;
    }
    if let Some(t) = &q.tab {
        opts.tab = tab_depth(t, &as_sent(raw, "tab", t))?;
    }
    opts.tint = q.tint.unwrap_or(false);
    let kind = visit.kind;
    let made = museum
        .blocking(
            visit.client,
            move || -> Result<(String, Vec<u8>), KitError> {
                let view = visit
                    .latest_with_view()
                    .view
                    .as_ref()
                    .and_then(|raw| serde_json::from_str::<serde_json::Value>(raw.get()).ok())
                    .unwrap_or(serde_json::Value::Null);
                let kit = Kit::from_view(kind, &view)?;
                let doc = ludomat_kit::document(&kit, &opts, Part::Whole)?;
                let name = ludomat_kit::files_stem(&kit);
                Ok((format!("{name}-kit.pdf"), ludomat_kit::pdf::write(&doc)?))
            },
        )
        .await?;
    let (name, pdf) = made.map_err(|e| match e {
        KitError::View(_) => ApiError::new(StatusCode::NOT_FOUND, e.to_string()),
        KitError::Pdf(_) => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
        _ => bad(e.to_string()),
    })?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        pdf,
    )
        .into_response())
}
