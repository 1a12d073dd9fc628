#!/usr/bin/python3
"""lint.py — what can be checked of an `arbiter check --format=html` page
without a browser (tests/html.sh).

    lint.py PAGE      prints one line per problem, then "boards N findings N
                      script-hash HASH"; exit status 1 when there was a problem

The page must be HTML5 as the HTML syntax writes it: every element closed
in order, or left open only where the syntax lets an end tag be left out
(p, li, dt, dd, tr, td, th, thead, tbody); "/>" only on void elements and
inside SVG.  It must be self-contained: no src attribute, no link, img,
iframe, object or embed element, no link but to its own ids, no url() but
to its own ids, http(s):// only as an SVG namespace; one script, whose
SHA-256 the Content-Security-Policy names.  And it must hold together:
ids unique, every #id it refers to present, headings without a skipped
level, every table header with a scope, every diagram with a role and a
name.  (Python's own HTML tokenizer: nothing to install.)
"""
import base64
import hashlib
import re
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
OPTIONAL_END = {"p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody", "option"}
# A start tag that ends the open elements of these names (the HTML syntax's
# implied end tags, as far as this page uses them).
CLOSES = {
    "tr": {"td", "th", "tr"},
    "td": {"td", "th"},
    "th": {"td", "th"},
    "tbody": {"td", "th", "tr", "tbody", "thead"},
    "dt": {"dt", "dd"},
    "dd": {"dt", "dd"},
    "li": {"li"},
}
FORBIDDEN = {"link", "img", "iframe", "object", "embed", "base", "frame", "audio", "video", "source"}
SVG_NS = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems = []
        self.stack = []
        self.ids = {}
        self.refs = []
        self.scripts = []
        self.in_script = False
        self.csp = None
        self.boards = 0
        self.findings = 0
        self.last_heading = 0

    def problem(self, what):
        line, col = self.getpos()
        self.problems.append(f"line {line}:{col + 1}: {what}")

    def in_svg(self):
        return "svg" in self.stack

    def handle_starttag(self, tag, attrs, selfclosing=False):
        a = dict(attrs)
        if tag in FORBIDDEN:
            self.problem(f"<{tag}> loads or embeds something")
        for name, value in attrs:
            value = value or ""
            if name == "src":
                self.problem(f"<{tag} src=...>: an external resource")
            if name in ("href", "xlink:href") and not value.startswith("#"):
                self.problem(f"<{tag} {name}={value!r}>: a link out of the page")
            if name in ("href", "xlink:href") and value.startswith("#"):
                self.refs.append((value[1:], self.getpos()))
            if name == "aria-labelledby":
                for i in value.split():
                    self.refs.append((i, self.getpos()))
            for m in re.finditer(r"url\(([^)]*)\)", value):
                if not m.group(1).startswith("#"):
                    self.problem(f"url({m.group(1)}) in an attribute")
                else:
                    self.refs.append((m.group(1)[1:], self.getpos()))
            if name.startswith("on"):
                self.problem(f"an event handler attribute ({name})")
            if re.search(r"https?://", value) and not (name.startswith("xmlns") and value in SVG_NS):
                self.problem(f"{name}={value!r}: an address")
        if "id" in a:
            if a["id"] in self.ids:
                self.problem(f"id {a['id']!r} twice (first on line {self.ids[a['id']][0]})")
            self.ids[a["id"]] = self.getpos()
        if tag == "meta" and a.get("http-equiv", "").lower() == "content-security-policy":
            self.csp = a.get("content", "")
        if tag == "script":
            if "src" in a:
                self.problem("a script from a file")
            self.scripts.append("")
            self.in_script = True
        if re.fullmatch(r"h[1-6]", tag):
            level = int(tag[1])
            if level > self.last_heading + 1:
                self.problem(f"<{tag}> after <h{self.last_heading}>: a heading level skipped")
            self.last_heading = level
        if tag == "th" and "scope" not in a:
            self.problem("<th> without scope")
        if tag == "svg" and "arb-board" in a.get("class", "").split():
            self.boards += 1
            if a.get("role") != "img" or not a.get("aria-label"):
                self.problem("a diagram without role=img and aria-label")
        if tag == "article" and "finding" in a.get("class", "").split():
            self.findings += 1
        if tag == "html" and not a.get("lang"):
            self.problem("<html> without lang")
        # Implied end tags, then the element itself.
        if not self.in_svg():
            while self.stack and self.stack[-1] in CLOSES.get(tag, ()):
                self.stack.pop()
        if selfclosing:
            if tag not in VOID and not self.in_svg():
                self.problem(f"<{tag}/>: self-closing syntax on a non-void HTML element")
            return
        if tag in VOID and not self.in_svg():
            return
        self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs, selfclosing=True)

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_script = False
        if tag in VOID and not self.in_svg():
            self.problem(f"</{tag}>: an end tag for a void element")
            return
        if tag not in self.stack:
            self.problem(f"</{tag}> with no <{tag}> open")
            return
        while self.stack[-1] != tag:
            left = self.stack.pop()
            if left not in OPTIONAL_END:
                self.problem(f"</{tag}> closes <{left}>, which was not closed")
        self.stack.pop()

    def handle_data(self, data):
        if self.in_script:
            self.scripts[-1] += data

    def handle_decl(self, decl):
        if decl.lower() != "doctype html":
            self.problem(f"<!{decl}>: not the HTML5 doctype")


def main():
    raw = open(sys.argv[1], "rb").read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        print(f"not UTF-8: {e}")
        return 1
    p = Page()
    if not text.startswith("<!DOCTYPE html>\n"):
        p.problems.append("does not start with <!DOCTYPE html>")
    if not re.search(r"<head>\s*<meta charset=\"utf-8\">", text):
        p.problems.append("<meta charset=\"utf-8\"> is not the first thing in <head>")
    p.feed(text)
    p.close()
    left = [t for t in p.stack if t not in OPTIONAL_END]
    if left:
        p.problems.append(f"elements left open at the end: {left}")
    for ref, (line, col) in p.refs:
        if ref not in p.ids:
            p.problems.append(f"line {line}:{col + 1}: #{ref} names no element")
    for style in re.findall(r"<style>(.*?)</style>", text, re.S):
        for m in re.finditer(r"url\(|@import|@font-face", style):
            p.problems.append(f"the style loads something ({m.group(0)})")
    digest = ""
    if len(p.scripts) != 1:
        p.problems.append(f"{len(p.scripts)} scripts, not one")
    else:
        digest = "sha256-" + base64.b64encode(hashlib.sha256(p.scripts[0].encode("utf-8")).digest()).decode()
        if p.csp is None:
            p.problems.append("no Content-Security-Policy")
        elif f"script-src '{digest}'" not in p.csp or "default-src 'none'" not in p.csp:
            p.problems.append(f"the Content-Security-Policy does not name the script's hash {digest}: {p.csp}")
    for line in p.problems:
        print(line)
    print(f"boards {p.boards} findings {p.findings} script-hash {digest}")
    return 1 if p.problems else 0


if __name__ == "__main__":
    sys.exit(main())
