#!/usr/bin/python3
"""check.py — one arbiter SARIF log against the SARIF 2.1.0 schema and
against the JSON Lines records of the same run.

    check.py SCHEMA LOG.sarif RECORDS.jsonl

Checks, printing what is wrong (exit status 1) or, when all is well, one
line of counts (0):
  - the log validates against the schema (draft-04, with the format checks
    python3-jsonschema has: uri and uri-reference need python3-rfc3987);
  - one run, columnKind unicodeCodePoints, rule ids unique, every result's
    ruleIndex names the rule of its ruleId;
  - one result per finding of the records, in their order, with the
    finding's code, level, game, ply, line and column (a finding without a
    line sits at its game's first line);
  - the URI decodes to the file name the records give;
  - two results share a fingerprint exactly when they share what it is
    made of (report_sarif.c): file, the game's identifying tags that are
    not "?" (its number when none of the six is; FEN only beside them),
    ply, variation, code and rank among equals in the game;
  - where a result has an endColumn and the finding a move, the columns
    startColumn..endColumn of that line of the file, counted in code
    points, are the move (checked for files that read as UTF-8).
"""
import json
import sys
import urllib.parse

import jsonschema

LEVEL = {"error": "error", "warning": "warning", "info": "note"}
NAMES = ("Event", "Site", "Date", "Round", "White", "Black", "FEN")


def says_something(value):
    return value.strip("?.- ") != ""


def main():
    schema_path, log_path, records_path = sys.argv[1:4]
    problems = []

    def bad(msg):
        problems.append(msg)

    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    with open(log_path, encoding="utf-8") as f:
        log = json.load(f)
    checker = jsonschema.FormatChecker()
    if "uri-reference" not in checker.checkers:
        bad("this jsonschema cannot check URIs: install python3-rfc3987")
    validator = jsonschema.Draft4Validator(schema, format_checker=checker)
    for e in list(validator.iter_errors(log))[:5]:
        bad("schema: %s at %s" % (e.message[:200], "/".join(str(p) for p in e.absolute_path)))

    findings = []
    with open(records_path, encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            if "summary" in rec:
                continue
            seen = {}
            for fd in rec["findings"]:
                same = (fd["ply"], fd["variation"], fd["code"])
                seen[same] = seen.get(same, -1) + 1
                findings.append((rec, fd, seen[same]))

    runs = log.get("runs", [])
    if len(runs) != 1:
        bad("%d runs, want 1" % len(runs))
        report(problems, "")
    run = runs[0]
    if run.get("columnKind") != "unicodeCodePoints":
        bad("columnKind is %r" % run.get("columnKind"))
    rules = run["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    if len(set(ids)) != len(ids):
        bad("rule ids repeat")
    results = run.get("results", [])
    if len(results) != len(findings):
        bad("%d results for %d findings" % (len(results), len(findings)))

    texts = {}

    def file_lines(path):
        if path not in texts:
            try:
                with open(path, encoding="utf-8-sig") as f:
                    texts[path] = f.read().split("\n")
            except (OSError, UnicodeDecodeError):
                texts[path] = None
        return texts[path]

    columns_checked = 0
    identity = {}   # fingerprint -> what it stands for
    shared = 0
    for k, (res, (rec, fd, rank)) in enumerate(zip(results, findings)):
        where = "result %d (game %d of %s)" % (k, rec["game"], rec["file"])
        idx = res.get("ruleIndex")
        if idx is None or not 0 <= idx < len(rules) or rules[idx]["id"] != res["ruleId"]:
            bad("%s: ruleIndex %r does not name rule %s" % (where, idx, res["ruleId"]))
        if res["ruleId"] != fd["code"]:
            bad("%s: ruleId %s, finding %s" % (where, res["ruleId"], fd["code"]))
        if res["level"] != LEVEL[fd["severity"]]:
            bad("%s: level %s for severity %s" % (where, res["level"], fd["severity"]))
        props = res.get("properties", {})
        if props.get("game") != rec["game"] or props.get("ply") != fd["ply"]:
            bad("%s: properties %r, finding at ply %d" % (where, props, fd["ply"]))
        loc = res["locations"][0]["physicalLocation"]
        uri = loc["artifactLocation"]["uri"]
        relative = not uri.startswith("file://")
        if relative != (loc["artifactLocation"].get("uriBaseId") == "%SRCROOT%"):
            bad("%s: uri %s with uriBaseId %r" % (where, uri, loc["artifactLocation"].get("uriBaseId")))
        path = urllib.parse.unquote(uri[len("file://"):] if not relative else uri)
        want = rec["file"]
        while want.startswith("./"):
            want = want[2:].lstrip("/")
        if path != want:
            bad("%s: uri %s decodes to %s, not %s" % (where, uri, path, want))
        game = tuple((t, rec["tags"][t]) for t in NAMES
                     if t in rec["tags"] and says_something(rec["tags"][t]))
        if not game or game[0][0] == "FEN":
            game = rec["game"]   # a FEN alone names no game
        ident = (uri, game, fd["ply"], fd["variation"], fd["code"], rank)
        key = res.get("partialFingerprints", {}).get("arbiterFinding/v1")
        if key in identity:
            if identity[key] != ident:
                bad("%s: fingerprint %s also stands for %r" % (where, key, identity[key]))
            shared += 1
        identity[key] = ident
        region = loc.get("region", {})
        line = fd["line"] if fd["line"] is not None else rec["line"]
        if region.get("startLine") != line:
            bad("%s: startLine %r, want %r" % (where, region.get("startLine"), line))
        if fd["line"] is not None and fd["col"] is not None and region.get("startColumn") != fd["col"]:
            bad("%s: startColumn %r, want %r" % (where, region.get("startColumn"), fd["col"]))
        if "endColumn" in region and fd["move"] is not None:
            lines = file_lines(path)
            if lines is not None and line <= len(lines):
                got = lines[line - 1][region["startColumn"] - 1:region["endColumn"] - 1]
                if got != fd["move"]:
                    bad("%s: columns %d-%d of line %d read %r, the move is %r"
                        % (where, region["startColumn"], region["endColumn"], line, got, fd["move"]))
                columns_checked += 1
    if len(set(identity.values())) != len(identity):
        bad("the same finding has two fingerprints")
    report(problems, "%d results, %d rules, %d token columns read back from the files, %d fingerprints "
           "shared by games with the same tags" % (len(results), len(rules), columns_checked, shared))


def report(problems, counts):
    for p in problems[:10]:
        print(p)
    if len(problems) > 10:
        print("... and %d more" % (len(problems) - 10))
    if not problems:
        print(counts)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
