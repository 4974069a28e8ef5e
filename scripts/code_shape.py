#!/usr/bin/env python3
"""The shape of the code, as the refits count it.

Prints the functions longer than a limit (80 lines), the files longer than a
limit (800 lines), the import circles between the files of a folder, and the
places where one module's path climbs out of its folder with `super::super::`.

Usage: scripts/code_shape.py [ROOT] [--folder src/discord --folder src/game]

An import is a `use` of `crate::…`, `super::…` or `self::…` (doc comments and
line comments are skipped) or a path written in the code (`crate::a::b::c`);
each is resolved to the longest prefix that names a file of `src/`. A circle is
a strongly connected group of two or more files, counted inside one folder
(arrows that leave the folder are left out). Tests (`tests.rs`, files under
`tests/`, and `#[cfg(test)] mod tests { … }` blocks) are left out of the
function and circle counts, as test modules import their parent by design.
"""

import argparse
import os
import re
import sys

FN = re.compile(r"^\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)")
PATH = re.compile(r"\b((?:crate|super|self)(?:::\w+)+)")
USE_GROUP = re.compile(r"\buse\s+((?:crate|super|self)(?:::\w+)*)::\{([^;]*)\};", re.S)


def rust_files(root):
    for base, _dirs, files in os.walk(os.path.join(root, "src")):
        for name in files:
            if name.endswith(".rs"):
                yield os.path.relpath(os.path.join(base, name), root)


def strip_tests(text):
    """Cuts `#[cfg(test)] mod … { … }` blocks out, by brace depth."""
    out, i = [], 0
    marker = re.compile(r"#\[cfg\(test\)\]\s*(pub\s+)?mod\s+\w+\s*\{")
    while True:
        m = marker.search(text, i)
        if not m:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i : m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        # Keep the line count: a cut block leaves its newlines.
        out.append("\n" * text.count("\n", m.start(), j))
        i = j


def code_lines(text):
    """Lines without comments (doc comments included)."""
    lines = []
    for line in text.split("\n"):
        s = line.lstrip()
        lines.append("" if s.startswith("//") else line)
    return lines


def long_functions(path, lines, limit):
    found = []
    i = 0
    while i < len(lines):
        m = FN.match(lines[i])
        if m and "{" in "".join(lines[i : i + 12]):
            depth, started, j = 0, False, i
            while j < len(lines):
                for ch in lines[j]:
                    if ch == "{":
                        depth += 1
                        started = True
                    elif ch == "}":
                        depth -= 1
                if started and depth <= 0:
                    break
                if not started and lines[j].rstrip().endswith(";"):
                    break
                j += 1
            length = j - i + 1
            if started and length > limit:
                found.append((length, f"{path}:{i + 1}", m.group(6)))
            i = j + 1 if started else i + 1
        else:
            i += 1
    return found


def module_of(path):
    parts = path[len("src/") : -len(".rs")].split("/")
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return parts


def resolve(module, dotted, files):
    """The file a path names: `super` is the parent of the file's module."""
    parts = dotted.split("::")
    if parts[0] == "crate":
        base, parts = [], parts[1:]
    elif parts[0] == "self":
        base, parts = list(module), parts[1:]
    else:
        base = list(module)
        while parts and parts[0] == "super":
            base, parts = base[:-1], parts[1:]
    full = base + parts
    for n in range(len(full), 0, -1):
        key = tuple(full[:n])
        if key in files:
            return files[key]
    return None


def imports(path, text, files):
    module = module_of(path)
    code = "\n".join(code_lines(strip_tests(text)))
    targets = set()
    for m in USE_GROUP.finditer(code):
        for item in re.split(r"[,\s]+", m.group(2)):
            item = item.split("::{")[0].strip("{} ")
            if item and item != "self":
                targets.add(m.group(1) + "::" + item.split(" as ")[0])
            elif item == "self":
                targets.add(m.group(1))
    for m in PATH.finditer(code):
        targets.add(m.group(1))
    out = set()
    for t in targets:
        f = resolve(module, t, files)
        if f and f != path:
            out.add(f)
    return out


def circles(graph):
    index, low, stack, on, result, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                result.append(sorted(group))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?", default=".")
    ap.add_argument("--folder", action="append", default=None)
    ap.add_argument("--function-limit", type=int, default=80)
    ap.add_argument("--file-limit", type=int, default=800)
    args = ap.parse_args()
    folders = args.folder or ["src/discord", "src/game"]
    root = args.root

    paths = sorted(p for p in rust_files(root) if "/tests/" not in p and not p.endswith("tests.rs"))
    texts = {p: open(os.path.join(root, p), encoding="utf-8").read() for p in paths}
    files = {tuple(module_of(p)): p for p in paths}

    functions, big_files, climbs = [], [], 0
    for p in paths:
        text = texts[p]
        lines = code_lines(strip_tests(text))
        functions += long_functions(p, lines, args.function_limit)
        total = text.count("\n")
        if total > args.file_limit:
            big_files.append((total, p))
        climbs += len(re.findall(r"super::super::", "\n".join(lines)))

    print(f"functions over {args.function_limit} lines: {len(functions)}")
    for length, where, name in sorted(functions, reverse=True):
        print(f"  {length:4} {where} {name}")
    print(f"files over {args.file_limit} lines: {len(big_files)}")
    for total, p in sorted(big_files, reverse=True):
        print(f"  {total:5} {p}")
    print(f"super::super:: paths (outside tests): {climbs}")
    for folder in folders:
        graph = {}
        for p in paths:
            if p.startswith(folder + "/"):
                graph[p] = {t for t in imports(p, texts[p], files) if t.startswith(folder + "/")}
        found = circles(graph)
        print(f"import circles inside {folder}: {len(found)}")
        for group in found:
            print(f"  {len(group)} files: {' '.join(group)}")


if __name__ == "__main__":
    main()
