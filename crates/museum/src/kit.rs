//! `GET /api/visits/{id}/kit.pdf`: the printable matchbox kit (`ludomat_kit`) of a MENACE
//! or HER visit's current matchboxes — what `ludomat menace kit` / `ludomat her kit`
//! print, made from the visit's latest view. Query: `box` (`15x35mm`), `paper` (`a4`,
//! `letter`), `tab` (mm), `tint` (`true`).

use axum::extract::{Path, Query, State};
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
fn tab_depth(text: &str) -> Result<f32, ApiError> {
    let max = ludomat_kit::layout::MAX_TAB;
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|t| t.is_finite() && (0.0..=f64::from(max)).contains(t))
        .map(|t| t as f32)
        .ok_or_else(|| {
            bad(format!(
                "tab: {} is not a glue tab's depth: it must be a number of mm from 0 (none) to {max}",
                ludomat_io::text::quoted(text, 40)
            ))
        })
}

/// The kit of visit `id` as a PDF download.
pub(crate) async fn kit_pdf(
    State(museum): State<Museum>,
    Path(id): Path<String>,
    Query(q): Query<KitQuery>,
) -> Result<Response, ApiError> {
    let visit = museum.get(&id)?;
    let mut opts = Options {
        command: format!("ludomat museum: the {} visit {id}", visit.kind),
        ..Options::default()
    };
    if let Some(f) = &q.front {
        opts.front = f.parse::<FrontSize>().map_err(|e| bad(e.to_string()))?;
    }
    if let Some(p) = &q.paper {
        opts.paper = p.parse::<Paper>().map_err(|e| bad(e.to_string()))?;
    }
    if let Some(t) = &q.tab {
        opts.tab = tab_depth(t)?;
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
