"""Tests of scripts/wa/hachu_usi.py: the square translation and what is sent to HaChu.

    python3 -m unittest discover -s scripts/wa -p 'test_*.py'
"""
import os, sys, tempfile, textwrap, unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hachu_usi  # noqa: E402

FILES = range(1, 12)
RANKS = "abcdefghijk"


class SquareTranslation(unittest.TestCase):
    def test_every_square_both_ways(self):
        seen = set()
        for f in FILES:
            for r in RANKS:
                for f2, r2 in ((1, "a"), (11, "k"), (f, r)):
                    usi = f"{f}{r}{f2}{r2}"
                    xb = hachu_usi.to_xboard(usi)
                    self.assertEqual(hachu_usi.from_xboard(xb), usi)
                    self.assertEqual(hachu_usi.from_xboard(xb + "+"), usi + "+")
                seen.add(hachu_usi.to_xboard(f"{f}{r}1a")[:-3])
        # 121 distinct XBoard squares, files a..k, ranks 1..11.
        self.assertEqual(len(seen), 121)
        self.assertEqual(seen, {f"{c}{n}" for c in "abcdefghijk" for n in range(1, 12)})

    def test_corners_and_two_digit_ranks(self):
        # tokin's file 11 is XBoard's a, its rank k (Black's back rank) XBoard's 1.
        self.assertEqual(hachu_usi.to_xboard("11k1a"), "a1k11")
        self.assertEqual(hachu_usi.to_xboard("10j2b+"), "b2j10+")
        self.assertEqual(hachu_usi.from_xboard("j10k11"), "2b1a")

    def test_start_positions_agree(self):
        # HaChu's start for `variant wa-shogi` as it declares it (rank 11 first, files a..k),
        # against tokin's start (rank a first, files 11..1), square by square.
        hachu = "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH"
        tokin = ("lhcmsofcvsckvwfgscbdoc/1ce3sw3ff1/spspsprrspspsptfspspsp/3sp3sp3/11/11/11/"
                 "3SP3SP3/SPSPSPTFSPSPSPRRSPSPSP/1FF3SW3CE1/OCBDSCFGVWCKVSFCSOCMLH")
        names = dict(O="OC", D="BD", U="SC", G="FG", W="VW", K="CK", V="VS", C="FC", L="SO",
                     M="CM", H="LH", F="FF", S="SW", E="CE", P="SP", X="TF", R="RR")

        def board(text, width, name):
            squares = {}
            for row, rank in enumerate(text.split("/")):
                col, i = 0, 0
                while i < len(rank):
                    digits = len(rank[i:]) - len(rank[i:].lstrip("0123456789"))
                    if digits:
                        col += int(rank[i:i + digits]); i += digits
                    else:
                        squares[row, col] = name(rank[i:i + width]); col += 1; i += width
            return squares

        xb = board(hachu, 1, lambda c: names[c.upper()] if c.isupper() else names[c.upper()].lower())
        tk = board(tokin, 2, lambda c: c)
        self.assertEqual(len(tk), 54)
        for (row, col), piece in tk.items():
            usi = f"{11 - col}{RANKS[row]}"
            square = hachu_usi.to_xboard(usi + "1a")[:-3]
            self.assertEqual(xb[11 - int(square[1:]), ord(square[0]) - ord("a")], piece, usi)
        self.assertEqual(len(xb), len(tk))

    def test_squares_off_the_board_are_refused(self):
        for move in ("j10l8", "a12a11", "a0a1", "l1a1", "a1a1x"):
            with self.assertRaises(ValueError, msg=move):
                hachu_usi.from_xboard(move)
        for move in ("12a1a", "0a1a", "1l1a", "1a1a="):
            with self.assertRaises(ValueError, msg=move):
                hachu_usi.to_xboard(move)


class Setup(unittest.TestCase):
    def test_options_for_the_rules_played_and_the_clock(self):
        """HaChu must be told to promote on any move that starts or ends in the zone and to
        take repeating moves (without these it refuses legal moves of the game), and the
        increment (without it, it plays as in sudden death), with each clock as XBoard counts
        it: the increment of the move about to start (USI's) is already on it (XBoard's)."""
        with tempfile.TemporaryDirectory() as d:
            log = os.path.join(d, "in.txt")
            fake = os.path.join(d, "fake_hachu.py")
            with open(fake, "w") as out:
                out.write(textwrap.dedent(f"""\
                    import sys
                    with open({log!r}, "w") as log:
                        for line in sys.stdin:
                            log.write(line); log.flush()
                            if line.startswith("ping"):
                                print("pong" + line[4:], end="", flush=True)
                            if line.startswith("go"):
                                print("move a9a8", flush=True)
                            if line.startswith("quit"):
                                break
                    """))
            hachu_usi.hachu = [sys.executable, fake]
            engine = hachu_usi.HaChu()
            engine.position(["8i8h"])
            self.assertEqual(engine.go(30000, 20000, 1500), "11c11d")
            engine.send("quit")
            engine.p.wait(timeout=10)
            with open(log) as f:
                sent = f.read().splitlines()
        self.assertIn("option Promote on entry=0", sent)
        self.assertIn("option Allow repeats=1", sent)
        self.assertLess(sent.index("option Promote on entry=0"), sent.index("new"))
        self.assertEqual(sent[sent.index("new"):sent.index("new") + 3], ["new", "variant wa-shogi", "force"])
        self.assertIn("usermove d3d4", sent)
        self.assertEqual(sent[sent.index("go") - 3:sent.index("go")], ["level 0 1000 1", "time 3150", "otim 2150"])


if __name__ == "__main__":
    unittest.main()
