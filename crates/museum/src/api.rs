//! The HTTP surface: the JSON API under `/api`, the SSE stream and the front end.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio_stream::wrappers::WatchStream;
use tokio_stream::{Stream, StreamExt};
use tower_http::compression::CompressionLayer;
use tower_http::trace::TraceLayer;

use crate::error::{status_of, ApiError, Body};
use crate::exhibits::EXHIBITS;
use crate::visit::Visit;
use crate::Museum;

/// The museum's routes, with `museum` as their state: the API described in the README
/// and the embedded front end.
pub fn router(museum: Museum) -> Router {
    let limit = museum.config().max_body_bytes;
    Router::new()
        .route("/api/exhibits", get(list_exhibits))
        .route("/api/visits", post(create_visit))
        .route("/api/visits/{id}", get(get_visit).delete(delete_visit))
        .route("/api/visits/{id}/actions", post(apply_action))
        .route("/api/visits/{id}/events", get(events))
        .route("/api/visits/{id}/autoplay", post(start_autoplay))
        .route("/api/visits/{id}/stop", post(stop_autoplay))
        .route("/api/{*rest}", axum::routing::any(unknown_api))
        .fallback(crate::assets::asset)
        .layer(DefaultBodyLimit::max(limit))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http())
        .with_state(museum)
}

async fn list_exhibits() -> Json<Value> {
    Json(json!(EXHIBITS))
}

async fn unknown_api(Path(rest): Path<String>) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!("no API endpoint /api/{rest} (or not with this method): see the museum's README"),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewVisit {
    kind: String,
    #[serde(default)]
    config: Value,
}

fn visit_json(visit: &Visit) -> Value {
    let latest = visit.latest();
    json!({
        "id": visit.id,
        "kind": visit.kind,
        "config": visit.config_json(),
        "view": latest.view,
        "running": latest.running,
        "seq": latest.seq,
    })
}

async fn create_visit(
    State(museum): State<Museum>,
    Body(req): Body<NewVisit>,
) -> Result<Response, ApiError> {
    let visit = museum.create(&req.kind, req.config).await?;
    Ok((StatusCode::CREATED, Json(visit_json(&visit))).into_response())
}

async fn get_visit(
    State(museum): State<Museum>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let visit = museum.get(&id)?;
    Ok(Json(visit_json(&visit)))
}

async fn delete_visit(
    State(museum): State<Museum>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    museum.delete(&id)?;
    Ok(StatusCode::NO_CONTENT)
}

/// `?refusals=inline`: a refused action answers 200 with `{"refused": {status, error}}`
/// instead of its 4xx, so a page can show the refusal as part of the exhibit (a browser
/// logs every 4xx answer in its console as an error).
#[derive(Deserialize)]
struct ActionQuery {
    #[serde(default)]
    refusals: Option<String>,
}

async fn apply_action(
    State(museum): State<Museum>,
    Path(id): Path<String>,
    Query(query): Query<ActionQuery>,
    Body(action): Body<Value>,
) -> Result<Json<Value>, ApiError> {
    let visit = museum.get(&id)?;
    let inline = query.refusals.as_deref() == Some("inline");
    let held = Arc::clone(&visit);
    match museum.blocking(move || held.apply(action)).await? {
        Ok(update) => Ok(Json(json!({
            "happenings": update.happenings,
            "view": update.view,
            "seq": update.seq,
        }))),
        Err(e) if inline => Ok(Json(json!({
            "refused": { "status": status_of(&e).as_u16(), "error": e.to_string() },
            "seq": visit.latest().seq,
        }))),
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Autoplay {
    action: Value,
    interval_ms: u64,
}

async fn start_autoplay(
    State(museum): State<Museum>,
    Path(id): Path<String>,
    Body(req): Body<Autoplay>,
) -> Result<Response, ApiError> {
    let visit = museum.get(&id)?;
    if !req.action.is_object() {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "autoplay: `action` must be an action object such as {\"type\": \"step\"}",
        ));
    }
    let interval = museum.autoplay(&visit, req.action, Duration::from_millis(req.interval_ms));
    Ok((
        StatusCode::ACCEPTED,
        Json(json!({
            "running": true,
            "interval_ms": u64::try_from(interval.as_millis()).unwrap_or(u64::MAX),
        })),
    )
        .into_response())
}

async fn stop_autoplay(
    State(museum): State<Museum>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let visit = museum.get(&id)?;
    let was = museum.blocking(move || visit.cancel_autoplay()).await?;
    Ok(Json(json!({ "running": false, "was_running": was })))
}

/// The shortest time between two updates on one event stream.
const SSE_GAP: Duration = Duration::from_millis(40);

async fn events(
    State(museum): State<Museum>,
    Path(id): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let visit = museum.get(&id)?;
    let (rx, guard) = visit.stream_opened();
    let guard = Arc::new(guard);
    // A watch channel keeps only the latest update: a slow reader skips to it. At most
    // one update per `SSE_GAP` goes out, the latest (the last one always does): a page
    // watching a fast autoplay draws what is current instead of working through a queue.
    let stream = WatchStream::new(rx).throttle(SSE_GAP).map(move |update| {
        let _keep = &guard;
        Ok(Event::default()
            .event("state")
            .id(update.seq.to_string())
            .json_data(&*update)
            .unwrap_or_else(|_| Event::default().event("state").data("{}")))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
