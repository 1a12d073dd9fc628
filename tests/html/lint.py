#!/usr/bin/python3
"""lint.py — what can be checked of an `arbiter check --format=html` page
without a browser (tests/html.sh).

    lint.py PAGE [FACTS]  prints one line per problem, then "boards N
                      findings N script-hash HASH"; exit status 1 when there
                      was a problem.  FACTS: a file to write what the page
                      lists, a line each: "finding ID SEVERITY CODE FILE
                      GAME" for each finding in page order (its game from
                      the heading of its section), "framed ID SQUARE..." for
                      each diagram with framed pieces (the squares read from
                      the drawing and its coordinates), "toc SEVERITY COUNT
                      ID..." for each severity in the contents (its count and
                      the ids its entries link to)

The page must be HTML5 as the HTML syntax writes it: every element closed
in order, or left open only where the syntax lets an end tag be left out
(p, li, dt, dd, tr, td, th, thead, tbody); "/>" only on void elements and
inside SVG.  It must be self-contained: no src attribute, no link, img,
iframe, object or embed element, no link but to its own ids, no url() but
to its own ids, http(s):// only as an SVG namespace; one script, whose
SHA-256 the Content-Security-Policy names.  And it must hold together:
ids unique, every #id it refers to present, headings without a skipped
level, every table header with a scope, every diagram with a role and a
name.  The findings come errors first, then warnings, then infos, each in
the part of its severity (a section with the class "part"), numbered in
page order within it (e1, e2, ..., w1, ..., i1, ...), the games of a part
in the order they came (g1-e before g2-e); a frame on a diagram stands on
a piece.  The contents (nav#toc) give each severity the count of its
findings on the page and list each game of its part once, in order,
linked to the game's first finding of that severity (and, for the errors,
the files not read).  (Python's own HTML tokenizer: nothing to install.)
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
SEVERITIES = ("error", "warning", "info")


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
        # What the page lists: its parts, game sections and findings.
        self.part = None          # (severity, depth) of the open part
        self.game = None          # [id, depth, heading text] of the open game section
        self.listed = []          # findings: dict(id, sev, part, game, heading, code)
        self.sections = []        # (part severity, game section id) in page order
        self.unreadable = set()
        self.capture = None       # [what, text] being read: "heading", "code"
        self.board = None         # the open diagram: texts, uses, frames
        self.framed = []          # (finding id, [squares])
        self.toc = None           # depth of ul in nav#toc while inside it
        self.toc_sev = None
        self.toc_text = {}        # severity: the text of its item (not its sub-lists)
        self.toc_links = {s: [] for s in SEVERITIES}
        self.tocs = 0

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
            self.start_finding(a)
        self.start_listing(tag, a)
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

    def start_finding(self, a):
        sev = [c for c in a.get("class", "").split() if c in SEVERITIES]
        self.listed.append({"id": a.get("id"), "sev": sev[0] if sev else None,
                            "part": self.part[0] if self.part else None,
                            "game": self.game[0] if self.game else None,
                            "heading": self.game[2] if self.game else "", "code": None})

    def start_listing(self, tag, a):
        classes = a.get("class", "").split()
        depth = len(self.stack)
        if tag == "section" and "part" in classes:
            sev = [c for c in classes if c in SEVERITIES]
            self.part = (sev[0] if sev else None, depth)
            if self.part[0] is None or a.get("id") != self.part[0] + "s":
                self.problem(f"a part {a.get('id')!r} of no severity")
        if tag == "section" and "game" in classes:
            self.game = [a.get("id"), depth, ""]
            self.sections.append((self.part[0] if self.part else None, a.get("id")))
        if tag == "section" and "unreadable" in classes:
            self.unreadable.add(a.get("id"))
            if not self.part or self.part[0] != "error":
                self.problem(f"the unreadable file {a.get('id')} is not among the errors")
        if tag == "h3" and self.game and a.get("id") == self.game[0] + "-h":
            self.capture = ["heading", ""]
        if tag == "code" and self.listed and self.listed[-1]["code"] is None and "h4" in self.stack:
            self.capture = ["code", ""]
        if tag == "svg" and "arb-board" in classes:
            self.board = {"texts": [], "uses": [], "frames": [], "text": None}
        if self.board is not None:
            num = lambda k: float(a.get(k, "0"))
            if tag == "text":
                self.board["text"] = [num("x"), num("y"), ""]
            elif tag == "use":
                self.board["uses"].append((num("x") + num("width") / 2, num("y") + num("height") / 2))
            elif tag == "rect" and "cand" in classes:
                self.board["frames"].append((num("x") + num("width") / 2, num("y") + num("height") / 2))
        if tag == "nav" and a.get("id") == "toc":
            self.toc = 0
            self.tocs += 1
        elif self.toc is not None:
            if tag == "ul":
                self.toc += 1
            elif tag == "li" and self.toc == 1:
                sev = [c for c in classes if c in SEVERITIES]
                self.toc_sev = sev[0] if sev else None
                if self.toc_sev is None:
                    self.problem("an item of the contents for no severity")
                else:
                    self.toc_text[self.toc_sev] = ""
            elif tag == "a" and self.toc >= 2 and self.toc_sev:
                self.toc_links[self.toc_sev].append(a.get("href", "")[1:])

    def end_board(self):
        """The squares of the frames, from the coordinates drawn beside the board."""
        b, self.board = self.board, None
        files = sorted((x, t) for x, y, t in b["texts"] if t.isalpha())
        ranks = sorted((y, t) for x, y, t in b["texts"] if t.isdigit())
        if not b["frames"]:
            return
        if len(files) != 8 or len(ranks) != 8:
            self.problem("a diagram with frames but not its coordinates")
            return

        def square(x, y):
            f = min(files, key=lambda c: abs(c[0] - x))[1]
            r = min(ranks, key=lambda c: abs(c[0] - y))[1]
            return f + r
        pieces = {square(x, y) for x, y in b["uses"]}
        squares = sorted(square(x, y) for x, y in b["frames"])
        for sq in squares:
            if sq not in pieces:
                self.problem(f"a frame on {sq}, where no piece stands")
        self.framed.append((self.listed[-1]["id"] if self.listed else None, squares))

    def end_listing(self, tag):
        depth = len(self.stack)
        if tag == "section":
            if self.game and depth <= self.game[1]:
                self.game = None
            if self.part and depth <= self.part[1]:
                self.part = None
        if tag in ("h3", "code") and self.capture:
            what, text = self.capture
            self.capture = None
            if what == "heading" and self.game:
                self.game[2] = text
            elif what == "code" and self.listed:
                self.listed[-1]["code"] = text
        if self.board is not None and tag == "text" and self.board["text"]:
            self.board["texts"].append(tuple(self.board["text"]))
            self.board["text"] = None
        if self.board is not None and tag == "svg":
            self.end_board()
        if self.toc is not None:
            if tag == "ul":
                self.toc -= 1
            elif tag == "nav":
                self.toc = None

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
        self.end_listing(tag)

    def handle_data(self, data):
        if self.in_script:
            self.scripts[-1] += data
        if self.capture:
            self.capture[1] += data
        if self.board is not None and self.board["text"]:
            self.board["text"][2] += data
        if self.toc == 1 and self.toc_sev:
            self.toc_text[self.toc_sev] += data

    def check_order(self):
        """Errors, warnings, infos: each in its part, numbered in page order,
        the games of a part in the order they came."""
        seen = {s: 0 for s in SEVERITIES}
        rank = -1
        for f in self.listed:
            where = f"finding {f['id']}"
            if f["sev"] not in SEVERITIES:
                self.problems.append(f"{where}: no severity")
                continue
            r = SEVERITIES.index(f["sev"])
            if r < rank:
                self.problems.append(f"{where}: {f['sev']} after {SEVERITIES[rank]}")
            rank = max(rank, r)
            if f["part"] != f["sev"]:
                self.problems.append(f"{where}: {f['sev']} in the part {f['part']}")
            seen[f["sev"]] += 1
            if f["id"] != f"{f['sev'][0]}{seen[f['sev']]}":
                self.problems.append(f"{where}: {f['sev']} number {seen[f['sev']]} in page order")
            if not f["game"] or not f["game"].endswith("-" + f["sev"][0]):
                self.problems.append(f"{where}: in the game section {f['game']}")
        last = {}
        for part, sid in self.sections:
            m = re.fullmatch(r"g(\d+)-([ewi])", sid or "")
            if not m or not part or m.group(2) != part[0]:
                self.problems.append(f"the game section {sid} in the part {part}")
                continue
            if int(m.group(1)) <= last.get(part, 0):
                self.problems.append(f"the game section {sid} after g{last[part]}-{part[0]}")
            last[part] = int(m.group(1))

    def check_toc(self):
        """The contents against the parts."""
        if self.tocs != 1:
            self.problems.append(f"{self.tocs} contents (nav#toc), not one")
            return
        by_id = {f["id"]: f for f in self.listed}
        for sev in SEVERITIES:
            text = self.toc_text.get(sev)
            if text is None:
                self.problems.append(f"the contents have no item for the {sev}s")
                continue
            m = re.search(r":\s*(\d+)", text)
            n = sum(1 for f in self.listed if f["sev"] == sev)
            if not m or int(m.group(1)) != n:
                self.problems.append(f"the contents count {m.group(1) if m else '?'} {sev}s, the page has {n}")
            want = [sid for part, sid in self.sections if part == sev]
            got = []
            for ref in self.toc_links[sev]:
                if ref in self.unreadable and sev == "error":
                    continue
                f = by_id.get(ref)
                if not f or f["sev"] != sev:
                    self.problems.append(f"the contents' {sev}s link to #{ref}, not to {sev}")
                    continue
                first = next(g for g in self.listed if g["game"] == f["game"])
                if first is not f:
                    self.problems.append(f"the contents link to #{ref}, not to the first {sev} of {f['game']} "
                                         f"({first['id']})")
                got.append(f["game"])
            if got != want:
                self.problems.append(f"the contents' {sev}s list the games {got}, the part has {want}")

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
    p.check_order()
    p.check_toc()
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w") as out:
            for f in p.listed:
                m = re.match(r"(.*), game (\d+)", f["heading"])
                file, game = (m.group(1), m.group(2)) if m else ("?", "?")
                print("finding", f["id"], f["sev"], f["code"], file.replace(" ", "_"), game, file=out)
            for fid, squares in p.framed:
                print("framed", fid, *squares, file=out)
            for sev in SEVERITIES:
                m = re.search(r":\s*(\d+)", p.toc_text.get(sev, ""))
                print("toc", sev, m.group(1) if m else "?", *p.toc_links[sev], file=out)
    for line in p.problems:
        print(line)
    print(f"boards {p.boards} findings {p.findings} script-hash {digest}")
    return 1 if p.problems else 0


if __name__ == "__main__":
    sys.exit(main())
