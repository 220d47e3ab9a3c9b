// `node bench/profile.ts <file.cpuprofile> [top]`: where a --cpu-prof profile (BENCH_PROFILE=…)
// spent its time: self time by function, and by package / Yarrow file.
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);

function where(url: string): string {
  if (!url) return '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node:internal';
  const ours = /\/(src|workers|bench)\/(.*)$/.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url;
}

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const [id, micros] of self) {
  const { callFrame } = byId.get(id)!;
  const name = `${callFrame.functionName || '(anonymous)'}  ${where(callFrame.url)}:${callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  const place = callFrame.url ? where(callFrame.url) : callFrame.functionName;
  byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
}

// Inclusive time of Yarrow's own functions (a function called from itself counts once per stack).
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const byOwnFunction = new Map<string, number>();
for (const [id, micros] of self) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const { callFrame } = byId.get(at)!;
    if (!/\/(src|workers)\//.test(callFrame.url) || /node_modules|generated/.test(callFrame.url)) continue;
    const name = `${callFrame.functionName || '(anonymous)'}  ${where(callFrame.url)}:${callFrame.lineNumber + 1}`;
    if (seen.has(name)) continue;
    seen.add(name);
    byOwnFunction.set(name, (byOwnFunction.get(name) ?? 0) + micros);
  }
}

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${(micros / 1000).toFixed(0).padStart(8)} ms ${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`);
  }
};
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled over ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`);
print('Self time by package or file', byPlace);
print('Self time by function', byFunction);
print("Inclusive time of Yarrow's functions (synchronous part: time in awaited I/O is not on the stack)", byOwnFunction);
