//! API errors: every refusal is a status and a JSON body `{"error": "<what was wrong>"}`.
//!
//! The one place where a [`SessionError`] becomes an HTTP status:
//!
//! | error | status |
//! |---|---|
//! | [`SessionError::Invalid`] (malformed or unknown action or config) | 400 Bad Request |
//! | [`SessionError::Refused`] (an illegal move, not your turn) | 409 Conflict |
//! | [`SessionError::TooMuch`] (more work than one action may ask) | 422 Unprocessable Entity |
//! | [`SessionError::Failed`] (the emulated machine faulted) | 422 Unprocessable Entity |
//!
//! and, from the server itself: malformed JSON or a request of the wrong shape 400, a
//! body over the limit 413, an unknown visit, endpoint or page 404, a method an endpoint
//! or a page does not take 405, a write from another site's page 403 ([`crate::guard`]), a Host
//! the museum does not answer to 421, too many requests a second or a client's visit
//! limit reached with every one of its visits watched 429, the museum's visit limit
//! reached with every visit watched 503; a request hyper cannot read as HTTP 400 or 431
//! (`src/raw_errors.rs`).

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use ludomat_game::SessionError;

/// A refused request: its status and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{status}: {message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong, for a person.
    pub message: String,
}

impl ApiError {
    /// An error with `status` and `message`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// 404 for a visit id the server does not hold.
    #[must_use]
    pub fn unknown_visit(id: &str) -> Self {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no visit {id:?}: it never existed, was deleted or expired when idle"),
        )
    }
}

/// The status each [`SessionError`] is answered with.
#[must_use]
pub fn status_of(e: &SessionError) -> StatusCode {
    match e {
        SessionError::Invalid(_) => StatusCode::BAD_REQUEST,
        SessionError::Refused(_) => StatusCode::CONFLICT,
        SessionError::TooMuch(_) | SessionError::Failed(_) => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

impl From<SessionError> for ApiError {
    fn from(e: SessionError) -> Self {
        ApiError::new(status_of(&e), e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            axum::Json(serde_json::json!({ "error": self.message })),
        )
            .into_response()
    }
}

/// The refusal of a JSON body axum rejected (`limit`: the largest body, bytes).
pub(crate) fn json_rejection(r: &JsonRejection, limit: usize) -> ApiError {
    // Unreadable JSON and JSON of the wrong shape are both a bad request here.
    let status = match r {
        JsonRejection::JsonSyntaxError(_) | JsonRejection::JsonDataError(_) => {
            StatusCode::BAD_REQUEST
        }
        _ => r.status(),
    };
    let message = match r {
        JsonRejection::MissingJsonContentType(_) => {
            "request body: expected Content-Type: application/json".to_string()
        }
        _ if status == StatusCode::PAYLOAD_TOO_LARGE => {
            format!(
                "request body is larger than the limit of {}",
                ludomat_io::text::count(limit as u64, "byte", "bytes")
            )
        }
        JsonRejection::JsonSyntaxError(_) => format!("malformed JSON: {}", r.body_text()),
        _ => format!("request body: {}", r.body_text()),
    };
    ApiError::new(status, message)
}

/// Makes every error answer JSON: an error whose body is something else — one of axum's
/// rejections (a query that does not parse, a repeated parameter, a path that is not
/// UTF-8 once decoded), plain text — becomes `{"error": "<that text>"}` with the same
/// status and headers.
pub(crate) async fn json_errors(response: Response) -> Response {
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let json = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("application/json"));
    if json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 16 * 1024)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let message = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("the request was refused")
            .to_string()
    } else {
        text
    };
    parts.headers.remove(axum::http::header::CONTENT_TYPE);
    parts.headers.remove(axum::http::header::CONTENT_LENGTH);
    let mut answer = ApiError::new(status, message).into_response();
    for (k, v) in &parts.headers {
        answer.headers_mut().entry(k).or_insert(v.clone());
    }
    answer
}
