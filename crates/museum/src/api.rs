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

use crate::class::Class;
use crate::client::Client;
use crate::error::{json_rejection, status_of, ApiError};
use crate::exhibits::EXHIBITS;
use crate::guard::{Guard, HostPolicy};
use crate::said::Said;
use crate::visit::{Update, Visit};
use crate::Museum;
use axum::extract::rejection::JsonRejection;

/// A JSON request body whose rejections are [`ApiError`]s with JSON messages, with its
/// text ([`Said`]): a refusal says a number as the visitor wrote it, and where. A field
/// given twice in one object is refused, naming it and where.
pub(crate) struct Body<T>(pub T, pub Said);

impl<T: DeserializeOwned + Send> FromRequest<Museum> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &Museum) -> Result<Self, Self::Rejection> {
        let limit = state.config().max_body_bytes;
        let json = crate::headers::is_json(req.headers());
        // A body in an encoding (gzip) is refused as that, before it is read as JSON.
        if let Some(encoding) = crate::headers::encoded(req.headers()) {
            return Err(crate::error::encoded(&encoding));
        }
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|r| json_rejection(&r.into(), limit))?;
        if !json {
            return Err(crate::error::not_json());
        }
        // Every body the API takes is an object: a list or a value alone is refused as
        // that (serde would read a list as the object's fields in order).
        if let Some(refused) = crate::error::not_an_object(&bytes) {
            return Err(refused);
        }
        let text = std::str::from_utf8(&bytes).unwrap_or_default();
        // `-0` is read as the 0 it is, so the session says the field's own range.
        let zero = Said::read(text).ok().and_then(|s| s.minus_zero_as_zero());
        match axum::Json::<T>::from_bytes(zero.as_deref().unwrap_or(&bytes)) {
            Ok(axum::Json(v)) => {
                let said = Said::read(text)
                    .map_err(|twice| ApiError::new(StatusCode::BAD_REQUEST, twice.words()))?;
                Ok(Body(v, said))
            }
            Err(rejection) => {
                let refused = json_rejection(&rejection, limit);
                // JSON of the wrong shape: its number as written, where.
                match (&rejection, Said::read(text)) {
                    (JsonRejection::JsonDataError(_), Ok(said)) => Err(said.refused(refused)),
                    (_, Err(twice)) if matches!(rejection, JsonRejection::JsonDataError(_)) => {
                        Err(ApiError::new(StatusCode::BAD_REQUEST, twice.words()))
                    }
                    _ => Err(refused),
                }
            }
        }
    }
}

/// The museum's routes with `museum` as their state, guarded by `policy`: the API
/// described in the README and the embedded front end.
pub(crate) fn router(museum: Museum, policy: Arc<HostPolicy>, class: Arc<Class>) -> Router {
    let limit = museum.config().max_body_bytes;
    let guard = Guard {
        policy,
        museum: museum.clone(),
    };
    Router::new()
        .route("/api/exhibits", get(list_exhibits))
        .route("/api/museum", get(about_museum))
        .route("/api/class.svg", get(class_qr))
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
        .fallback(page)
        .layer(DefaultBodyLimit::max(limit))
        // Every error an API answer can carry is JSON, axum's own rejections too (a bad
        // query, a path that is not UTF-8 once decoded).
        .layer(middleware::map_response(crate::error::json_errors))
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn_with_state(guard, crate::guard::guard))
        .layer(middleware::map_response(crate::headers::secure))
        .layer(Extension(class))
        // Refusals are logged by kind, at most once a second ([`crate::refusal`]), not
        // one line per failed request.
        .layer(TraceLayer::new_for_http().on_failure(()))
        .with_state(museum)
}

async fn list_exhibits() -> Json<Value> {
    Json(json!(EXHIBITS))
}

/// `GET /api/museum`: the limits every visitor meets (so a page can tell them before a
/// run starts) and where students reach the museum.
async fn about_museum(
    State(museum): State<Museum>,
    Extension(class): Extension<Arc<Class>>,
) -> Json<Value> {
    Json(json!({
        "limits": crate::class::limits(museum.config()),
        "class": class.describe(),
    }))
}

/// `GET /api/class.svg`: the QR code of the first address students can type.
async fn class_qr(Extension(class): Extension<Arc<Class>>) -> Result<Response, ApiError> {
    let svg = class.qr_svg().ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "this museum is reachable from this machine only (bound to loopback): start it \
             with --bind 0.0.0.0 to let a class on the same network in",
        )
    })?;
    Ok(([(axum::http::header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

async fn unknown_api(Path(rest): Path<String>) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!("no API endpoint /api/{rest} (or not with this method): see the museum's README"),
    )
}

/// A page of the front end ([`crate::assets`]) for GET and HEAD; any other method on a
/// page is refused as on the API (405, with `Allow`), and on no page, 404.
async fn page(method: Method, uri: Uri) -> Response {
    if let Some(refused) = crate::error::target_not_served(&method, &uri) {
        return refused.into_response();
    }
    let path = uri.path().to_string();
    let answer = crate::assets::asset(uri).await;
    if matches!(method, Method::GET | Method::HEAD) || !answer.status().is_success() {
        return answer;
    }
    let mut refused = ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{method} is not allowed on {path}: a page of the museum is only read (GET)"),
    )
    .into_response();
    refused.headers_mut().insert(
        axum::http::header::ALLOW,
        axum::http::HeaderValue::from_static("GET,HEAD"),
    );
    refused
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
    /// The latest change's note (why a job stopped), as the event stream sends it.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
    seq: u64,
}

/// The visit with its view, built off the async threads when no page watches.
async fn visit_json(museum: &Museum, visit: Arc<Visit>) -> Result<Response, ApiError> {
    museum
        .blocking(visit.client, move || {
            let latest = visit.latest_with_view();
            Json(VisitInfo {
                id: &visit.id,
                kind: visit.kind,
                config: visit.config_json(),
                view: latest.view.as_deref(),
                running: latest.running,
                job: latest.job,
                note: latest.note.as_deref(),
                seq: latest.seq,
            })
            .into_response()
        })
        .await
}

async fn create_visit(
    State(museum): State<Museum>,
    Extension(Client(client)): Extension<Client>,
    Body(mut req, said): Body<NewVisit>,
) -> Result<Response, ApiError> {
    // A seed written `1e3` is the 1,000 it is, as every count's is.
    crate::said::whole_numbers_read_whole(&mut req.config);
    let visit = museum
        .create(&req.kind, req.config, client)
        .await
        .map_err(|e| said.refused(e))?;
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

/// `DELETE …`: the visit let go. A run it had (going or waiting) lets go of its run
/// slot and its client's share as it notices, within milliseconds: answered after, as
/// a stop is, so the client's next run can start at once.
async fn delete_visit(
    State(museum): State<Museum>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    // Answered at once: a run of the visit lets go of its share as it notices (its
    // client's next run waits for that, [`Museum::stopped_runs_let_go`]).
    museum.delete(&id)?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST …/release`: what a page sends (a beacon, any body, ignored) as it goes away;
/// answered as `DELETE` is.
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
    #[serde(skip_serializing_if = "crate::visit::is_zero")]
    omitted: u64,
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
    Body(action, said): Body<Value>,
) -> Result<Response, ApiError> {
    let visit = museum.get(&id)?;
    let inline = query.refusals.as_deref() == Some("inline");
    // An action of many units (a `run` of games) is background work, as an autoplay's
    // steps are: never in the slots kept for visitors' moves, on a lower-priority thread
    // (the hostile trial: two `run`s of 10,000 games at a time pushed thirty students'
    // moves to a p99 of 0.3–0.6 s).
    let many = visit.work_of(&action).is_some_and(|w| w.amount > 1);
    let held = Arc::clone(&visit);
    let apply = move || held.apply(action);
    let applied = if many {
        museum.background(visit.client, apply).await?
    } else {
        museum.blocking(visit.client, apply).await?
    };
    match applied {
        Ok(update) => Ok(Json(Applied {
            happenings: &update.happenings,
            omitted: update.omitted,
            view: update.view.as_deref(),
            seq: update.seq,
        })
        .into_response()),
        Err(e) if inline => Ok(Json(json!({
            "refused": {
                "status": status_of(&e).as_u16(),
                "error": said.words(&crate::error::session_words(&e)),
            },
            "seq": visit.latest().seq,
        }))
        .into_response()),
        Err(e) => Err(said.refused(e.into())),
    }
}

/// A duration in whole milliseconds, as the API says them.
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Autoplay {
    action: Value,
    /// Read here, so that a value that is not a count of milliseconds says the range
    /// the museum plays at (not the type's, 0 to 18,446,…).
    interval_ms: Value,
}

async fn start_autoplay(
    State(museum): State<Museum>,
    Path(id): Path<String>,
    Body(req, said): Body<Autoplay>,
) -> Result<Response, ApiError> {
    let visit = museum.get(&id)?;
    if !req.action.is_object() {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "autoplay: 'action' must be an action object, as POST …/actions takes",
        ));
    }
    let c = museum.config();
    // One rule: a value outside the range is refused with the range, never clamped.
    // In the one wording of every count: `autoplay: interval_ms must be from 10 to 60,000
    // milliseconds (it was 5)`.
    let interval = ludomat_game::CountField {
        action: "autoplay",
        field: "interval_ms",
        min: millis(c.min_interval),
        max: millis(c.max_interval),
        unit: "milliseconds",
    };
    let mut ms = json!({ "interval_ms": req.interval_ms });
    interval
        .check_json(&mut ms)
        .map_err(|e| said.refused(e.into()))?;
    let ms = ms["interval_ms"].as_u64().unwrap_or(interval.min);
    let interval = museum
        .autoplay(&visit, req.action, Duration::from_millis(ms))
        .map_err(|e| said.refused(e))?;
    Ok((
        StatusCode::ACCEPTED,
        Json(json!({
            "running": true,
            "interval_ms": millis(interval),
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
    /// Read here, so that a value out of range says the range (1 to the museum's most).
    #[serde(default)]
    times: Option<Value>,
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
    Query(query): Query<ActionQuery>,
    Body(req, said): Body<RunRequest>,
) -> Result<Response, ApiError> {
    let inline = query.refusals.as_deref() == Some("inline");
    match run_of(&museum, &id, req, &said)
        .await
        .map_err(|e| said.refused(e))
    {
        Ok(answer) => Ok((StatusCode::ACCEPTED, Json(answer)).into_response()),
        // As for actions: a page shows the refusal (a second run of its visitor, a full
        // queue) in its message line, not as a console error.
        Err(e) if inline && e.status != StatusCode::NOT_FOUND => Ok(Json(json!({
            "refused": {
                "status": e.status.as_u16(),
                "error": crate::error::in_our_words(&e.message),
            },
        }))
        .into_response()),
        Err(e) => Err(e),
    }
}

async fn run_of(
    museum: &Museum,
    id: &str,
    req: RunRequest,
    said: &Said,
) -> Result<Value, ApiError> {
    let visit = museum.get(id)?;
    let answer = match req {
        RunRequest {
            long_run: Some(name),
            action: None,
            times: None,
            params,
        } => {
            // Named by its run, as the session's refusals of its fields are (`prove:
            // params.search_after: …`); said only once the machine has the run (its name
            // is checked first).
            let bad_params = params
                .as_ref()
                .filter(|p| !p.is_object() && !p.is_null())
                .map(|p| {
                    format!(
                        "{}: params: {} where an object was expected",
                        ludomat_io::text::fit(&ludomat_io::text::escape_controls(&name), 40),
                        match p {
                            Value::Number(_) => format!(
                                "the number {}",
                                said.written("params").unwrap_or_else(|| p.to_string())
                            ),
                            p => what_json(p),
                        }
                    )
                });
            museum
                .start_long_run(&visit, name, params.unwrap_or(Value::Null), bad_params)
                .await?
        }
        RunRequest {
            long_run: None,
            action: Some(action),
            times: Some(times),
            params: None,
        } if action.is_object() => {
            // In the one wording of every count (`run: times must be from 1 to 1,000 (it
            // was -1)`); `1e2` is read as the count it is.
            let mut times = json!({ "times": times });
            crate::run::times_field(museum.config().max_run_steps).check_json(&mut times)?;
            let n = times["times"].as_u64().unwrap_or(0);
            museum.start_run(&visit, action, n).await?
        }
        RunRequest {
            action: Some(action),
            ..
        } if !action.is_object() => {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                format!(
                    "run: 'action' must be an action object, as POST …/actions takes (it was {})",
                    as_said(said, "action", &action)
                ),
            ))
        }
        req => {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                format!(
                    "run: {}give either 'action' (an action object, as POST …/actions takes) and 'times', or 'long_run' (a name such as 'verify') with its 'params' if any",
                    fields_apart(&req)
                ),
            ))
        }
    };
    Ok(answer)
}

/// What in a run request's fields does not go together, named, ending in `; ` (nothing
/// when no field was given): `params` beside `action`, `long_run` beside `action`,
/// `times` beside `long_run`, `action` without `times`.
fn fields_apart(req: &RunRequest) -> String {
    let given = |present: bool, name: &'static str| present.then_some(name);
    let named = |names: &[&str]| {
        let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
        quoted.join(" and ")
    };
    let (action, times) = (req.action.is_some(), req.times.is_some());
    let (long_run, params) = (req.long_run.is_some(), req.params.is_some());
    if (action || times) && (long_run || params) {
        let one: Vec<&str> = [given(action, "action"), given(times, "times")]
            .into_iter()
            .flatten()
            .collect();
        let other: Vec<&str> = [given(long_run, "long_run"), given(params, "params")]
            .into_iter()
            .flatten()
            .collect();
        return format!(
            "{} {} for a long run, not beside {}; ",
            named(&other),
            if other.len() == 1 { "is" } else { "are" },
            named(&one)
        );
    }
    match (action, times, long_run, params) {
        (true, false, ..) => "'action' needs 'times' (how many times to apply it); ".into(),
        (false, true, ..) => "'times' needs 'action' (the action to apply); ".into(),
        (false, false, false, true) => "'params' needs 'long_run' (the run they set); ".into(),
        _ => String::new(),
    }
}

/// What kind of JSON value `v` is, in words (`a list`, `a text`, `the number 9`).
fn what_json(v: &Value) -> String {
    match v {
        Value::Array(_) => "a list".into(),
        Value::String(_) => "a text".into(),
        Value::Bool(_) => "true or false".into(),
        Value::Null => "null".into(),
        Value::Number(n) => format!("the number {n}"),
        Value::Object(_) => "an object".into(),
    }
}

/// The value of a request's `field` a refusal names, in the one way every refusal says
/// a value (docs/VOICE.md): a number as it was written, with thousands (`100,000`, `1e3`,
/// `-5`), anything else in words, a text in single quotes (`the text 'soon'`, `a list`)
/// — never JSON's double quotes (`"soon"`).
fn as_said(said: &Said, field: &str, v: &Value) -> String {
    match v {
        Value::Number(_) => {
            ludomat_io::text::thousands_written(&said.written(field).unwrap_or_else(|| echo(v)))
        }
        other => ludomat_io::error::value_words(other),
    }
}

/// A value a request gave, as an error echoes it: JSON, at most 80 characters.
fn echo(v: &Value) -> String {
    let text = v.to_string();
    let mut out: String = text.chars().take(79).collect();
    if text.chars().count() > 80 {
        out.push('…');
    } else {
        out = text;
    }
    out
}

async fn stop_autoplay(
    State(museum): State<Museum>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let visit = museum.get(&id)?;
    // Answered at once, without a work slot or a wait: the job is cancelled here and
    // `running: false` published; a step in progress ends its work and publishes it, a
    // run its last progress, as they notice (on the visit's event stream); a run lets go
    // of its run slot and its client's share then, and the client's next run waits for
    // that ([`Museum::stopped_runs_let_go`]).
    let was = visit.cancel_job();
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

/// The shortest time between two updates on one event stream while its visit has a run
/// going (`POST …/run`: thousands of applications back to back, each a change): a page
/// watching it gets the latest state four times a second, not every step.
const RUN_GAP: Duration = Duration::from_millis(250);

async fn events(
    State(museum): State<Museum>,
    Extension(Client(client)): Extension<Client>,
    Path(id): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let visit = museum.get(&id)?;
    let (guard, counted) = museum.count_stream(&visit, client)?;
    let (updates, guard) = museum
        .blocking(client, move || (visit.stream_receiver(&guard), guard))
        .await?;
    // The current state at once, then the latest after each change (a watch channel
    // keeps only the latest: a slow reader skips to it), at most one per `SSE_GAP` (per
    // `RUN_GAP` while a run goes; the last one always goes out: a change during the gap
    // is seen after it), until the visit's page goes or the museum stops or lets the
    // visit go. Every update published while a stream is open has its view.
    let stream = futures_util::stream::unfold(
        (updates, museum.stopping(), (guard, counted), true, 0u64),
        |(mut updates, mut stopping, guard, first, sent)| async move {
            let mut first = first;
            // The stream's first event: the current state, without earlier happenings.
            let opening = first;
            loop {
                if !first {
                    let gap = if guard.0.visit().job() == Some(crate::job::RUN) {
                        RUN_GAP
                    } else {
                        SSE_GAP
                    };
                    tokio::select! {
                        () = tokio::time::sleep(gap) => {}
                        _ = stopping.wait_for(|s| *s) => return None,
                    }
                    tokio::select! {
                        changed = updates.changed() => changed.ok()?,
                        _ = stopping.wait_for(|s| *s) => return None,
                    }
                }
                first = false;
                if *stopping.borrow() || guard.0.visit().ended() {
                    return None;
                }
                let update = updates.borrow_and_update().clone();
                if update.view.is_some() {
                    // With the happenings of the changes skipped since the last sent.
                    let update = if opening {
                        update
                    } else {
                        guard.0.visit().with_skipped(sent, &update)
                    };
                    let seq = update.seq;
                    return Some((
                        Ok(state_event(&update)),
                        (updates, stopping, guard, false, seq),
                    ));
                }
            }
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
