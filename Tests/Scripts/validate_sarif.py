#!/usr/bin/env python3
"""Validates SARIF logs against the official SARIF 2.1.0 JSON schema, plus mvilint's own guarantees.

Usage: validate_sarif.py [--schema PATH] [--expect-results N] [--min-results N] FILE...

Besides the schema (Tests/Fixtures/sarif-schema-2.1.0.json by default), checks that every
result's ruleIndex points at the rule with its ruleId, that every uriBaseId is declared in
originalUriBaseIds, and that fingerprints are unique. Prints one line per valid file and exits 1
on the first problem. Needs the jsonschema package (pip install jsonschema).
"""
import argparse
import json
import os
import sys

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SCHEMA = os.path.join(HERE, "..", "Fixtures", "sarif-schema-2.1.0.json")


def check(log, path, expect, minimum):
    problems = []
    total = 0
    rule_count = 0
    for run_index, run in enumerate(log.get("runs") or []):
        rules = run["tool"]["driver"].get("rules", [])
        rule_count += len(rules)
        bases = run.get("originalUriBaseIds", {})
        seen = set()
        for i, result in enumerate(run.get("results") or []):
            where = f"runs[{run_index}].results[{i}]"
            index = result.get("ruleIndex")
            if index is not None and (index >= len(rules) or rules[index]["id"] != result.get("ruleId")):
                problems.append(f"{where}: ruleIndex {index} does not name rule {result.get('ruleId')}")
            for location in result.get("locations", []) + result.get("relatedLocations", []):
                artifact = location.get("physicalLocation", {}).get("artifactLocation", {})
                base = artifact.get("uriBaseId")
                if base is not None and base not in bases:
                    problems.append(f"{where}: uriBaseId {base} is not in originalUriBaseIds")
            for key, value in result.get("partialFingerprints", {}).items():
                if (key, value) in seen:
                    problems.append(f"{where}: duplicate fingerprint {key}={value}")
                seen.add((key, value))
            total += 1
    if expect is not None and total != expect:
        problems.append(f"expected {expect} results, found {total}")
    if minimum is not None and total < minimum:
        problems.append(f"expected at least {minimum} results, found {total}")
    return problems, total, rule_count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--schema", default=DEFAULT_SCHEMA)
    parser.add_argument("--expect-results", type=int)
    parser.add_argument("--min-results", type=int)
    args = parser.parse_args()
    with open(args.schema, encoding="utf-8") as f:
        schema = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    status = 0
    for path in args.files:
        with open(path, encoding="utf-8") as f:
            log = json.load(f)
        errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
        problems = [f"schema: {'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}" for e in errors[:20]]
        if not errors:
            more, total, rules = check(log, path, args.expect_results, args.min_results)
            problems += more
        if problems:
            status = 1
            print(f"{path}: invalid SARIF", file=sys.stderr)
            for p in problems:
                print(f"  {p}", file=sys.stderr)
        else:
            print(f"{path}: valid SARIF 2.1.0: {total} results, {rules} rules")
    return status


if __name__ == "__main__":
    sys.exit(main())
