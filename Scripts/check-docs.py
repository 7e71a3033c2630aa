#!/usr/bin/env python3
"""Checks the DocC catalog and comments without `swift package generate-documentation`:

1. every public symbol of Syringe and SyringeTesting (or of the modules in $DOC_MODULES) has a doc comment of its
   own with a ```swift example (members that inherit their documentation from another module, such as
   `hash(into:)`, are exempt);
2. every ``Symbol`` link, in the catalog and in doc comments, names a real public symbol;
3. every article in Documentation.docc is curated: reachable from the landing page through <doc:> links.

Usage: [DOC_MODULES="A B"] [DOC_LINK_MODULES="C"] check-docs.py SYMBOLGRAPH_DIR DOCC_DIR
"""
import json
import os
import re
import sys

symbolgraph_dir, docc_dir = sys.argv[1], sys.argv[2]
modules = os.environ.get("DOC_MODULES", "Syringe SyringeTesting").split()
# Modules whose symbols links may name, without checking their own comments (e.g. Syringe, for the integrations).
link_modules = os.environ.get("DOC_LINK_MODULES", "").split()
problems = []
paths = set()
symbols = []

for module in modules + link_modules:
    for name in os.listdir(symbolgraph_dir):
        if name == f"{module}.symbols.json" or (name.startswith(f"{module}@") and name.endswith(".symbols.json")):
            graph = json.load(open(os.path.join(symbolgraph_dir, name)))
            for symbol in graph["symbols"]:
                path = "/".join(symbol["pathComponents"])
                paths.add(path)
                paths.add(f"{module}/{path}")
                if module in modules:
                    symbols.append((module, symbol))
paths.update(modules + link_modules)


def base(component):
    """`resolve(_:fileID:line:)-(KeyPath<Container,Value>,_,_)` -> `resolve(_:fileID:line:)`."""
    depth = 0
    for index, char in enumerate(component):
        if char in "(<[":
            depth += 1
        elif char in ")>]":
            depth -= 1
        elif char == "-" and depth == 0 and index > 0:
            return component[:index]
    return component


def resolves(link, scope):
    parts = [base(part) for part in link.split("/")]
    candidates = ["/".join(parts)]
    # Relative links in doc comments resolve against the symbol and its parents.
    for cut in range(len(scope), 0, -1):
        candidates.append("/".join(scope[:cut] + parts))
    return any(candidate in paths for candidate in candidates)


link_pattern = re.compile(r"``([^`]+)``")

for module, symbol in symbols:
    path = "/".join(symbol["pathComponents"])
    doc = symbol.get("docComment")
    if doc is None:
        problems.append(f"{module}.{path}: no doc comment")
        continue
    if doc.get("module", module) != module:
        continue  # inherited from the protocol it implements
    text = "\n".join(line["text"] for line in doc["lines"])
    if "```" not in text:
        problems.append(f"{module}.{path}: doc comment has no example")
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    for link in link_pattern.findall(prose):
        if not resolves(link, symbol["pathComponents"][:-1] + [symbol["pathComponents"][-1]]):
            problems.append(f"{module}.{path}: ``{link}`` names no public symbol")

articles = {}
for root, _, files in os.walk(docc_dir):
    for name in files:
        if name.endswith(".md"):
            articles[name[:-3]] = open(os.path.join(root, name)).read()

for name, text in articles.items():
    without_code = re.sub(r"```.*?```", "", text, flags=re.S)
    for link in link_pattern.findall(without_code):
        if not resolves(link, []):
            problems.append(f"{name}.md: ``{link}`` names no public symbol")
    for target in re.findall(r"<doc:([^>]+)>", without_code):
        if target not in articles:
            problems.append(f"{name}.md: <doc:{target}> names no article")

landing = "Syringe"
reached, queue = {landing}, [landing]
while queue:
    for target in re.findall(r"<doc:([^>]+)>", articles.get(queue.pop(), "")):
        if target in articles and target not in reached:
            reached.add(target)
            queue.append(target)
for name in sorted(set(articles) - reached):
    problems.append(f"{name}.md: not curated (no <doc:{name}> reachable from {landing}.md)")

if problems:
    print(f"documentation check: {len(problems)} problem(s)")
    for problem in problems:
        print("  " + problem)
    sys.exit(1)
print(f"documentation check: {len(symbols)} public symbols documented with examples, "
      f"{len(articles)} articles curated, every symbol link resolves")
