//! A standalone, printable HTML page: no scripts, no external assets; the print
//! stylesheet drops colours and starts each table on a new page.

use super::{Lang, Table};

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const STYLE: &str = "body{font-family:\"Noto Sans\",\"Noto Sans CJK SC\",\"Noto Sans Mongolian\",sans-serif;margin:2em}\
table{border-collapse:collapse;margin-bottom:2em}\
th,td{border:1px solid #888;padding:.25em .6em;text-align:left}\
th{background:#eef}\
h1{font-size:1.4em}h2{font-size:1.1em}\
@media print{body{margin:0}th{background:none}section{page-break-after:always}section:last-child{page-break-after:auto}}";

pub(super) fn render(title: &str, tables: &[Table], lang: Lang) -> String {
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n");
    out.push_str(&format!(
        "<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n",
        lang.code()
    ));
    out.push_str(&format!(
        "<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(title)
    ));
    out.push_str(&format!("<h1>{}</h1>\n", escape(title)));
    for t in tables {
        out.push_str("<section>\n");
        out.push_str(&format!(
            "<h2>{}</h2>\n<table>\n<thead><tr>",
            escape(&t.title)
        ));
        for h in &t.headers {
            out.push_str(&format!("<th>{}</th>", escape(h)));
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for r in &t.rows {
            out.push_str("<tr>");
            for c in r {
                out.push_str(&format!("<td>{}</td>", escape(c)));
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody>\n</table>\n</section>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}
