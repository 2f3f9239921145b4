#!/usr/bin/env python3
"""List file-level import edges (use crate::X / super::X / self::X paths) in a crate's src/ and
print the strongly connected components with more than one file.

    python3 scripts/circles.py CRATE/src [CRATE/src ...]   (see docs/architecture.md)
"""
import os, re, sys

def mod_path(root, f):
    rel = os.path.relpath(f, root)[:-3].split(os.sep)
    if rel[-1] in ('mod', 'lib'): rel = rel[:-1]
    return rel

def resolve(root, segs):
    # longest prefix of segs that names a module file
    best = None
    for i in range(len(segs) + 1):
        base = os.path.join(root, *segs[:i]) if i else root
        for cand in ([base + '.rs', os.path.join(base, 'mod.rs')] if i else [os.path.join(root, 'lib.rs')]):
            if os.path.isfile(cand): best = cand; break
    return best

def edges(root):
    out = {}
    for d, _, fs in os.walk(root):
        for n in fs:
            if not n.endswith('.rs'): continue
            f = os.path.join(d, n); me = mod_path(root, f)
            is_mod = n in ('mod.rs', 'lib.rs')
            text = open(f).read()
            # Non-test code only: an inline `mod tests` ends the file's own code here, and its
            # `super` means this file. Comments (doc links) are not imports.
            text = re.split(r'#\[cfg\(test\)\]\s*mod \w+\s*\{', text)[0]
            text = '\n'.join(l for l in text.split('\n') if not l.lstrip().startswith('//'))
            # drop #[cfg(test)] mod tests blocks' influence crudely: keep everything (tests count too)
            tgt = set()
            for m in re.finditer(r'\b((?:crate|super|self)(?:::(?:super|[a-z_][a-z0-9_]*))*)::(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*)', text):
                segs = m.group(1).split('::')
                base = []
                if segs[0] == 'crate': base = []
                else:
                    base = list(me) if is_mod else list(me[:-1])
                    if segs[0] == 'self': base = list(me)
                    for s in segs[1:]:
                        pass
                    k = 1 if segs[0] == 'super' else 0
                    if segs[0] == 'super' and not is_mod: pass  # super of a leaf file is its parent dir
                    elif segs[0] == 'super': base = base[:-1]
                    rest = segs[1:]
                    while rest and rest[0] == 'super': base = base[:-1]; rest = rest[1:]
                    segs = ['x'] + rest
                extra = segs[1:]
                names = [x.strip().split('::')[0] for x in m.group(2).strip('{}').split(',')] if m.group(2).startswith('{') else [m.group(2)]
                for nm in names:
                    t = resolve(root, base + extra + ([nm] if nm and nm[0].islower() else []))
                    if t and t != f: tgt.add(t)
            out[f] = tgt
    return out

def sccs(g):
    idx, low, st, on, res, c = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)
    def v(n):
        idx[n] = low[n] = c[0]; c[0] += 1; st.append(n); on.add(n)
        for w in g.get(n, ()):
            if w not in idx: v(w); low[n] = min(low[n], low[w])
            elif w in on: low[n] = min(low[n], idx[w])
        if low[n] == idx[n]:
            comp = []
            while True:
                w = st.pop(); on.discard(w); comp.append(w)
                if w == n: break
            res.append(comp)
    for n in list(g): 
        if n not in idx: v(n)
    return res

for root in sys.argv[1:]:
    g = edges(root)
    n_edges = sum(len(t) for t in g.values())
    print(f'{root}: {len(g)} files, {n_edges} edges')
    for comp in sccs(g):
        if len(comp) > 1:
            print('  circle:', ' '.join(sorted(os.path.relpath(x, root) for x in comp)))
