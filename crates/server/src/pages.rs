//! The HTML side: the home page, one page per game and the embedded assets (`include_str!`, no CDN, so the binary
//! works offline). Pages are small templates whose `{{…}}` slots are filled with HTML-escaped game descriptions;
//! the game page also carries the game's description as JSON for `app.js`, the entry of the page's ES modules
//! (`MODULES`: one file per role, each opening with a comment saying what it owns).

use crate::AppState;
use crate::api::GameDto;
use axum::extract::{Path, State};
use axum::http::{StatusCode, Uri, header};
use axum::response::{Html, IntoResponse, Response};

const INDEX: &str = include_str!("../assets/index.html");
const GAME: &str = include_str!("../assets/game.html");
/// The page's ES modules (see the comment at the top of each): served as `/assets/<name>`.
const MODULES: [(&str, &str); 10] = [
    ("app.js", include_str!("../assets/app.js")),
    ("api.js", include_str!("../assets/api.js")),
    ("turn.js", include_str!("../assets/turn.js")),
    ("input.js", include_str!("../assets/input.js")),
    ("board.js", include_str!("../assets/board.js")),
    ("skins.js", include_str!("../assets/skins.js")),
    ("values.js", include_str!("../assets/values.js")),
    ("panels.js", include_str!("../assets/panels.js")),
    ("store.js", include_str!("../assets/store.js")),
    ("explain.js", include_str!("../assets/explain.js")),
];
const STYLE: &str = include_str!("../assets/style.css");
const FAVICON: &str = include_str!("../assets/favicon.svg");

/// Escapes text for HTML element content and double-quoted attributes.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `GET /`: the list of games.
pub async fn index(State(app): State<AppState>) -> Html<String> {
    let cards: String = app
        .games()
        .iter()
        .map(|g| {
            let info = g.info();
            let solved = if info.solved { r#"<span class="badge">solved</span>"# } else { "" };
            format!(
                "<li><a class=\"card\" href=\"/play/{name}\"><b>{title} {solved}</b><span>{rules}</span></a></li>\n",
                name = escape(info.name),
                title = escape(info.title),
                rules = escape(info.rules),
            )
        })
        .collect();
    Html(INDEX.replace("{{GAMES}}", &cards))
}

/// `GET /play/{game}`: one game's page.
pub async fn game_page(State(app): State<AppState>, Path(game): Path<String>) -> Response {
    let Ok(g) = app.game(&game) else {
        return missing(Uri::from_static("/play")).await;
    };
    let info = g.info();
    let dto = GameDto::new(info.clone(), g.initial());
    // JSON inside <script> must not close the element: escape '<' (valid JSON either way).
    let config = serde_json::to_string(&dto).unwrap_or_else(|_| "{}".to_string()).replace('<', "\\u003c");
    let page = GAME
        .replace("{{TITLE}}", &escape(info.title))
        .replace("{{NAME}}", &escape(info.name))
        .replace("{{P0}}", &escape(info.players[0]))
        .replace("{{P1}}", &escape(info.players[1]))
        .replace("{{RULES}}", &escape(info.rules))
        .replace("{{CLICK_HINT}}", &escape(info.click_hint))
        .replace("{{LOAD_HINT}}", &escape(info.load_hint))
        .replace("{{CONFIG}}", &config);
    Html(page).into_response()
}

/// `GET /assets/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    if let Some(&(_, js)) = MODULES.iter().find(|(name, _)| *name == file) {
        return ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")], js)
            .into_response();
    }
    let (body, mime) = match file.as_str() {
        "style.css" => (STYLE, "text/css; charset=utf-8"),
        "favicon.svg" => (FAVICON, "image/svg+xml"),
        _ => return missing(Uri::from_static("/assets")).await,
    };
    ([(header::CONTENT_TYPE, mime), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

/// Any other page: a 404 with a link home.
pub async fn missing(_uri: Uri) -> Response {
    let body = "<!doctype html><meta charset=\"utf-8\"><title>Not found</title>\
                <link rel=\"stylesheet\" href=\"/assets/style.css\"><main class=\"home\"><h1>Not found</h1>\
                <p><a href=\"/\">Back to the games</a></p></main>";
    (StatusCode::NOT_FOUND, Html(body)).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_neutralises_markup() {
        assert_eq!(escape("<a href=\"x\">&'</a>"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
    }

    #[test]
    fn templates_have_every_slot() {
        for slot in ["{{TITLE}}", "{{NAME}}", "{{RULES}}", "{{LOAD_HINT}}", "{{CONFIG}}", "{{CLICK_HINT}}"] {
            assert!(GAME.contains(slot), "{slot}");
        }
        assert!(INDEX.contains("{{GAMES}}"));
    }

    /// Every `from './x.js'` import of a module names a served module, and the page loads the entry as a module.
    #[test]
    fn every_module_import_is_served() {
        for (name, js) in MODULES {
            assert!(js.starts_with("//"), "{name} opens with a comment saying what it owns");
            for part in js.split("from './").skip(1) {
                let target = part.split('\'').next().unwrap_or_default();
                assert!(MODULES.iter().any(|(n, _)| *n == target), "{name} imports {target}, which is not served");
            }
        }
        assert!(GAME.contains("<script type=\"module\" src=\"/assets/app.js\">"));
    }
}
