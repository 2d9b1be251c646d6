//! The HTTP surface: the JSON API under `/api`, the SSE stream and the front end, behind
//! the guard ([`crate::guard`]) and with the security headers ([`crate::headers`]) on
//! every answer.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, FromRequest, Path, Query, Request, State};
use axum::http::{Method, StatusCode, Uri};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Extension, Json, Router};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{json, Value};
use tokio_stream::Stream;
use tower_http::compression::CompressionLayer;
use tower_http::trace::TraceLayer;

use crate::client::Client;
use crate::error::{json_rejection, status_of, ApiError};
use crate::exhibits::EXHIBITS;
use crate::guard::{Guard, HostPolicy};
use crate::visit::{Update, Visit};
use crate::Museum;

/// A JSON request body whose rejections are [`ApiError`]s with JSON messages.
pub struct Body<T>(pub T);

impl<T: DeserializeOwned + Send> FromRequest<Museum> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &Museum) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(v)) => Ok(Body(v)),
            Err(rejection) => Err(json_rejection(&rejection, state.config().max_body_bytes)),
        }
    }
}

/// The museum's routes with `museum` as their state, guarded by `policy`: the API
/// described in the README and the embedded front end.
pub(crate) fn router(museum: Museum, policy: Arc<HostPolicy>) -> Router {
    let limit = museum.config().max_body_bytes;
    let guard = Guard {
        policy,
        museum: museum.clone(),
    };
    Router::new()
        .route("/api/exhibits", get(list_exhibits))
        .route("/api/visits", post(create_visit))
        .route("/api/visits/{id}", get(get_visit).delete(delete_visit))
        .route("/api/visits/{id}/actions", post(apply_action))
        .route("/api/visits/{id}/events", get(events))
        .route("/api/visits/{id}/autoplay", post(start_autoplay))
        .route("/api/visits/{id}/stop", post(stop_autoplay))
        .route("/api/visits/{id}/run", post(start_run))
        .route("/api/visits/{id}/kit.pdf", get(crate::kit::kit_pdf))
        .route("/api/visits/{id}/release", post(release_visit))
        .route("/api/{*rest}", axum::routing::any(unknown_api))
        .method_not_allowed_fallback(method_not_allowed)
        .fallback(crate::assets::asset)
        .layer(DefaultBodyLimit::max(limit))
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn_with_state(guard, crate::guard::guard))
        .layer(middleware::map_response(crate::headers::secure))
        // Refusals are logged by kind, at most once a second ([`crate::refusal`]), not
        // one line per failed request.
        .layer(TraceLayer::new_for_http().on_failure(()))
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

async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!(
            "{method} is not allowed on {}: see the museum's README for the methods of each \
             endpoint",
            uri.path()
        ),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewVisit {
    kind: String,
    #[serde(default)]
    config: Value,
}

/// A visit as `POST /api/visits` and `GET /api/visits/{id}` give it.
#[derive(Serialize)]
struct VisitInfo<'a> {
    id: &'a str,
    kind: &'a str,
    config: Value,
    view: Option<&'a RawValue>,
    running: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    job: Option<&'static str>,
    seq: u64,
}

/// The visit with its view, built off the async threads when no page watches.
async fn visit_json(museum: &Museum, visit: Arc<Visit>) -> Result<Response, ApiError> {
    museum
        .blocking(move || {
            let latest = visit.latest_with_view();
            Json(VisitInfo {
                id: &visit.id,
                kind: visit.kind,
                config: visit.config_json(),
                view: latest.view.as_deref(),
                running: latest.running,
                job: latest.job,
                seq: latest.seq,
            })
            .into_response()
        })
        .await
}

async fn create_visit(
    State(museum): State<Museum>,
    Extension(Client(client)): Extension<Client>,
    Body(req): Body<NewVisit>,
) -> Result<Response, ApiError> {
    let visit = museum.create(&req.kind, req.config, client).await?;
    let mut answer = visit_json(&museum, visit).await?;
    *answer.status_mut() = StatusCode::CREATED;
    Ok(answer)
}

async fn get_visit(
    State(museum): State<Museum>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let visit = museum.get(&id)?;
    visit_json(&museum, visit).await
}

async fn delete_visit(
    State(museum): State<Museum>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    museum.delete(&id)?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST …/release`: what a page sends (a beacon, any body, ignored) as it goes away.
async fn release_visit(
    State(museum): State<Museum>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    museum.delete(&id)?;
    Ok(StatusCode::NO_CONTENT)
}

/// An action's answer.
#[derive(Serialize)]
struct Applied<'a> {
    happenings: &'a [Value],
    view: Option<&'a RawValue>,
    seq: u64,
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
) -> Result<Response, ApiError> {
    let visit = museum.get(&id)?;
    let inline = query.refusals.as_deref() == Some("inline");
    let held = Arc::clone(&visit);
    match museum.blocking(move || held.apply(action)).await? {
        Ok(update) => Ok(Json(Applied {
            happenings: &update.happenings,
            view: update.view.as_deref(),
            seq: update.seq,
        })
        .into_response()),
        Err(e) if inline => Ok(Json(json!({
            "refused": { "status": status_of(&e).as_u16(), "error": e.to_string() },
            "seq": visit.latest().seq,
        }))
        .into_response()),
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RunRequest {
    /// A bounded action applied `times` times …
    #[serde(default)]
    action: Option<Value>,
    #[serde(default)]
    times: Option<u64>,
    /// … or the session's long run of this name.
    #[serde(default)]
    long_run: Option<String>,
    /// Its settings (e.g. `{"search_after": 7}`).
    #[serde(default)]
    params: Option<Value>,
}

async fn start_run(
    State(museum): State<Museum>,
    Path(id): Path<String>,
    Body(req): Body<RunRequest>,
) -> Result<Response, ApiError> {
    let visit = museum.get(&id)?;
    let answer = match req {
        RunRequest {
            long_run: Some(name),
            action: None,
            times: None,
            params,
        } => {
            museum
                .start_long_run(&visit, name, params.unwrap_or(Value::Null))
                .await?
        }
        RunRequest {
            long_run: None,
            action: Some(action),
            times: Some(times),
            params: None,
        } if action.is_object() => museum.start_run(&visit, action, times).await?,
        _ => {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "run: give either `action` (an action object such as {\"type\": \"play_games\", \"n\": 1000}) and `times`, or `long_run` (a name such as \"verify\")",
            ))
        }
    };
    Ok((StatusCode::ACCEPTED, Json(answer)).into_response())
}

async fn stop_autoplay(
    State(museum): State<Museum>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let visit = museum.get(&id)?;
    let was = museum.blocking(move || visit.stop_job()).await?;
    Ok(Json(
        json!({ "running": false, "was_running": was.is_some() }),
    ))
}

fn state_event(update: &Update) -> Event {
    Event::default()
        .event("state")
        .id(update.seq.to_string())
        .json_data(update)
        .unwrap_or_else(|_| Event::default().event("state").data("{}"))
}

/// The shortest time between two updates on one event stream.
const SSE_GAP: Duration = Duration::from_millis(40);

async fn events(
    State(museum): State<Museum>,
    Path(id): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let visit = museum.get(&id)?;
    let (updates, guard) = museum.blocking(move || visit.stream_opened()).await?;
    // The current state at once, then the latest after each change (a watch channel
    // keeps only the latest: a slow reader skips to it), at most one per `SSE_GAP` (the
    // last one always goes out: a change during the gap is seen after it), until the
    // visit's page goes or the museum stops or lets the visit go. Every update published
    // while a stream is open has its view.
    let stream = futures_util::stream::unfold(
        (updates, museum.stopping(), guard, true),
        |(mut updates, mut stopping, guard, first)| async move {
            let mut first = first;
            loop {
                if !first {
                    tokio::select! {
                        () = tokio::time::sleep(SSE_GAP) => {}
                        _ = stopping.wait_for(|s| *s) => return None,
                    }
                    tokio::select! {
                        changed = updates.changed() => changed.ok()?,
                        _ = stopping.wait_for(|s| *s) => return None,
                    }
                }
                first = false;
                if *stopping.borrow() || guard.visit().ended() {
                    return None;
                }
                let update = updates.borrow_and_update().clone();
                if update.view.is_some() {
                    return Some((Ok(state_event(&update)), (updates, stopping, guard, false)));
                }
            }
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
