#!/usr/bin/env python3
"""gen-notation-cases.py — turn the notation cases (NOTATION-CASES.md, of the
rules folder given with the project; written out below) into the
test data tests/notation/cases.tsv, with the expected positions computed by
python-chess (an independent implementation).  Run by hand:

    PYTHONPATH=/path/to/python-chess python3 tools/gen-notation-cases.py > tests/notation/cases.tsv

Each case below is one row of NOTATION-CASES.md (its number), in the form
arbiter is run with: language, rules, start position, the movetext, the
moves it must play (UCI, python-chess applies them) or "-" when nothing is
played, and the findings it must give ("code" or "code:severity"; "none").
The expectation column restates the case's "Expected" text where arbiter's
policy makes a choice (README: tolerance with honesty).
"""
import chess

CTX = {
 "S0": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
 "S3b": "rnbqkb1r/pppp1ppp/5n2/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3",
 "S5": "rnbqkb1r/pppp1ppp/8/4P3/3pn3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 5",
 "S6": "rnbqkb1r/ppp2ppp/8/3pP3/3Qn3/5N2/PPP2PPP/RNB1KB1R w KQkq d6 0 6",
 "S8": "r1bqkb1r/ppp2ppp/2nn4/6B1/3Q4/5N2/PPP2PPP/RN2KB1R w KQkq - 2 8",
 "S9": "r1bqk2r/ppp1bppp/2nn4/6B1/8/4QN2/PPP2PPP/RN2KB1R w KQkq - 4 9",
 "S10w": "r1bq1rk1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/R3KB1R w KQ - 6 10",
 "S10b": "r1bq1rk1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/2KR1B1R b - - 7 10",
 "S11": "r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/2KR1B1R w - - 8 11",
 "FM": "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
 "BB": "4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1",
 "RL": "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
 "RN": "4k3/8/8/8/8/8/8/4KRN1 w - - 0 1",
 "D1": "4k3/8/8/8/8/8/8/4N1NK w - - 0 1",
 "D2": "4k3/8/8/6N1/8/8/8/6NK w - - 0 1",
 "D3": "4k3/8/8/8/3N4/8/7N/7K w - - 0 1",
 "D4": "4k3/8/8/8/8/5p2/8/4N1NK w - - 0 1",
 "D5": "4k3/8/8/8/3N4/5p2/7N/7K w - - 0 1",
 "D6": "4k3/8/8/b7/8/8/3N3N/4K3 w - - 0 1",
 "P2": "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1",
 "PR1": "8/3P3k/8/8/8/8/8/4K3 w - - 0 1",
 "PR2": "5r2/4P2k/8/8/8/8/8/4K3 w - - 0 1",
 "PR3": "4k3/8/8/8/8/8/6p1/K7 b - - 0 1",
 "PR4": "4k3/8/8/8/8/8/1p6/7K b - - 0 1",
 "C1": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
 "C2": "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1",
 "X1": "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1",
 "X2": "r4kr1/pppppppp/8/8/8/8/PPPPPPPP/R4KR1 w GAga - 0 1",
 "X3": "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1",
 "X4": "r1k4r/pppppppp/8/8/8/8/PPPPPPPP/R1K4R w HAha - 0 1",
 "X5": "rkb4r/pppppppp/8/8/8/8/PPPPPPPP/RKB4R w HAha - 0 1",
 "P7": "rnbqkb1r/ppp2ppp/3n4/8/3Q4/5N2/PPP2PPP/RNB1KB1R w KQkq - 0 7",
 "S9b": "r1bqk2r/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/R3KB1R b KQkq - 5 9",
 "E2": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
}

# id, lang, rules, ctx, movetext, uci (space-separated, "-" none), findings
# rules: edition the case names, else fide-2023.
C = """
1|en|fide-2023|S0|e4|e2e4|none
1|fi|fide-2018|S0|e4|e2e4|none
1|et|fide-2009|S0|e4|e2e4|none
2|fi|fide-2018|S0|Rf3|g1f3|none
3|et|fide-2009|S0|Rf3|g1f3|none
4|en|fide-2023|S0|Rf3|-|illegal-move
5|en|fide-2023|S0|Nf3|g1f3|none
6|fi|fide-2018|S0|Nf3|-|unknown-move
7|fi|fide-2018|S0|se4|e2e4|notation-form:warning
8|en|fide-2023|S0|Pe4|e2e4|notation-form:warning
9|fi|fide-2018|S0|e2e4|e2e4|none
10|et|fide-2009|S0|e2e4|e2e4|notation-form:info
11|fi|fide-2018|S0|Rg1f3|g1f3|none
12|fi|fide-2014|S0|Rg1-f3|g1f3|notation-form:info notation-form:warning
13|fi|fide-2018|S0|Rg1-f3|g1f3|notation-form:info
14|fi|fide-2018|S0|e5|-|illegal-move
15|fi|fide-2018|S11|Kb1|c1b1|none
15|et|fide-2009|S11|Kb1|c1b1|none
15|en|fide-2023|S11|Kb1|c1b1|none
16|et|fide-2009|S5|Lxd4|d1d4|none
17|fi|fide-2018|S5|Lxd4|-|illegal-move
18|fi|fide-2018|S5|Dxd4|d1d4|none
19|fi|fide-2018|S5|Dd4|d1d4|none
20|et|fide-2009|S5|Dxd4|-|unknown-move
21|en|fide-2023|S5|Qxd4|d1d4|none
22|en|fide-2023|S5|Nxd4|f3d4|none
23|fi|fide-2018|S5|Rxd4|f3d4|none
24|en|fide-2023|S5|Rxd4|-|illegal-move
25|et|fide-2009|S8|Le3+|d4e3|none
26|fi|fide-2018|S8|Le3+|g5e3|wrong-mark
27|fi|fide-2018|S8|De3+|d4e3|none
28|fi|fide-2018|S8|De3|d4e3|none
29|fi|fide-2018|S8|De3#|d4e3|wrong-mark
30|et|fide-2009|P7|Og5|c1g5|none
31|fi|fide-2018|P7|Og5|-|unknown-move
32|fi|fide-2018|S10b|Te8|f8e8|none
33|et|fide-2009|S10b|Ve8|f8e8|none
34|en|fide-2023|S10b|Re8|f8e8|none
35|fi|fide-2018|S10b|Re8|d6e8|none
36|en|fide-2023|RN|Rf3|f1f3|none
37|fi|fide-2018|RN|Rf3|g1f3|none
38|fi|fide-2018|RN|Tf3|f1f3|none
38|et|fide-2009|RN|Vf3|f1f3|none
39|auto|fide-2023|RN|Rf3|f1f3|lang-ambiguous
40|fr|fide-2023|RL|Fb5|f1b5|none
40|en|fide-2023|RL|Fb5|-|unknown-move
41|fi|fide-2018|RL|Lb5|f1b5|none
41|nl|fide-2023|RL|Lb5|f1b5|none
42|et|fide-2009|RL|Lb5|-|illegal-move
43|en|fide-2023|BB|bxc3|b2c3|none
43|fi|fide-2018|BB|bxc3|b2c3|none
43|et|fide-2009|BB|bxc3|b2c3|none
44|en|fide-2023|BB|Bxc3|d2c3|none
45|fi|fide-2018|BB|Bxc3|-|unknown-move
46|fi|fide-2018|BB|Lxc3|d2c3|none
47|et|fide-2009|BB|Oxc3|d2c3|none
48|fi|fide-2018|BB|bc3|b2c3|none
49|en|fide-2023|BB|Bc3|d2c3|none
50|en|fide-2023|RL|Bb5|f1b5|none
51|en|fide-2023|RL|bb5|-|unknown-move
51|fi|fide-2018|RL|bb5|-|unknown-move
52|en|fide-2023|RL|b5|-|illegal-move
52|fi|fide-2018|RL|b5|-|illegal-move
53|fi|fide-2018|S3b|exd4|e5d4|none
53|et|fide-2009|S3b|exd4|e5d4|none
53|en|fide-2023|S3b|exd4|e5d4|none
54|fi|fide-2018|S3b|ed4|e5d4|none
55|fi|fide-2018|S3b|e4|-|illegal-move
56|fi|fide-2018|S3b|e5d4|e5d4|none
57|et|fide-2009|E2|dx5|-|unknown-move
58|fi|fide-2018|S6|exd6 o.l.|e5d6|none
59|fi|fide-2018|S6|exd6 e.p.|e5d6|none
59|et|fide-2009|S6|exd6 e.p.|e5d6|none
59|en|fide-2023|S6|exd6 e.p.|e5d6|none
60|fi|fide-2018|S6|exd6|e5d6|none
60|et|fide-2009|S6|exd6|e5d6|none
60|en|fide-2023|S6|exd6|e5d6|none
61|fi|fide-2018|S6|ed6|e5d6|none
62|et|fide-2009|S6|exd6 o.l.|e5d6|notation-form:warning
63|fi|fide-2018|S6|exd6o.l.|e5d6|notation-form:info
64|et|fide-2009|P2|cxd5|c4d5|none
64|et|fide-2009|P2|exd5|e4d5|none
65|en|fide-2023|P2|xd5|-|ambiguous-move
66|en|fide-2023|P2|exd5 e.p.|e4d5|wrong-mark
67|fi|fide-2018|D1|Rgf3|g1f3|none
67|et|fide-2009|D1|Ref3|e1f3|none
68|en|fide-2023|D1|Ngf3|g1f3|none
69|fi|fide-2018|D1|Rf3|-|ambiguous-move
70|fi|fide-2018|D1|R1f3|-|ambiguous-move
71|fi|fide-2018|D2|R5f3|g5f3|none
71|et|fide-2009|D2|R1f3|g1f3|none
72|fi|fide-2018|D2|Rgf3|-|ambiguous-move
73|fi|fide-2018|D3|Rhf3|h2f3|none
73|et|fide-2009|D3|Rdf3|d4f3|none
74|fi|fide-2018|D3|R2f3|h2f3|none
75|fi|fide-2018|D4|Rgxf3|g1f3|none
75|et|fide-2009|D4|Rexf3|e1f3|none
76|fi|fide-2018|D5|Rhxf3|h2f3|none
76|et|fide-2009|D5|Rdxf3|d4f3|none
77|fi|fide-2014|D5|Rdx3|-|unknown-move
78|fi|fide-2018|D6|Rf3|h2f3|none
79|fi|fide-2018|D6|Rdf3|-|illegal-move
80|fi|fide-2018|S9|Rbd2|b1d2|none
80|et|fide-2009|S9|Rbd2|b1d2|none
81|fi|fide-2018|S9|Rd2|-|ambiguous-move
82|fi|fide-2017|S9|Rbd Kb1 (=)|-|unknown-move
83|fi|fide-2018|PR1|d8D|d7d8q|none
84|fi|fide-2018|PR1|d8L|d7d8b|none
85|et|fide-2009|PR1|d8L|d7d8q|none
86|en|fide-2023|PR1|d8Q|d7d8q|notation-form:info
87|fi|fide-2018|PR1|d8=D|d7d8q|notation-form:info
88|fi|fide-2018|PR1|d8|d7d8q|promotion-missing
89|fi|fide-2017|PR1|d8d|d7d8q|notation-form:warning
90|fi|fide-2018|PR2|exf8R+|e7f8n|none
90|et|fide-2009|PR2|exf8R+|e7f8n|none
91|en|fide-2023|PR2|exf8=R|e7f8r|none
92|en|fide-2023|PR2|exf8=N+|e7f8n|none
93|fi|fide-2018|PR3|g1T+|g2g1r|none
94|et|fide-2009|PR3|g1V+|g2g1r|none
95|fi|fide-2018|PR3|g1R|g2g1n|none
96|fi|fide-2018|PR4|b1L|b2b1b|none
97|et|fide-2009|PR4|b1L+|b2b1q|none
98|et|fide-2009|PR4|b1O|b2b1b|none
99|en|fide-2023|PR4|b1=B|b2b1b|none
100|fi|fide-2018|FM|Dh4X|d8h4|none
101|fi|fide-2018|FM|Dh4++|d8h4|none
102|fi|fide-2018|FM|Dh4#|d8h4|none
103|et|fide-2009|FM|Lh4#|d8h4|none
103|et|fide-2009|FM|Lh4++|d8h4|none
104|et|fide-2009|FM|Lh4X|d8h4|notation-form:warning
105|en|fide-2023|FM|Qh4#|d8h4|none
106|fi|fide-2018|FM|Dxh4|d8h4|wrong-mark
107|fi|fide-2018|FM|DXh4|d8h4|notation-form:warning
108|fi|fide-2018|FM|Dh4x|d8h4|notation-form:warning
109|fi|fide-2018|FM|Dh4|d8h4|none
110|fi|fide-2018|FM|Dh4+|d8h4|notation-form:info
111|fi|fide-2018|C1|0-0|e1g1|none
111|et|fide-2009|C1|0-0|e1g1|none
111|en|fide-2023|C1|0-0|e1g1|none
112|fi|fide-2018|C1|0-0-0|e1c1|none
112|en|fide-2023|C1|0-0-0|e1c1|none
113|en|fide-2023|C1|O-O|e1g1|none
114|et|fide-2009|C1|O-O|e1g1|notation-form:info
115|en|fide-2023|C1|o-o|e1g1|notation-form:info
116|en|fide-2023|C1|Kg1|e1g1|notation-form:warning
117|fi|fide-2018|C2|0-0|-|illegal-move
118|fi|fide-2018|C2|0-0-0|e1c1|none
119|fi|fide-2018|S10w|0-0-0|e1c1|none
120|fi|fide-2018|S9b|0-0|e8g8|none
121|en|fide-2023|X1|0-0-0|b1a1|none
122|en|fide-2023|X1|0-0|b1h1|none
123|en|fide-2023|X2|0-0|f1g1|none
124|en|fide-2023|X2|Kg1|-|illegal-move
125|en|fide-2023|X3|0-0|g1h1|none
126|en|fide-2023|X4|0-0-0|c1a1|none
127|en|fide-2023|X5|0-0-0|-|illegal-move
128|en|fide-2023|X3|O-O|g1h1|none
129|fi|fide-2018|S11|11. Kb1 (=)|c1b1|draw-offer
129|et|fide-2009|S11|11. Kb1 (=)|c1b1|draw-offer
130|fi|fide-2018|S11|Kb1(=)|c1b1|draw-offer notation-form:info
131|fi|fide-2018|S11|11. Kb1 Ld7 (=)|c1b1 c8d7|draw-offer
132|en|fide-2023|S11|Kb1 =|c1b1|notation-form:warning
133|fi|fide-2018|S10w|10. 0-0-0 11. Kb1 (=)|e1c1|move-number illegal-move
134|en|fide-2023|S0|e4!?|e2e4|none
135|de-spoken|fide-2018|S0|Springer Felix drei|g1f3|none
136|de-spoken|fide-2018|S0|Eva vier|e2e4|none
136|de-spoken|fide-2018|S0|Bauer Eva vier|e2e4|none
137|de-spoken|fide-2018|RL|Läufer Bella fünf|f1b5|none
138|de-spoken|fide-2018|C1|Kurze Rochade|e1g1|none
139|de-spoken|fide-2018|C1|Lange Rochade|e1c1|none
140|de-spoken|fide-2018|E2|Dame Hector fünf|d1h5|none
141|de-spoken|fide-2018|D1|Springer Gustav Felix drei|g1f3|none
142|de-spoken|fide-2018|PR1|David acht Dame|d7d8q|none
143|de-spoken|fide-2018|PR1|David acht|d7d8q|promotion-missing
"""


def fen_after(ctx, ucis, c960):
    b = chess.Board(CTX[ctx], chess960=c960)
    for u in ucis:
        b.push(chess.Move.from_uci(u))
    return b.fen(en_passant="legal")


print("# id\tlang\trules\tfen\tmovetext\tfen after\tfindings  (tools/gen-notation-cases.py; python-chess)")
for line in C.strip().splitlines():
    cid, lang, rules, ctx, text, uci, find = line.split("|")
    c960 = ctx.startswith("X")
    after = "-" if uci == "-" else fen_after(ctx, uci.split(), c960)
    if after != "-" and chess.Board(after, chess960=c960).is_insufficient_material():
        # A promotion that leaves K+N or K+B against K: a dead position (5.2.2).
        find = "dead-position" if find == "none" else find + " dead-position"
    print("\t".join([cid, lang, rules, CTX[ctx], text, after, find]))
