/**
 * The floors of the house, read from the code and from ARCHITECTURE.md.
 *
 * Inside every folder of src/, each direct child (a file or a subfolder, everything below it counted as
 * one) is a room; an import from a file of one room to a file of another is an arrow between the two.
 * "No upward import inside a folder" means those arrows can be laid on floors so that every arrow
 * points down or across: the rooms of each folder form no circle. ARCHITECTURE.md lays out some
 * folders' floors itself, in a `| floor | rooms |` table after a `<!-- floors: src/…/ -->` marker; those
 * tables must name every room of the folder once, and every arrow must point to its own floor or below.
 */

/** One import between two files of src/ (paths relative to the project root). */
export interface Arrow {
  from: string;
  to: string;
}

/** The modules of a dependency-cruiser JSON report, as far as the floors need them. */
export interface CruiseModule {
  source: string;
  dependencies: { resolved: string; coreModule: boolean; couldNotResolve: boolean }[];
}

/** Every import between two files of src/. */
export function arrowsOf(modules: CruiseModule[]): Arrow[] {
  const arrows: Arrow[] = [];
  for (const m of modules) {
    if (!m.source.startsWith('src/')) continue;
    for (const d of m.dependencies) {
      if (d.coreModule || d.couldNotResolve || !d.resolved.startsWith('src/')) continue;
      arrows.push({ from: m.source, to: d.resolved });
    }
  }
  return arrows;
}

/** The room of `file` inside `folder` (its direct child: `core.ts` or `rest`), or undefined when outside. */
export function roomIn(folder: string, file: string): string | undefined {
  if (!file.startsWith(folder)) return undefined;
  return file.slice(folder.length).split('/')[0];
}

/** Every folder that holds a file of `files` (`src/`, `src/server/`, …), each ending in `/`. */
export function foldersOf(files: string[]): string[] {
  const folders = new Set<string>();
  for (const f of files) {
    const parts = f.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(`${parts.slice(0, i).join('/')}/`);
  }
  return [...folders].sort();
}

/** The arrows between the rooms of one folder, each once. */
export function roomArrows(folder: string, arrows: Arrow[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const a of arrows) {
    const from = roomIn(folder, a.from);
    const to = roomIn(folder, a.to);
    if (!from || !to || from === to) continue;
    const set = out.get(from) ?? new Set<string>();
    set.add(to);
    out.set(from, set);
  }
  return out;
}

/** The circles among the rooms of one folder (Tarjan's strongly connected components of two or more). */
export function circlesIn(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) circles.push(component.sort());
  };
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])]);
  for (const v of [...nodes].sort()) if (!index.has(v)) visit(v);
  return circles;
}

/** A folder's floors as ARCHITECTURE.md lays them out: room → floor number. */
export interface DocumentedFloors {
  folder: string;
  floors: Map<string, number>;
}

/**
 * The floor tables of ARCHITECTURE.md: a `<!-- floors: src/x/ -->` marker, then a table whose rows are
 * `| N | \`room\`, \`room\` |`. A room is written as it is named in its folder (`core.ts`, `rest`) or, on
 * the top floor table, without `src/` and without `.ts` (`main`).
 */
export function documentedFloors(markdown: string): DocumentedFloors[] {
  const out: DocumentedFloors[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const marker = /<!--\s*floors:\s*(src\/[^\s]*?\/?)\s*-->/.exec(lines[i] ?? '');
    if (!marker?.[1]) continue;
    const folder = marker[1].endsWith('/') ? marker[1] : `${marker[1]}/`;
    const floors = new Map<string, number>();
    let j = i + 1;
    while (j < lines.length && !(lines[j] ?? '').trim().startsWith('|')) j++;
    for (; j < lines.length && (lines[j] ?? '').trim().startsWith('|'); j++) {
      const cells = (lines[j] ?? '').split('|').map((c) => c.trim());
      const level = Number(cells[1]);
      if (!Number.isInteger(level)) continue;
      for (const name of (cells[2] ?? '').matchAll(/`([^`]+)`/g))
        if (name[1]) floors.set(name[1].replace(/\/$/, ''), level);
    }
    out.push({ folder, floors });
  }
  return out;
}

/** The room names of a folder as its floor table writes them (`main.ts` is `main` on the top table). */
export function roomsOf(folder: string, files: string[]): Set<string> {
  const rooms = new Set<string>();
  for (const f of files) {
    const room = roomIn(folder, f);
    if (!room) continue;
    rooms.add(folder === 'src/' && room.endsWith('.ts') ? room.slice(0, -3) : room);
  }
  return rooms;
}

/** What a documented floor table gets wrong against the code: rooms missing or unknown, arrows up. */
export function floorProblems(
  doc: DocumentedFloors,
  files: string[],
  arrows: Arrow[],
  beside: string[] = [],
): string[] {
  const problems: string[] = [];
  const rooms = roomsOf(doc.folder, files);
  const name = (room: string) => (doc.folder === 'src/' && room.endsWith('.ts') ? room.slice(0, -3) : room);
  for (const room of rooms)
    if (!doc.floors.has(room) && !beside.includes(room)) problems.push(`${doc.folder}${room} is on no floor`);
  for (const room of doc.floors.keys())
    if (!rooms.has(room)) problems.push(`${doc.folder}${room} is on a floor but does not exist`);
  for (const [from, tos] of roomArrows(doc.folder, arrows)) {
    const a = doc.floors.get(name(from));
    for (const to of tos) {
      const b = doc.floors.get(name(to));
      if (a === undefined || b === undefined) continue;
      if (b > a) problems.push(`${doc.folder}${from} (floor ${a}) imports ${to} (floor ${b}), a floor up`);
    }
  }
  return problems;
}
