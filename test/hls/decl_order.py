#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Declare before use (lowRISC style): in each Verilog file given, every signal, parameter and function is
declared on an earlier line than any line that reads or writes it. Prints one "file:line: NAME used before
its declaration on line D" per violation and exits 1 when there is any. Usage: decl_order.py FILE.v..."""
import re
import sys

DECL_KW = ("input", "output", "inout", "wire", "reg", "integer", "localparam", "parameter", "genvar")
TYPE_WORDS = set(DECL_KW) | {"signed", "automatic"}
TOKEN = re.compile(r"\d+'[sS]?[bBoOdDhH][0-9a-fA-FxXzZ_?]+|`\w+|\$\w+|[A-Za-z_]\w*|\.\s*[A-Za-z_]\w*|\S")


def strip(line):
    """The line without its comment and string literals."""
    line = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
    return line.split("//", 1)[0]


def declared_names(code):
    """Names a declaration line introduces: the identifiers before any '=' or ';', outside [ranges]."""
    names, depth = [], 0
    for tok in TOKEN.findall(code):
        if tok in "[(":
            depth += 1
        elif tok in "])":
            depth -= 1
        elif tok in "=;":
            if tok == "=":
                # a parameter list "a = 1, b = 2" declares after each comma
                pass
            break
        elif depth == 0 and re.match(r"[A-Za-z_]\w*$", tok) and tok not in TYPE_WORDS:
            names.append(tok)
    return names


def check(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    decl, uses, in_func = {}, [], False
    for no, raw in enumerate(lines, 1):
        code = strip(raw).strip()
        if not code:
            continue
        first = code.split()[0]
        if first == "function":
            m = re.search(r"(\w+)\s*\(", code)
            if m:
                decl.setdefault(m.group(1), no)
            in_func = True
            continue
        if first == "endfunction":
            in_func = False
            continue
        if in_func:
            continue  # a function's inputs and locals are its own
        body = code
        if first in DECL_KW:
            for n in declared_names(code):
                decl.setdefault(n, no)
            body = code.split("=", 1)[1] if "=" in code else ""
        for tok in TOKEN.findall(body):
            if re.match(r"[A-Za-z_]\w*$", tok):
                uses.append((no, tok))
    bad = 0
    for no, tok in uses:
        d = decl.get(tok)
        if d is not None and d > no:
            print(f"{path}:{no}: {tok} used before its declaration on line {d}")
            bad += 1
    return bad


if __name__ == "__main__":
    sys.exit(1 if sum(check(p) for p in sys.argv[1:]) else 0)
