#!/usr/bin/env python3
"""Independent reference reader for sciagent provenance logs (stdlib only).

Written from the reading rules of the `inspect` contract, not from the TypeScript reader, so that
the two can be compared. Prints, for each log, the contract fields of `inspect --json` (all except
`graph` and `path`) plus a `_reference` block (parse-error line numbers, problem count) that the
process tests use to check the human output.

Usage:
  sciagent_reference.py PATH...

PATH is a provenance.jsonl, a session folder (<id>/provenance.jsonl), a sciagent home
(sessions/<id>/provenance.jsonl) or a folder of session folders. Output: a JSON array of session
summaries, sorted by session id.

Interpretations where the rules are silent (documented so a reader can disagree):
  - Bytes that are not valid UTF-8 are decoded with U+FFFD replacement; a line whose JSON
    structure is intact is still an object (a bad byte inside a string does not lose the event).
  - "Whitespace" for blank lines is ASCII whitespace (space, \\t, \\n, \\r, \\v, \\f).
  - JSON is strict RFC 8259 (no NaN / Infinity), like JSON.parse.
  - "numeric" means a JSON number (true/false are not numbers).
  - Only compute_job_launched and compute_job_status_changed events make a job; an
    artifact_produced whose job_id names no such job is counted in `artifacts` only.
  - A job's status is the `status` of the last of its status events in (seq, file position)
    order, so a status event without a numeric seq wins over numbered ones.
  - truncatedFields walks every event of the corrected view, correction events included (a stub in
    a replacement counts once in the correction and once in the corrected target).
  - A correction whose target is in the log is `applied` (applied + dangling = corrections); a
    `replacement` that is not an object changes nothing.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

SUPPORTED_VERSIONS = ("1", "2")
GLUE_MARKER = b'{"schema_version"'
VERDICTS = ("verified", "refuted", "insufficient", "warning")
ASCII_WS = b" \t\n\r\x0b\x0c"


def _reject_constant(name: str) -> Any:
    raise ValueError(f"not JSON: {name}")


def parse_object(raw: bytes) -> dict | None:
    """The line as a JSON object, or None when it is not one."""
    text = raw.decode("utf-8", errors="replace")
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def count_truncated(value: Any) -> int:
    """Objects carrying `_truncated: true`, anywhere (iterative: stubs can be nested deep)."""
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("_truncated") is True:
                total += 1
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return total


def summarize(data: bytes, session_id: str) -> dict:
    parse_error_lines: list[int] = []
    problem_lines: list[int] = []
    invalid = unsupported = duplicates = 0
    seen_ids: set[str] = set()
    # (event object, position in file, line number)
    events: list[tuple[dict, int, int]] = []

    for index, physical in enumerate(data.split(b"\n")):
        line_no = index + 1
        line = physical[:-1] if physical.endswith(b"\r") else physical
        if not line.strip(ASCII_WS):
            continue
        obj = parse_object(line)
        if obj is None:
            parse_error_lines.append(line_no)
            problem_lines.append(line_no)
            glued_at = line.rfind(GLUE_MARKER)
            if glued_at > 0:
                obj = parse_object(line[glued_at:])
            if obj is None:
                continue
        event_id = obj.get("event_id")
        event_kind = obj.get("event_kind")
        if not (isinstance(event_id, str) and isinstance(event_kind, str)):
            invalid += 1
            problem_lines.append(line_no)
            continue
        version = obj.get("schema_version")
        if not (isinstance(version, str) and version in SUPPORTED_VERSIONS):
            unsupported += 1
            problem_lines.append(line_no)
            continue
        if event_id in seen_ids:
            duplicates += 1
            problem_lines.append(line_no)
            continue
        seen_ids.add(event_id)
        events.append((obj, len(events), line_no))

    def order_key(entry: tuple[dict, int, int]) -> tuple:
        seq = entry[0].get("seq")
        return (0, seq, entry[1]) if is_number(seq) else (1, 0, entry[1])

    ordered = sorted(events, key=order_key)

    # Corrected view: event_id -> fields. Corrections applied last, in seq order.
    view: dict[str, dict] = {e["event_id"]: dict(e) for e, _, _ in ordered}
    applied = dangling = 0
    for event, _, line_no in ordered:
        if event["event_kind"] != "correction":
            continue
        target = event.get("corrects_event_id")
        if not isinstance(target, str) or target not in view:
            dangling += 1
            problem_lines.append(line_no)
            continue
        applied += 1
        replacement = event.get("replacement")
        if not isinstance(replacement, dict):
            continue
        merged = dict(view[target])
        for key, value in replacement.items():
            if key not in ("event_id", "event_kind"):
                merged[key] = value
        view[target] = merged
    corrected = [view[e["event_id"]] for e, _, _ in ordered]

    by_kind: dict[str, int] = {}
    for e in corrected:
        by_kind[e["event_kind"]] = by_kind.get(e["event_kind"], 0) + 1

    def of_kind(kind: str) -> list[dict]:
        return [e for e in corrected if e["event_kind"] == kind]

    result_ids = [r.get("tool_call_id") for r in of_kind("tool_result")]
    calls = of_kind("tool_call")
    unmatched = sum(1 for c in calls if c.get("tool_call_id") not in result_ids)

    jobs: dict[str, dict] = {}
    for e in corrected:
        if e["event_kind"] not in ("compute_job_launched", "compute_job_status_changed"):
            continue
        job_id = e.get("job_id")
        if not isinstance(job_id, str):
            continue
        job = jobs.setdefault(job_id, {"jobId": job_id, "launches": 0, "status": None, "artifacts": 0})
        if e["event_kind"] == "compute_job_launched":
            job["launches"] += 1
        else:
            job["status"] = e.get("status")
    artifacts = of_kind("artifact_produced")
    for a in artifacts:
        job_id = a.get("job_id")
        if isinstance(job_id, str) and job_id in jobs:
            jobs[job_id]["artifacts"] += 1

    verifications = {v: 0 for v in VERDICTS}
    for v in of_kind("verification_result"):
        verdict = v.get("verdict")
        if isinstance(verdict, str) and verdict in verifications:
            verifications[verdict] += 1

    children = sorted(
        {
            e.get("child_session_id")
            for e in of_kind("subagent_completed")
            if isinstance(e.get("child_session_id"), str)
        }
    )

    cost = None
    ends = [e for e in of_kind("session_end") if is_number(e.get("cost_usd"))]
    if ends:
        cost = {"usd": ends[-1]["cost_usd"], "source": "session_end"}
    else:
        total = None
        previous: tuple | None = None
        for r in of_kind("tool_result"):
            triple = (r.get("cost_usd"), r.get("tokens_in"), r.get("tokens_out"))
            if is_number(r.get("cost_usd")) and triple != previous:
                total = (0 if total is None else total) + r["cost_usd"]
            previous = triple
        if total is not None:
            cost = {"usd": total, "source": "results"}

    return {
        "source": "sciagent",
        "sessionId": session_id,
        "events": len(corrected),
        "parseErrors": len(parse_error_lines),
        "invalid": invalid,
        "unsupported": unsupported,
        "duplicates": duplicates,
        "byKind": by_kind,
        "toolCalls": {"total": len(calls), "unmatched": unmatched},
        "jobs": list(jobs.values()),
        "artifacts": len(artifacts),
        "verifications": verifications,
        "corrections": {"applied": applied, "dangling": dangling},
        "truncatedFields": sum(count_truncated(e) for e in corrected),
        "childSessions": children,
        "cost": cost,
        "_reference": {
            "parseErrorLines": parse_error_lines,
            "problemLines": sorted(problem_lines),
        },
    }


def find_logs(path: str) -> list[tuple[str, str]]:
    """(session id, log path) pairs for a PATH."""
    if os.path.isfile(path):
        if os.path.basename(path) == "provenance.jsonl":
            return [(os.path.basename(os.path.dirname(os.path.abspath(path))), path)]
        return [(os.path.splitext(os.path.basename(path))[0], path)]
    if os.path.isfile(os.path.join(path, "provenance.jsonl")):
        return [(os.path.basename(os.path.abspath(path)), os.path.join(path, "provenance.jsonl"))]
    sessions = os.path.join(path, "sessions")
    root = sessions if os.path.isdir(sessions) else path
    found = []
    for name in sorted(os.listdir(root)):
        log = os.path.join(root, name, "provenance.jsonl")
        if os.path.isfile(log):
            found.append((name, log))
    return found


def main(argv: list[str]) -> int:
    paths = [a for a in argv if not a.startswith("--")]
    if not paths:
        print("usage: sciagent_reference.py PATH...", file=sys.stderr)
        return 2
    out = []
    for path in paths:
        if not os.path.exists(path):
            print(f"sciagent_reference: cannot read {path}", file=sys.stderr)
            return 2
        for session_id, log in find_logs(path):
            with open(log, "rb") as handle:
                out.append(summarize(handle.read(), session_id))
    out.sort(key=lambda s: s["sessionId"])
    json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
