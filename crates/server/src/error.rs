//! The server's one error type. Every failure becomes a 4xx (or, when the search queue stays full, a 503) with a
//! JSON body `{"error": "...", "code": "..."}`, so a client never sees a bare status or a panic.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sente_registry::RegistryError;
use serde::Serialize;

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The registry refused the game, position or move.
    #[error(transparent)]
    Registry(#[from] RegistryError),
    /// The body was not the JSON the endpoint expects (malformed, wrong type, missing field, too large).
    #[error("{message}")]
    Body {
        /// The status axum chose (400, 413, 415, 422).
        status: StatusCode,
        /// What was wrong.
        message: String,
    },
    /// A request field made no sense (an unknown level name, a zero budget).
    #[error("{0}")]
    BadRequest(String),
    /// No path matches.
    #[error("no such endpoint: {0}")]
    NotFound(String),
    /// Every search slot stayed busy for the whole wait; the response carries `Retry-After`.
    #[error("the server is busy with other searches; try again in {retry_after} s")]
    Busy {
        /// Seconds the client should wait before asking again.
        retry_after: u64,
    },
    /// A search task died (it panicked or was cancelled); reported, never propagated.
    #[error("the search failed: {0}")]
    Internal(String),
}

impl ApiError {
    /// A refused JSON body; `max_body` is the server's body limit, named when the body was over it.
    #[must_use]
    pub fn from_rejection(r: JsonRejection, max_body: usize) -> ApiError {
        let status = r.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            format!("the request is too large: this server accepts at most {} KiB ({max_body} bytes)", max_body / 1024)
        } else {
            r.body_text()
        };
        ApiError::Body { status, message }
    }
}

/// The JSON body of every error response.
#[derive(Debug, Serialize)]
pub struct ErrorBody {
    /// A sentence for people.
    pub error: String,
    /// A stable machine code: `unknown_game`, `invalid_position`, `illegal_move`, `game_over`, `not_solved`,
    /// `bad_body`, `too_large`, `bad_request`, `not_found`, `busy`, `internal`.
    pub code: &'static str,
}

impl ApiError {
    /// The HTTP status and the machine code.
    #[must_use]
    pub fn status(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::Registry(e) => match e {
                RegistryError::UnknownGame { .. } => (StatusCode::NOT_FOUND, "unknown_game"),
                RegistryError::Position { .. } | RegistryError::Text(_) => {
                    (StatusCode::BAD_REQUEST, "invalid_position")
                }
                RegistryError::Move { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "illegal_move"),
                RegistryError::GameOver { .. } => (StatusCode::CONFLICT, "game_over"),
                RegistryError::NotSolved { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "not_solved"),
                RegistryError::TreeTooLarge { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "tree_too_large"),
            },
            ApiError::Body { status, .. } if *status == StatusCode::PAYLOAD_TOO_LARGE => (*status, "too_large"),
            ApiError::Body { status, .. } => (*status, "bad_body"),
            ApiError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            ApiError::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::Busy { .. } => (StatusCode::SERVICE_UNAVAILABLE, "busy"),
            ApiError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code) = self.status();
        let retry = match self {
            ApiError::Busy { retry_after } => Some(retry_after),
            _ => None,
        };
        let mut response = (status, Json(ErrorBody { error: self.to_string(), code })).into_response();
        if let Some(secs) = retry {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_errors_map_to_client_errors() {
        let e = ApiError::from(RegistryError::Move { game: "tictactoe", text: "x".into(), message: "bad".into() });
        assert_eq!(e.status(), (StatusCode::UNPROCESSABLE_ENTITY, "illegal_move"));
        let e = ApiError::from(RegistryError::UnknownGame { name: "go".into(), known: String::new() });
        assert_eq!(e.status().0, StatusCode::NOT_FOUND);
        let busy = ApiError::Busy { retry_after: 2 };
        assert_eq!(busy.status().0, StatusCode::SERVICE_UNAVAILABLE);
        let response = busy.into_response();
        assert_eq!(response.headers()[header::RETRY_AFTER], "2");
    }
}
