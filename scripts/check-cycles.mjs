// Fails when an import cycle exists among the app's files, or among its domain modules
// (app/modules/<domain>), so the cycles removed in docs/adr/0029-modules-without-cycles.md cannot
// come back. `npm run lint` runs it; the boundaries between layers are ESLint rules
// (eslint.config.js). eslint-plugin-import's `import/no-cycle` would do the file check, but it is
// not installed and resolves every import again per file; this walks the graph once (2 s of CPU).
//
// Every import counts, `import type` and `import()` included: a cycle of types is still two
// modules that cannot be read, tested or moved one without the other. Test files are left out.
//
// Usage: node scripts/check-cycles.mjs [--graph]   (--graph prints the domain-module edges)
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const roots = ["app", "db"];
const aliases = [
  ["~/", "app/"],
  ["#db/", "db/"],
];
const extensions = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function listFiles(dir) {
  const out = [];
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...listFiles(rel));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(rel);
  }
  return out;
}

/** The import specifiers of one file: static imports and re-exports, and `import()` calls. */
function specifiers(file) {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolve(from, spec) {
  let base;
  const alias = aliases.find(([prefix]) => spec.startsWith(prefix));
  if (alias) base = alias[1] + spec.slice(alias[0].length);
  else if (spec.startsWith(".")) base = path.posix.join(path.posix.dirname(from), spec);
  else return null;
  base = base.replace(/\.js$/, "");
  for (const ext of extensions) {
    const candidate = base + ext;
    if (existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  return null;
}

/** Tarjan's strongly connected components with more than one member, or one importing itself. */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const found = [];
  const connect = (v) => {
    state.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!state.has(w)) {
        connect(w);
        state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
      } else if (state.get(w).onStack) {
        state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
      }
    }
    if (state.get(v).low === state.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        state.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!state.has(v)) connect(v);
  return found;
}

/** One shortest cycle through `start` inside its component, to show what to cut. */
function shortestCycle(graph, component, start) {
  const members = new Set(component);
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const route = [v];
        while (previous.get(route[0])) route.unshift(previous.get(route[0]));
        return [...route, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

/** app/modules/<domain>/... -> modules/<domain>; anything else is not a domain module. */
function domainOf(file) {
  const match = /^app\/modules\/([^/]+)\//.exec(file);
  return match ? `modules/${match[1]}` : null;
}

const files = roots.flatMap(listFiles);
const fileGraph = new Map();
const moduleGraph = new Map();
const moduleEdges = new Map();
for (const file of files) {
  const targets = new Set();
  for (const spec of specifiers(file)) {
    const target = resolve(file, spec);
    if (target && target !== file) targets.add(target);
  }
  fileGraph.set(file, targets);
  const from = domainOf(file);
  if (!from) continue;
  for (const target of targets) {
    const to = domainOf(target);
    if (!to || to === from) continue;
    if (!moduleGraph.has(from)) moduleGraph.set(from, new Set());
    moduleGraph.get(from).add(to);
    const key = `${from} -> ${to}`;
    if (!moduleEdges.has(key)) moduleEdges.set(key, []);
    moduleEdges.get(key).push(`${file} -> ${target}`);
  }
}

if (process.argv.includes("--graph")) {
  for (const [key, via] of [...moduleEdges].sort()) console.log(`${key}  (${via.length}: ${via[0]})`);
}

const fileCycles = cycles(fileGraph);
const moduleCycles = cycles(moduleGraph);
for (const component of fileCycles) {
  console.error(
    `File cycle (${component.length} files): ${shortestCycle(fileGraph, component, component[0]).join(" -> ")}`,
  );
  if (component.length > 2) console.error(`  all files in it: ${component.join(", ")}`);
}
for (const component of moduleCycles) {
  console.error(
    `Module cycle (${component.length} modules): ${shortestCycle(moduleGraph, component, component[0]).join(" -> ")}`,
  );
  console.error("  the imports between them:");
  for (const from of component) {
    for (const to of component) {
      const via = moduleEdges.get(`${from} -> ${to}`);
      if (via) console.error(`  ${from} -> ${to}: ${via.join("; ")}`);
    }
  }
}
if (fileCycles.length + moduleCycles.length > 0) {
  console.error(`${fileCycles.length} file cycle(s), ${moduleCycles.length} module cycle(s) in ${files.length} files.`);
  process.exit(1);
}
const domains = new Set(files.map(domainOf).filter(Boolean));
console.log(`No import cycle among ${files.length} files and ${domains.size} domain modules.`);
