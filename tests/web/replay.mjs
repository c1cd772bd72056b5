// Runs the rules built for wasm32 (web/replay) over recordings and solutions and prints each final
// state hash, one line per job: `crawler FILE HASH` or `reactor SOLUTION HASH` (hex; 0: not replayed).
// Usage: node replay.mjs RULES.wasm crawler:FILE.hdrec reactor:LEVEL.json:SOLUTION.json ...
// Any import the module asks for fails the run: the rules need nothing from their host.
import { readFileSync } from 'node:fs';

const [wasmPath, ...jobs] = process.argv.slice(2);
const module = await WebAssembly.compile(readFileSync(wasmPath));
const wanted = WebAssembly.Module.imports(module);
if (wanted.length > 0) {
  console.error(`the rules ask their host for ${wanted.map((i) => `${i.module}.${i.name}`).join(', ')}`);
  process.exit(2);
}
const { exports: rules } = await WebAssembly.instantiate(module, {});

function put(bytes) {
  const at = rules.alloc(bytes.length);
  new Uint8Array(rules.memory.buffer, at, bytes.length).set(bytes);
  return at;
}

for (const job of jobs) {
  const [kind, first, second] = job.split(':');
  let hash;
  if (kind === 'crawler') {
    const text = readFileSync(first);
    hash = rules.replay_crawler(put(text), text.length);
  } else if (kind === 'reactor') {
    const level = readFileSync(first);
    const solution = readFileSync(second);
    hash = rules.replay_reactor(put(level), level.length, put(solution), solution.length);
  } else {
    console.error(`unknown job ${job}`);
    process.exit(2);
  }
  console.log(`${kind} ${kind === 'crawler' ? first : second} ${BigInt.asUintN(64, hash).toString(16)}`);
}
