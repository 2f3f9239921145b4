// Times tsshogi's record readers and writers on the files tokin's `corpus` benchmark reads: the
// tsshogi column of docs/records.md's speed table.
//
// Install tsshogi outside the repository and point NODE_PATH at it:
//
//   npm install --prefix NODE_DIR tsshogi@2.2.0
//   NODE_PATH=NODE_DIR/node_modules node scripts/records/anchor_tsshogi.mjs DIR [ROUNDS [SECONDS]]
//   NODE_PATH=NODE_DIR/node_modules node scripts/records/anchor_tsshogi.mjs --moves DIR
//
// DIR is the folder given to the benchmark as TOKIN_BENCH_RECORDS (make_corpus.py builds it,
// with the moves tokin reads from each file in DIR/moves.tsv). The first form times each row
// of the table: main-line moves per second of this process's CPU time
// (`process.cpuUsage()`: user and system), each operation repeated over its files for at
// least SECONDS (default 1.5) a round, ROUNDS rounds (default 3), the operations taking
// turns, the median printed. Only the files tsshogi reads to the moves in moves.tsv are
// timed; the others are counted and named. Texts are decoded before timing, as the benchmark
// decodes them: UTF-8 (with or without a byte-order mark), else Shift_JIS.
//
// The second form prints, for make_corpus.py, one line per file: `tsshogi`, the file name,
// then the main line as USI moves, or `!` and why it read nothing.

import { createRequire } from "node:module";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

// NODE_PATH is honoured by `require`, not by `import`.
const require = createRequire(import.meta.url);
const tsshogi = require("tsshogi");

const FORMATS = { kif: "kif", kifu: "kif", ki2: "ki2", ki2u: "ki2", csa: "csa" };
const READERS = { kif: tsshogi.importKIF, ki2: tsshogi.importKI2, csa: tsshogi.importCSA };

function decode(bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("shift_jis").decode(bytes);
  }
}

// [name, format, text] for every record file in `folder`, in name order.
function recordFiles(folder) {
  return readdirSync(folder)
    .sort()
    .map((name) => [name, FORMATS[name.split(".").pop().toLowerCase()]])
    .filter(([name, fmt]) => fmt && statSync(join(folder, name)).isFile())
    .map(([name, fmt]) => [name, fmt, decode(readFileSync(join(folder, name)))]);
}

// {file name: main line as USI moves} from `folder`/moves.tsv, or null without one.
function expectedMoves(folder) {
  const path = join(folder, "moves.tsv");
  if (!existsSync(path)) return null;
  const expected = {};
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const tab = line.indexOf("\t");
    if (tab > 0) expected[line.slice(0, tab)] = line.slice(tab + 1).split(" ").filter(Boolean);
  }
  return expected;
}

// The record read from `text`, or a string saying why none was.
function read(fmt, text) {
  try {
    const record = READERS[fmt](text);
    return record instanceof Error ? record.message : record;
  } catch (e) {
    return String(e);
  }
}

// The moves of the main line (its nodes hold the start and the ending as special moves).
const mainLine = (record) => record.moves.map((n) => n.move).filter((m) => m instanceof tsshogi.Move);

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

// CPU seconds a call of `work` takes, over as many calls as fill `seconds`.
function timed(work, seconds) {
  const start = cpuSeconds();
  for (let calls = 1; ; calls++) {
    work();
    const spent = cpuSeconds() - start;
    if (spent >= seconds) return spent / calls;
  }
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const fmtRate = (x) => Math.round(x).toLocaleString("en-US");

function main(args) {
  if (args.length === 2 && args[0] === "--moves") {
    for (const [name, fmt, text] of recordFiles(args[1])) {
      const record = read(fmt, text);
      const shown = typeof record === "string" ? "! " + record.replace(/\s+/g, " ") : mainLine(record).map((m) => m.usi).join(" ");
      console.log(`tsshogi\t${name}\t${shown}`);
    }
    return;
  }
  if (args.length < 1 || args.length > 3) {
    console.error("usage: anchor_tsshogi.mjs DIR [ROUNDS [SECONDS]] | --moves DIR");
    process.exit(2);
  }
  const [folder, rounds, seconds] = [args[0], Number(args[1] ?? 3), Number(args[2] ?? 1.5)];
  const expected = expectedMoves(folder);
  if (!expected) console.log(`${folder}/moves.tsv missing: timed on the files tsshogi reads, its own moves`);
  const files = recordFiles(folder);
  const tasks = [];
  const games = [];
  for (const fmt of ["kif", "ki2", "csa"]) {
    const texts = [];
    const leftOut = [];
    let moves = 0;
    for (const [name, f, text] of files) {
      if (f !== fmt) continue;
      const record = read(fmt, text);
      const line = typeof record === "string" ? null : mainLine(record).map((m) => m.usi);
      const want = expected ? expected[name] : line;
      if (line && want && line.join(" ") === want.join(" ")) {
        texts.push(text);
        moves += line.length;
        games.push(record);
      } else {
        leftOut.push(name);
      }
    }
    if (leftOut.length) console.log(`tsshogi ${fmt}: left out ${leftOut.length}: ${leftOut.join(" ")}`);
    if (texts.length) {
      const label = `read ${fmt.toUpperCase()} (${texts.length} files, ${moves} moves)`;
      tasks.push([label, moves, () => texts.map((t) => READERS[fmt](t))]);
    }
  }
  const gameMoves = games.reduce((n, g) => n + mainLine(g).length, 0);
  const lines = games.map((g) => [g.initialPosition, mainLine(g)]);
  tasks.push([`write KI2 record (${games.length} games, ${gameMoves} moves)`, gameMoves, () => games.map((g) => tsshogi.exportKI2(g))]);
  tasks.push([`write Japanese move line, formatPV (${games.length} games, ${gameMoves} moves)`, gameMoves, () => lines.map(([p, m]) => tsshogi.formatPV(p, m))]);
  const rates = tasks.map(() => []);
  for (let r = 0; r < rounds; r++) {
    tasks.forEach(([, moves, work], i) => rates[i].push(moves / timed(work, seconds)));
  }
  tasks.forEach(([label], i) => {
    console.log(`tsshogi\t${label}\t${fmtRate(median(rates[i]))} moves/s\t(${rates[i].map(fmtRate).join(", ")})`);
  });
}

main(process.argv.slice(2));
