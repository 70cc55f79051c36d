#!/usr/bin/env python3
"""Writes the sciagent fixtures of the `inspect` process tests (src-main/cli/fixtures/).

Reproducible: every byte is fixed here (the "random" garbage uses a seeded generator). Each case is
a session folder `<name>/provenance.jsonl` aimed at one reading rule. The corpus copies
(corpus-home/, real-sessions/) are taken from ../shared/corpus once, here, so that the tests never
read outside the project.

Usage: python3 scripts/reference/make_fixtures.py [--corpus /work/shared/corpus]
Then:  scripts/reference/regenerate_expected.sh
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "src-main", "cli", "fixtures")
DEFAULT_CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus")


def ev(event_id, kind, seq=None, version="2", **fields) -> dict:
    """One event object. `seq=None` leaves seq out; pass seq=... explicitly for odd values."""
    obj = {"schema_version": version, "event_id": event_id, "event_kind": kind, "session_id": "fixture"}
    if seq is not None:
        obj["seq"] = seq
    obj.update(fields)
    return obj


def line(obj) -> bytes:
    return json.dumps(obj, separators=(", ", ": "), ensure_ascii=False).encode("utf-8")


def call(eid, seq, call_id, **kw):
    kw.setdefault("arguments", {})
    return line(ev(eid, "tool_call", seq, tool_call_id=call_id, tool_name="shell", **kw))


def result(eid, seq, call_id, **kw):
    return line(ev(eid, "tool_result", seq, tool_call_id=call_id, tool_name="shell", success=True, **kw))


def stub(preview="x"):
    return {"_truncated": True, "_original_size": 5000, "_preview": preview, "_sha256": "0" * 64}


CASES: dict[str, bytes] = {}


def case(name: str, *lines: bytes, sep: bytes = b"\n", trailing: bool = True) -> None:
    CASES[name] = sep.join(lines) + (sep if trailing else b"")


# ---- Line splitting -----------------------------------------------------------------------------

# CRLF everywhere; one line with two CRs (only one is stripped: the other is JSON whitespace); a
# line that is just "\r" (blank); two events separated by a bare CR (not a line break: the line
# fails, the glued second event is recovered, the first is lost).
case(
    "crlf-lines",
    call("c-1", 1, "k1"),
    result("c-2", 2, "k1"),
    call("c-3", 3, "k2") + b"\r",
    b"",
    call("c-4", 4, "k3") + b"\r" + result("c-5", 5, "k3"),
    result("c-6", 6, "k2"),
    sep=b"\r\n",
)

case(
    "blank-lines",
    b"",
    call("b-1", 1, "k1"),
    b"",
    b"   ",
    b"\t",
    b" \t \r",
    result("b-2", 2, "k1"),
    b"\x0c\x0b ",
    b"",
    b"",
    call("b-3", 3, "k2"),
    b"  ",
)

case(
    "no-trailing-newline",
    call("n-1", 1, "k1"),
    result("n-2", 2, "k1"),
    line(ev("n-3", "session_end", 3, cost_usd=0.25, tokens_in=10, tokens_out=5)),
    trailing=False,
)

# The last line is torn (a write in progress): one parse error, the rest is read.
case(
    "torn-last-line",
    call("tl-1", 1, "k1"),
    result("tl-2", 2, "k1"),
    line(ev("tl-3", "tool_call", 3, tool_call_id="k2", tool_name="shell"))[:40],
    trailing=False,
)

# ---- Torn fragments glued to an event -------------------------------------------------------------
FULL_G1 = call("g-2", 2, "k1")
case(
    "torn-glued",
    call("g-1", 1, "k0"),
    # line 2: fragment + complete event: 1 parse error, g-2 counts
    line(ev("g-torn-a", "tool_result", 9, tool_call_id="k0"))[:50] + FULL_G1,
    # line 3: two fragments + complete event: the LAST marker is the complete one; g-3 counts
    line(ev("g-torn-b", "tool_call", 9))[:30] + line(ev("g-torn-c", "tool_call", 9))[:45] + result("g-3", 3, "k1"),
    # line 4: fragment + another fragment (the tail does not parse): 1 parse error, nothing counts
    line(ev("g-torn-d", "tool_call", 9))[:40] + line(ev("g-torn-e", "tool_result", 9))[:60],
    # line 5: a torn line whose only marker is at position 0: 1 parse error
    line(ev("g-torn-f", "tool_call", 9, tool_call_id="kx"))[:70],
    # line 6: fragment + an object that is no event (no event_kind): parse error + invalid
    b'{"schema_version": "2", "ev' + b'{"schema_version": "2", "event_id": "g-no-kind"}',
    # line 7: fragment + an event of an unknown version: parse error + unsupported
    b'tail of something else' + line(ev("g-v3", "tool_call", 4, version="3")),
    # line 8: fragment + a repeat of g-1: parse error + duplicate
    b'{"schema_version": "2", "event_id": "zz", "seq"' + call("g-1", 1, "k0"),
    # line 9: fragment + an event written with another key order (no marker): 1 parse error, lost
    b'{"schema_version": "2", "event_id": "g-torn-h"'
    + json.dumps({"event_id": "g-lost", "event_kind": "tool_call", "schema_version": "2", "seq": 5}).encode(),
    # line 10: garbage + complete event with CRLF ending
    b"\x00\x00garbage" + result("g-4", 6, "k0") + b"\r",
    call("g-5", 7, "k9"),
)

# The glued event carries a nested object that starts with the marker: the LAST marker is the nested
# one, its tail does not parse, the line is one parse error and the event is lost (rule as written).
# A compactly written fragment + event is recovered like the spaced one.
case(
    "torn-glued-nested-marker",
    call("gn-1", 1, "k1"),
    b'{"schema_version": "2", "ev'
    + line(
        ev("gn-2", "correction", 2, corrects_event_id="gn-1", reason="r", replacement={"schema_version": "2", "x": 1})
    ),
    b'{"schema_version":"2","ev'
    + json.dumps(ev("gn-3", "tool_result", 3, tool_call_id="k1"), separators=(",", ":")).encode(),
)

# ---- Not objects, not events, other versions -----------------------------------------------------
case(
    "non-object-lines",
    call("no-1", 1, "k1"),
    b"[1, 2, 3]",
    b"42",
    b'"a string"',
    b"null",
    b"true",
    b"[]",
    b'[{"schema_version": "2", "event_id": "no-in-array", "event_kind": "tool_call"}]',
    b"NaN",
    b"{'single': 'quotes'}",
    b'{"trailing": "comma",}',
    result("no-2", 2, "k1"),
)

case(
    "invalid-objects",
    call("io-1", 1, "k1"),
    b"{}",
    b'{"schema_version": "2", "event_kind": "tool_call", "seq": 2}',
    b'{"schema_version": "2", "event_id": "io-no-kind", "seq": 3}',
    b'{"schema_version": "2", "event_id": 7, "event_kind": "tool_call", "seq": 4}',
    b'{"schema_version": "2", "event_id": "io-null-kind", "event_kind": null, "seq": 5}',
    b'{"schema_version": "2", "event_id": ["io-list"], "event_kind": "tool_call", "seq": 6}',
    b'{"schema_version": "2", "event_id": "io-kind-obj", "event_kind": {"k": 1}, "seq": 7}',
    # invalid comes first: no event_id and an unknown version is invalid, not unsupported
    b'{"schema_version": "3", "event_kind": "tool_call", "seq": 8}',
    # an empty string is a string: this one is an event
    line(ev("", "tool_result", 9, tool_call_id="k1")),
)

case(
    "unsupported-versions",
    line(ev("uv-1", "tool_call", 1, version="1", tool_call_id="k1")),
    line(ev("uv-2", "tool_result", 2, version="2", tool_call_id="k1")),
    line(ev("uv-3", "tool_call", 3, version="3")),
    line(ev("uv-4", "tool_call", 4, version=2)),
    line(ev("uv-5", "tool_call", 5, version=1)),
    json.dumps({"event_id": "uv-6", "event_kind": "tool_call", "seq": 6}).encode(),
    line(ev("uv-7", "tool_call", 7, version=None)),
    line(ev("uv-8", "tool_call", 8, version="2.0")),
    line(ev("uv-9", "tool_call", 9, version=" 2")),
    line(ev("uv-10", "session_end", 10, version="3", cost_usd=9.0)),
    line(ev("uv-11", "compute_job_launched", 11, version="0", job_id="uv-job")),
)

# ---- Duplicates and ordering ----------------------------------------------------------------------
case(
    "duplicate-ids",
    call("d-1", 5, "k1"),
    # same id, another kind and a lower seq, later in the file: the first occurrence wins
    result("d-1", 1, "k1"),
    result("d-2", 6, "k1"),
    call("d-1", 7, "k1"),
    line(ev("d-3", "verification_result", 8, verdict="refuted")),
    line(ev("d-3", "verification_result", 9, verdict="verified")),
    line(ev("d-4", "correction", 10, corrects_event_id="d-3", reason="r", replacement={"verdict": "warning"})),
    line(ev("d-4", "correction", 11, corrects_event_id="d-2", reason="r", replacement={"tool_call_id": "zz"})),
)

case(
    "seq-order",
    # jobs appear in seq order: negative (seq -1.5), mid (1), alpha (2), then the seq-less /
    # non-numeric ones in file order: zeta (missing), omega ("0" is a string), beta (true is no number)
    line(ev("s-1", "compute_job_launched", None, job_id="zeta")),
    line(ev("s-2", "compute_job_launched", 2, job_id="alpha")),
    line(ev("s-3", "compute_job_launched", "0", job_id="omega")),
    line(ev("s-4", "compute_job_status_changed", 1, job_id="mid", status="running")),
    line(ev("s-5", "compute_job_launched", True, job_id="beta")),
    line(ev("s-6", "compute_job_launched", -1.5, job_id="negative")),
    # statuses of alpha: seq 5 failed, seq 3 running, seq 5 completed (tie: file order) -> completed
    line(ev("s-7", "compute_job_status_changed", 5, job_id="alpha", status="failed")),
    line(ev("s-8", "compute_job_status_changed", 3, job_id="alpha", status="running")),
    line(ev("s-9", "compute_job_status_changed", 5, job_id="alpha", status="completed")),
    # float seq between integers
    line(ev("s-10", "compute_job_status_changed", 4.5, job_id="mid", status="recovering")),
    line(ev("s-11", "compute_job_status_changed", 4, job_id="mid", status="pending")),
    # repeated seq across kinds and a seq gap
    line(ev("s-12", "tool_call", 100, tool_call_id="k1", tool_name="shell")),
    line(ev("s-13", "tool_result", 100, tool_call_id="k1", tool_name="shell", cost_usd=0.5)),
    line(ev("s-14", "tool_result", 100, tool_call_id="k2", tool_name="shell", cost_usd=0.5)),
)

# ---- Corrections ---------------------------------------------------------------------------------
case(
    "corrections",
    line(ev("x-1", "compute_job_launched", 1, job_id="old-job")),
    line(ev("x-2", "compute_job_status_changed", 2, job_id="old-job", status="running")),
    line(ev("x-3", "artifact_produced", 3, job_id="old-job", path="/w/a")),
    line(ev("x-4", "verification_result", 4, verdict="refuted")),
    line(ev("x-5", "verification_result", 5, verdict="insufficient")),
    # moves the launch and the artifact to new-job; old-job keeps its status event
    line(ev("x-6", "correction", 6, corrects_event_id="x-1", reason="r", replacement={"job_id": "new-job"})),
    line(ev("x-7", "correction", 7, corrects_event_id="x-3", reason="r", replacement={"job_id": "new-job"})),
    # changes a verdict
    line(ev("x-8", "correction", 8, corrects_event_id="x-4", reason="r", replacement={"verdict": "verified"})),
    # event_id and event_kind in a replacement are ignored
    line(
        ev(
            "x-9",
            "correction",
            9,
            corrects_event_id="x-5",
            reason="r",
            replacement={"event_id": "x-99", "event_kind": "tool_call", "verdict": "warning"},
        )
    ),
    # dangling: the target is not in the log
    line(ev("x-10", "correction", 10, corrects_event_id="no-such-event", reason="r", replacement={"a": 1})),
    # a correction written before its target
    line(ev("x-11", "correction", 11, corrects_event_id="x-12", reason="r", replacement={"status": "failed"})),
    line(ev("x-12", "compute_job_status_changed", 12, job_id="new-job", status="completed")),
)

case(
    "corrections-order",
    line(ev("o-1", "verification_result", 1, verdict="insufficient")),
    line(ev("o-2", "compute_job_status_changed", 2, job_id="j", status="running")),
    # two corrections on o-1 in reverse file order: seq 20 is applied after seq 10 -> warning
    line(ev("o-3", "correction", 20, corrects_event_id="o-1", reason="second", replacement={"verdict": "warning"})),
    line(ev("o-4", "correction", 10, corrects_event_id="o-1", reason="first", replacement={"verdict": "refuted"})),
    # same on o-2 with a repeated seq: file order breaks the tie -> cancelled
    line(ev("o-5", "correction", 30, corrects_event_id="o-2", reason="a", replacement={"status": "failed"})),
    line(ev("o-6", "correction", 30, corrects_event_id="o-2", reason="b", replacement={"status": "cancelled"})),
    # a later field-disjoint correction keeps the earlier one's fields
    line(ev("o-7", "correction", 40, corrects_event_id="o-2", reason="c", replacement={"note": "n"})),
)

# Every aggregate reads the corrected view: matching, cost, child sessions, truncation.
case(
    "corrections-view",
    call("cv-1", 1, "k1"),
    result("cv-2", 2, "k1", cost_usd=0.3, tokens_in=1, tokens_out=1),
    result("cv-3", 3, "k2", cost_usd=0.3, tokens_in=1, tokens_out=1),
    line(ev("cv-4", "subagent_completed", 4, child_session_id="Zed")),
    line(ev("cv-5", "subagent_completed", 5, child_session_id="alpha")),
    line(ev("cv-6", "subagent_completed", 6, child_session_id="beta")),
    line(ev("cv-7", "session_end", 7, cost_usd=1.0)),
    call("cv-8", 8, "k3"),
    # cv-2 now answers k3: k1 is left without a result
    line(ev("cv-9", "correction", 20, corrects_event_id="cv-2", reason="r", replacement={"tool_call_id": "k3"})),
    # the only session_end loses its cost: the cost comes from the results
    line(ev("cv-10", "correction", 21, corrects_event_id="cv-7", reason="r", replacement={"cost_usd": None})),
    # child ids sort by code unit: "Beta" < "Zed" < "alpha"
    line(ev("cv-11", "correction", 22, corrects_event_id="cv-6", reason="r", replacement={"child_session_id": "Beta"})),
    # cv-3 no longer repeats cv-2's (cost, tokens): both count
    line(ev("cv-12", "correction", 23, corrects_event_id="cv-3", reason="r", replacement={"tokens_in": 2})),
    line(ev("cv-13", "correction", 24, corrects_event_id="cv-1", reason="r", replacement={"arguments": stub()})),
)

# Names that are also properties of every JavaScript object: counts must not see the prototype.
case(
    "prototype-names",
    line(ev("constructor", "tool_call", 1, tool_call_id="toString")),
    line(ev("__proto__", "tool_result", 2, tool_call_id="toString", cost_usd=0.1, tokens_in=1, tokens_out=1)),
    line(ev("toString", "constructor", 3)),
    line(ev("valueOf", "__proto__", 4)),
    line(ev("hasOwnProperty", "compute_job_launched", 5, job_id="constructor")),
    line(ev("p-6", "compute_job_status_changed", 6, job_id="__proto__", status="running")),
    line(ev("p-7", "artifact_produced", 7, job_id="toString")),
    line(ev("p-8", "verification_result", 8, verdict="constructor")),
    line(ev("p-9", "subagent_completed", 9, child_session_id="__proto__")),
    line(ev("p-10", "correction", 10, corrects_event_id="isPrototypeOf", reason="r", replacement={"a": 1})),
    line(ev("p-11", "tool_call", 11, tool_call_id="__proto__")),
    line(ev("p-12", "tool_call", 12, tool_call_id="hasOwnProperty")),
    line(ev("p-13", "toString", 13)),
)

# ---- Jobs -----------------------------------------------------------------------------------------
case(
    "jobs",
    # status but no launch
    line(ev("j-1", "compute_job_status_changed", 1, job_id="orphan", status="failed")),
    # cluster mode: one job_id, several launches
    line(ev("j-2", "compute_job_launched", 2, job_id="cluster-a", mode="cluster_launch", cluster_job_id=None)),
    line(ev("j-3", "compute_job_launched", 3, job_id="cluster-a", mode="cluster_exec", cluster_job_id=1)),
    line(ev("j-4", "compute_job_launched", 4, job_id="cluster-a", mode="cluster_exec", cluster_job_id=2)),
    line(ev("j-5", "compute_job_launched", 5, job_id="cluster-a", mode="cluster_exec", cluster_job_id=3)),
    # status events out of file order: seq 9 (completed) before seq 6 (running)
    line(ev("j-6", "compute_job_status_changed", 9, job_id="cluster-a", status="completed")),
    line(ev("j-7", "compute_job_status_changed", 6, job_id="cluster-a", status="running")),
    # a launch without any status
    line(ev("j-8", "compute_job_launched", 7, job_id="quiet")),
    # artifacts: two for cluster-a, one for a job_id with no job events, one with no job
    line(ev("j-9", "artifact_produced", 10, job_id="cluster-a", path="/w/1")),
    line(ev("j-10", "artifact_produced", 11, job_id="cluster-a", path="/w/2")),
    line(ev("j-11", "artifact_produced", 12, job_id="unknown-job", path="/w/3")),
    line(ev("j-12", "artifact_produced", 13, job_id=None, path="/w/4")),
    # job_id only inside output_summary does not make a job
    line(ev("j-13", "tool_result", 14, tool_call_id="k", output_summary={"job_id": "nested"})),
)

# ---- Cost -----------------------------------------------------------------------------------------
case(
    "cost-session-end",
    result("ce-1", 1, "k1", cost_usd=0.1, tokens_in=1, tokens_out=1),
    line(ev("ce-2", "session_end", 10, cost_usd=0.5, tokens_in=100, tokens_out=10)),
    # later in the file but earlier in seq: not the last
    line(ev("ce-3", "session_end", 5, cost_usd=0.9)),
    # last in seq order but cost null: skipped
    line(ev("ce-4", "session_end", 12, cost_usd=None)),
    # a string cost is not numeric
    line(ev("ce-5", "session_end", 13, cost_usd="1.25")),
    # events can follow session_end
    line(ev("ce-6", "compute_cluster_down", 14, cluster_name="c")),
)

case(
    "cost-results",
    # A, A (consecutive: once), B, A (not consecutive: again)
    result("cr-1", 1, "k1", cost_usd=0.1, tokens_in=100, tokens_out=10),
    result("cr-2", 2, "k2", cost_usd=0.1, tokens_in=100, tokens_out=10),
    result("cr-3", 3, "k3", cost_usd=0.2, tokens_in=200, tokens_out=20),
    result("cr-4", 4, "k4", cost_usd=0.1, tokens_in=100, tokens_out=10),
    # same cost, other tokens: counts
    result("cr-5", 5, "k5", cost_usd=0.1, tokens_in=101, tokens_out=10),
    # C at seq 20, D at seq 30, C' at seq 21 written last: consecutive in seq order -> C' once
    result("cr-6", 20, "k6", cost_usd=0.04, tokens_in=7, tokens_out=7),
    result("cr-7", 30, "k7", cost_usd=0.08, tokens_in=9, tokens_out=9),
    result("cr-8", 21, "k8", cost_usd=0.04, tokens_in=7, tokens_out=7),
    # a string cost is not summed; the next equal-to-D result is not consecutive with D
    result("cr-9", 31, "k9", cost_usd="0.5", tokens_in=9, tokens_out=9),
    result("cr-10", 32, "k10", cost_usd=0.08, tokens_in=9, tokens_out=9),
    # session_end without a numeric cost: results are used
    line(ev("cr-11", "session_end", 40, cost_usd=None)),
    # cost on other kinds is not summed
    line(ev("cr-12", "compute_cost_observed", 41, cost_usd=3.0)),
    line(ev("cr-13", "compute_job_status_changed", 42, job_id="j", status="completed", cost_usd=2.0)),
)

case(
    "cost-none",
    call("cn-1", 1, "k1"),
    result("cn-2", 2, "k1", cost_usd=None, tokens_in=1, tokens_out=1),
    result("cn-3", 3, "k1"),
    line(ev("cn-4", "session_end", 4, cost_usd=None)),
)

case(
    "cost-zero",
    result("cz-1", 1, "k1", cost_usd=0, tokens_in=1, tokens_out=1),
    result("cz-2", 2, "k2", cost_usd=0.0, tokens_in=2, tokens_out=2),
)

# ---- Tool calls, verdicts, child sessions ---------------------------------------------------------
case(
    "tool-calls-verdicts-children",
    # result before its call in the file
    result("t-1", 1, "k1"),
    call("t-2", 2, "k1"),
    call("t-3", 3, "k2"),
    call("t-4", 4, "k3"),
    result("t-5", 5, "k3"),
    # a result with no call
    result("t-6", 6, "k-orphan"),
    line(ev("t-7", "verification_result", 7, verdict="verified")),
    line(ev("t-8", "verification_result", 8, verdict="refuted")),
    line(ev("t-9", "verification_result", 9, verdict="insufficient")),
    line(ev("t-10", "verification_result", 10, verdict="warning")),
    line(ev("t-11", "verification_result", 11, verdict="warning")),
    line(ev("t-12", "verification_result", 12, verdict="passed")),
    line(ev("t-13", "verification_result", 13)),
    line(ev("t-14", "produces_validation_passed", 14, verdict="passed")),
    line(ev("t-15", "subagent_completed", 15, child_session_id="ccc333333333")),
    line(ev("t-16", "subagent_completed", 16, child_session_id="aaa111111111")),
    line(ev("t-17", "subagent_completed", 17, child_session_id="ccc333333333")),
    line(ev("t-18", "subagent_completed", 18, child_session_id=None)),
    line(ev("t-19", "subagent_completed", 19)),
    line(ev("t-20", "subagent_completed", 20, child_session_id="bbb222222222")),
    line(ev("t-21", "subagent_spawned", 21, child_session_id="ddd444444444")),
    line(ev("t-22", "some_future_kind", 22, payload=1)),
)

# ---- Truncation stubs -----------------------------------------------------------------------------
deep: dict = stub("deep")
for _ in range(25):
    deep = {"level": deep}
case(
    "truncation",
    call("tr-1", 1, "k1", arguments=stub()),
    result("tr-2", 2, "k1", output_summary=stub(), error=stub()),
    line(ev("tr-3", "verification_result", 3, verdict="verified", claim={"a": {"b": deep}})),
    line(ev("tr-4", "tool_result", 4, tool_call_id="k", output_summary=[1, stub(), [stub(), {"x": stub()}]])),
    # a stub inside a stub counts twice
    line(ev("tr-5", "tool_result", 5, tool_call_id="k", output_summary=dict(stub(), _preview=stub()))),
    # not true: not counted
    line(ev("tr-6", "tool_result", 6, tool_call_id="k", output_summary={"_truncated": "true"})),
    line(ev("tr-7", "tool_result", 7, tool_call_id="k", output_summary={"_truncated": 1})),
    line(ev("tr-8", "tool_result", 8, tool_call_id="k", output_summary={"_truncated": False})),
    # the event object itself
    line(ev("tr-9", "tool_result", 9, tool_call_id="k", _truncated=True)),
    # not events: not counted
    line(ev("tr-10", "tool_result", 10, version="3", output_summary=stub())),
    line(ev("tr-1", "tool_result", 11, output_summary=stub())),
    b'{"event_kind": "tool_result", "output_summary": {"_truncated": true}}',
    b'{"_truncated": true, "broken": ',
)

# The target loses its stub (x replaced by a plain value) and gains two (y, z.w). The correction event
# itself carries the same two stubs in its replacement.
case(
    "truncation-in-correction",
    result("tc-1", 1, "k1", x=stub(), keep={"n": 1}),
    line(
        ev(
            "tc-2",
            "correction",
            2,
            corrects_event_id="tc-1",
            reason="r",
            replacement={"x": "plain", "y": stub(), "z": {"w": [stub()]}},
        )
    ),
    # a dangling correction with a stub in its replacement
    line(ev("tc-3", "correction", 3, corrects_event_id="gone", reason="r", replacement={"q": stub()})),
)

# Nested deeper than any sane writer goes: the rules say "anywhere".
very_deep: dict = stub("very deep")
for _ in range(300):
    very_deep = {"level": very_deep}
very_deep_list: list = [stub("in lists")]
for _ in range(300):
    very_deep_list = [very_deep_list]
case(
    "truncation-very-deep",
    result("td-1", 1, "k1", output_summary=very_deep),
    result("td-2", 2, "k2", output_summary=very_deep_list),
    result("td-3", 3, "k3", output_summary=stub()),
)

# ---- Binary garbage -------------------------------------------------------------------------------
rng = random.Random(20260622)
garbage = bytes(b for b in rng.randbytes(700) if b not in (0x0A, 0x0D))
case(
    "binary-garbage",
    call("bg-1", 1, "k1"),
    garbage,
    result("bg-2", 2, "k1"),
    b"\x00" * 64,
    call("bg-3", 3, "k2"),
    b"\xff\xfe\xfd\xc3\x28\xa0\xa1\xe2\x28\xa1\xf0\x90\x28\xbc",
    result("bg-4", 4, "k2"),
    # garbage (with NUL and invalid UTF-8) glued before an event: recovered
    b"\x00\xff\xfe\x80" + call("bg-5", 5, "k3"),
    # a NUL between lines' worth of spaces is not whitespace
    b"  \x00  ",
    result("bg-6", 6, "k3", cost_usd=0.01, tokens_in=1, tokens_out=1),
    # binary with newlines inside it
    bytes(rng.randbytes(300)),
    line(ev("bg-7", "session_end", 7, cost_usd=0.02)),
)

CASES["empty-file"] = b""

case("whitespace-only-file", b"", b"   ", b"\t", b"\r", b"")

# ---- Rule gaps: the rules are silent; the reference's choice is documented in its header ----------
# Invalid UTF-8 inside a JSON string of an otherwise intact event.
case(
    "gap-invalid-utf8-in-string",
    call("gu-1", 1, "k1"),
    b'{"schema_version": "2", "event_id": "gu-2", "event_kind": "tool_result", "seq": 2, '
    b'"tool_call_id": "k1", "output_summary": "bad \xff\xfe byte"}',
    call("gu-3", 3, "k2"),
)

# A UTF-8 byte-order mark before the first event: by the rules the line is not a JSON object (parse
# error) and the glued-event rule recovers the event.
case("gap-utf8-bom", b"\xef\xbb\xbf" + call("bom-1", 1, "k1"), result("bom-2", 2, "k1"))

# An unsupported line (not an event) carries an id that a later supported event reuses.
case(
    "gap-id-after-unsupported",
    line(ev("ga-1", "tool_call", 1, version="3", tool_call_id="k1")),
    line(ev("ga-1", "tool_call", 2, tool_call_id="k1")),
    # a correction whose target exists only as an unsupported line
    line(ev("ga-2", "verification_result", 3, version="9", verdict="refuted")),
    line(ev("ga-3", "correction", 4, corrects_event_id="ga-2", reason="r", replacement={"verdict": "verified"})),
)

# A status event without a seq after a numbered one: "highest seq" vs "seq-less sorts last".
case(
    "gap-status-without-seq",
    line(ev("gs-1", "compute_job_launched", 1, job_id="j")),
    line(ev("gs-2", "compute_job_status_changed", None, job_id="j", status="completed")),
    line(ev("gs-3", "compute_job_status_changed", 9, job_id="j", status="running")),
)


# Corrections the rules do not describe: a non-object replacement, a correction of a correction, a
# correction of itself, a replacement that moves seq (ordering is decided before corrections).
case(
    "gap-corrections-odd",
    line(ev("gc-1", "verification_result", 1, verdict="refuted")),
    line(ev("gc-2", "correction", 2, corrects_event_id="gc-1", reason="r", replacement=None)),
    line(ev("gc-3", "compute_job_status_changed", 3, job_id="j", status="running")),
    line(ev("gc-4", "compute_job_status_changed", 4, job_id="j", status="failed")),
    line(ev("gc-5", "correction", 5, corrects_event_id="gc-3", reason="r", replacement={"seq": 10})),
    line(ev("gc-6", "correction", 6, corrects_event_id="gc-2", reason="r", replacement={"corrects_event_id": "zz"})),
    line(ev("gc-7", "correction", 7, corrects_event_id="gc-7", reason="r", replacement={"x": 1})),
    line(ev("gc-8", "compute_job_launched", 8, job_id=5)),
    line(ev("gc-9", "compute_job_launched", 9)),
)

def write(path: str, data: bytes) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)


def copy_tree(src: str, dst: str) -> None:
    """Copies files (content only, writable) so the fixtures do not inherit read-only modes."""
    if os.path.exists(dst):
        shutil.rmtree(dst)
    for folder, _dirs, files in os.walk(src):
        rel = os.path.relpath(folder, src)
        os.makedirs(os.path.join(dst, rel), exist_ok=True)
        for name in files:
            shutil.copyfile(os.path.join(folder, name), os.path.join(dst, rel, name))


def main(argv: list[str]) -> int:
    corpus = argv[argv.index("--corpus") + 1] if "--corpus" in argv else DEFAULT_CORPUS
    for name, data in CASES.items():
        write(os.path.join(FIXTURES, name, "provenance.jsonl"), data)

    # Folders that hold no session at all.
    write(os.path.join(FIXTURES, "no-sessions", ".gitkeep"), b"")
    write(os.path.join(FIXTURES, "unrelated-files", "notes.txt"), b"not a log\n")
    write(os.path.join(FIXTURES, "unrelated-files", "data.csv"), b"a,b\n1,2\n")
    write(
        os.path.join(FIXTURES, "unrelated-files", "other", "events.jsonl"),
        line(ev("u-1", "tool_call", 1)) + b"\n",
    )
    write(os.path.join(FIXTURES, "unrelated-files", "other", "provenance.json"), b"{}\n")

    # The corpus, copied once.
    sciagent = os.path.join(corpus, "sciagent")
    copy_tree(
        os.path.join(sciagent, "upstream-tests", "home", ".sciagent"),
        os.path.join(FIXTURES, "corpus-home"),
    )
    copy_tree(os.path.join(sciagent, "real", "sessions"), os.path.join(FIXTURES, "real-sessions"))
    print(f"wrote {len(CASES)} cases, no-sessions, unrelated-files, corpus-home, real-sessions to {FIXTURES}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
