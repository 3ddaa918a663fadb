//! One module per resource, each exporting `router()`; merged in [`crate::app::app`].

pub mod accounts;
pub mod analysis;
pub mod archive;
pub mod computer;
pub mod events;
pub mod games;
pub mod health;
pub mod lang;
pub mod lobby;
pub mod lobby_live;
pub mod profile;
pub mod record;
pub mod tokens;

use crate::redirect::SameSitePath;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// A `303 See Other` to a path of this site, with extra `Set-Cookie` values.
pub fn see_other(to: &SameSitePath, cookies: &[String]) -> Response {
    let mut res = StatusCode::SEE_OTHER.into_response();
    if let Ok(v) = HeaderValue::from_str(to.as_str()) {
        res.headers_mut().insert(header::LOCATION, v);
    }
    for c in cookies {
        if let Ok(v) = HeaderValue::from_str(c) {
            res.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    res
}
