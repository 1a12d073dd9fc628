#!/usr/bin/env python3
"""dead-compare.py — arbiter's dead-position verdicts against labels and CHA.

  tools/dead-compare.py [--arbiter=./arbiter] [--budget=N | --quick]
                        [--max=N] [--cha=CHA_OUTPUT] [--show=N] FILE

FILE: a labelled set of tests/data/unwinnability ("WB FEN" lines:
which sides can still mate) or a list of timeouts ("FEN game-id": the side
not to move flagged, its opponent is the side asked about, and with
--flagged it is known not to be able to mate).  arbiter position
--format=jsonl answers each FEN; the answers are compared side by side with
the label and, with --cha, with the output of CHA (the Chess Unwinnability
Analyzer, built apart: it is GPL and no part of this repository) run on
lines "FEN white|black".  Prints the counts per kind of answer and every
disagreement (up to --show=N of each kind, default 20):

  LABEL  the label and arbiter contradict each other (a bug: soundness)
  MISS   labelled (or CHA says) unwinnable, arbiter undetermined
  OPEN   labelled (or CHA says) winnable, arbiter undetermined
  CHA<   CHA decides, arbiter does not; CHA> arbiter decides, CHA does not
  CHA!   CHA and arbiter contradict each other
"""
import json
import re
import subprocess
import sys
import time


def parse_args(argv):
    a = {'arbiter': './arbiter', 'budget': None, 'quick': False, 'max': 0, 'cha': None, 'show': 20,
         'flagged': False, 'file': None}
    for x in argv:
        if x.startswith('--arbiter='):
            a['arbiter'] = x.split('=', 1)[1]
        elif x.startswith('--budget='):
            a['budget'] = x.split('=', 1)[1]
        elif x == '--quick':
            a['quick'] = True
        elif x == '--flagged':
            a['flagged'] = True
        elif x.startswith('--max='):
            a['max'] = int(x.split('=', 1)[1])
        elif x.startswith('--cha='):
            a['cha'] = x.split('=', 1)[1]
        elif x.startswith('--show='):
            a['show'] = int(x.split('=', 1)[1])
        elif x.startswith('-'):
            sys.exit('dead-compare.py: unknown option ' + x)
        else:
            a['file'] = x
    if not a['file']:
        sys.exit(__doc__)
    return a


def read_set(path, flagged, limit):
    """[(fen, {side: True (can mate) / False (cannot) / None (unknown)})]"""
    out = []
    for line in open(path):
        line = line.rstrip('\n')
        if not line or line.startswith('#'):
            continue
        if re.match(r'^[W-][B-] ', line):
            lab = {'white': line[0] == 'W', 'black': line[1] == 'B'}
            fen = line[3:].strip()
        else:
            f = line.split()
            fen = ' '.join(f[:6])
            winner = 'black' if f[1] == 'w' else 'white'
            lab = {winner: False if flagged else None}
        out.append((fen, lab))
        if limit and len(out) >= limit:
            break
    return out


def read_cha(path):
    """{(fen without clocks, side): 'winnable' | 'unwinnable' | 'undetermined'}"""
    got = {}
    for line in open(path):
        m = re.match(r'^(winnable|unwinnable|undetermined)\b.*\((.*) (white|black)\)\s*$', line)
        if m:
            got[(key(m.group(2)), m.group(3))] = m.group(1)
    return got


def key(fen):
    return ' '.join(fen.split()[:4])


def main():
    a = parse_args(sys.argv[1:])
    items = read_set(a['file'], a['flagged'], a['max'])
    cmd = [a['arbiter'], 'position', '--format=jsonl']
    if a['quick']:
        cmd.append('--quick')
    if a['budget']:
        cmd.append('--budget=' + a['budget'])
    t0 = time.time()
    res = subprocess.run(cmd, input=''.join(f + '\n' for f, _ in items), capture_output=True, text=True)
    secs = time.time() - t0
    answers = [json.loads(x) for x in res.stdout.splitlines()]
    if len(answers) != len(items):
        sys.exit('dead-compare.py: %d answers for %d FENs (%s)' % (len(answers), len(items), res.stderr.strip()))
    cha = read_cha(a['cha']) if a['cha'] else None
    counts = {}
    shown = {}

    def note(kind, fen, side, text):
        counts[kind] = counts.get(kind, 0) + 1
        if shown.get(kind, 0) < a['show']:
            shown[kind] = shown.get(kind, 0) + 1
            print('%-5s %s %s: %s' % (kind, fen, side, text))

    for (fen, lab), ans in zip(items, answers):
        if ans.get('fen') != fen:
            sys.exit('dead-compare.py: answers out of order at ' + fen)
        for side in ('white', 'black'):
            if 'error' in ans:
                note('ERROR', fen, side, ans['error'])
                continue
            v = ans[side]['verdict']
            counts['arbiter ' + v] = counts.get('arbiter ' + v, 0) + 1
            want = lab.get(side)
            c = cha.get((key(fen), side)) if cha is not None else None
            if side not in lab and c is None:
                continue
            if want is not None:
                kind = 'label ' + ('winnable' if want else 'unwinnable')
                counts[kind] = counts.get(kind, 0) + 1
                if v != 'undetermined' and (v == 'winnable') != want:
                    note('LABEL', fen, side, 'labelled %s, arbiter says %s: %s' %
                         ('winnable' if want else 'unwinnable', v, ans[side]['reason']))
                elif v == 'undetermined':
                    note('OPEN' if want else 'MISS', fen, side, 'labelled %s' % ('winnable' if want else 'unwinnable'))
                elif not want:
                    counts['proved unwinnable'] = counts.get('proved unwinnable', 0) + 1
            if c is not None:
                counts['cha ' + c] = counts.get('cha ' + c, 0) + 1
                if c != 'undetermined' and v != 'undetermined' and c != v:
                    note('CHA!', fen, side, 'CHA %s, arbiter %s: %s' % (c, v, ans[side]['reason']))
                elif c != 'undetermined' and v == 'undetermined':
                    note('CHA<', fen, side, 'CHA %s, arbiter undetermined' % c)
                elif c == 'undetermined' and v != 'undetermined':
                    note('CHA>', fen, side, 'CHA undetermined, arbiter %s' % v)
                elif want is None and c == 'unwinnable' and v == 'unwinnable':
                    counts['proved unwinnable'] = counts.get('proved unwinnable', 0) + 1
    print('# %s: %d positions in %.1f s (%.0f/s)' % (a['file'], len(items), secs, len(items) / max(secs, 1e-9)))
    for k in sorted(counts):
        print('#   %-22s %d' % (k, counts[k]))
    lu = counts.get('label unwinnable', 0)
    if lu:
        print('#   unwinnable sides proved: %d of %d (%.2f%%)' % (counts.get('proved unwinnable', 0), lu,
                                                                100.0 * counts.get('proved unwinnable', 0) / lu))
    return 1 if counts.get('LABEL') or counts.get('CHA!') else 0


if __name__ == '__main__':
    sys.exit(main())
