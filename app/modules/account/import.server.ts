import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import v8 from "node:v8";
import { eq, inArray, sql } from "drizzle-orm";
import {
  authors,
  books,
  librarySaves,
  readingPlans,
  libraryItems,
  studies,
  userOnboarding,
  userPlanProgress,
  userPlans,
  userProfiles,
  verseNotes,
} from "#db/schema";
import { getConfig } from "~/config.server";
import { getDb, openDatabase, type Db } from "~/db.server";
import { noteRange } from "~/modules/notes/notes.server";
import { checkHistory, type DayCompletion } from "~/modules/plans/calendar";
import { runTask, type PoolTask } from "~/server/pool.server";
import { ConflictError, PayloadTooLargeError, ValidationError } from "~/utils/errors";
import { validationErrorFrom } from "~/utils/validation";
import { archiveSchema, type Archive, type ImportSummary } from "./archive";
import { startImport } from "./limits.server";
import { readZipEntry } from "./zip.server";

/**
 * An import in two steps (docs/adr/0016-imports-that-cannot-hurt-anyone-else.md):
 *
 * 1. prepareImport, in a worker thread with a time and memory limit: the zip is read with a hard
 *    cap on what data.json inflates to, the JSON is parsed and checked (shape, types, ids listed
 *    once, web addresses, the account's caps, reading days against the plan rules), and every
 *    row to add is decided, ids included. Every refusal happens here, before anything is written.
 * 2. writeImport, on the request's thread: the decided rows in short transactions (about 20 ms
 *    each, with a pause between them), so nobody else waits long for the write lock. Should a
 *    batch still fail (a row added meanwhile, a full disk), the rows already written are deleted.
 */

export interface ImportLimits {
  maxZipBytes: number;
  maxJsonBytes: number;
  maxItems: number;
}

export interface PrepareImportInput {
  userId: string;
  bytes: Uint8Array;
  /** The worker opens the same database as the server (a test server's is not DATABASE_PATH). */
  databasePath: string;
  limits: ImportLimits;
  now: Date;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const NOT_A_ZIP = "This file is not a Sagacity Bites export: upload the .zip that Export my data gave you.";
/** More entries than any export holds (two files per item, studies and items capped per account). */
const MAX_ENTRIES = 25_000;
/** data.json is a few levels deep (rows, then lists inside a row): deeper is not an export. */
const MAX_DEPTH = 8;
/** A transaction's work before it commits and lets other writers in. */
const BATCH_MS = 20;
/** The pause between two transactions, long enough for a waiting writer's retry to land in it. */
const BATCH_PAUSE_MS = 20;
/** Ids per `in (...)` query. */
const CHUNK = 500;

function megabytes(bytes: number) {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * No array longer than `maxRows` and nothing deeper than MAX_DEPTH, checked with a loop before
 * the schema runs (a schema walking 10 million array entries would collect 10 million issues).
 */
function checkShape(data: unknown, maxRows: number) {
  const stack: Array<[unknown, number]> = [[data, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_DEPTH) throw new ValidationError("The export's data.json is not valid: it is nested too deeply.");
    const children = Array.isArray(value) ? value : Object.values(value);
    if (children.length > maxRows) {
      throw new PayloadTooLargeError(`The export's data.json lists more than ${maxRows} entries in one place.`);
    }
    for (const child of children) if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
  }
}

/** data.json from an export zip, checked. Only that entry is inflated, never past maxJsonBytes. */
export function readArchive(bytes: Uint8Array, limits: ImportLimits): Archive {
  if (bytes.length > limits.maxZipBytes) {
    throw new PayloadTooLargeError(`The file is too large (limit ${megabytes(limits.maxZipBytes)})`);
  }
  const json = readZipEntry(bytes, "data.json", {
    maxEntries: MAX_ENTRIES,
    maxBytes: limits.maxJsonBytes,
    tooLarge: `data.json is too large once unpacked (limit ${megabytes(limits.maxJsonBytes)})`,
    notAZip: NOT_A_ZIP,
  });
  if (!json) throw new ValidationError(`${NOT_A_ZIP} (it has no data.json)`);
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(json));
  } catch {
    throw new ValidationError("The export's data.json is damaged (it is not valid JSON).");
  }
  // Every list an account can fill is capped at maxItems; the catalogue's plans and a plan's days
  // are fewer. The schema's own bounds are the second line.
  checkShape(data, Math.max(limits.maxItems, 10_000));
  const parsed = archiveSchema.safeParse(data);
  if (!parsed.success) {
    const error = validationErrorFrom(parsed.error);
    throw new ValidationError(`The export's data.json is not valid: ${error.message}`, error.details?.fieldErrors);
  }
  return parsed.data;
}

/** The id a row of this account gets: its exported id, unless another account holds that one. */
function derivedId(userId: string, id: string) {
  const hex = crypto.createHash("sha256").update(`${userId}:${id}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type OwnedTable =
  typeof authors | typeof books | typeof libraryItems | typeof studies | typeof userPlans | typeof verseNotes;
type CappedTable = typeof authors | typeof books | typeof libraryItems | typeof studies | typeof verseNotes;

function chunks<T>(list: T[]) {
  const out: T[][] = [];
  for (let index = 0; index < list.length; index += CHUNK) out.push(list.slice(index, index + CHUNK));
  return out;
}

/** Who owns each of these ids in `table` (ids nobody holds are absent). */
function ownersOf(db: Db | Tx, table: OwnedTable, ids: string[]) {
  const owners = new Map<string, string>();
  for (const part of chunks(ids)) {
    for (const row of db
      .select({ id: table.id, userId: table.userId })
      .from(table)
      .where(inArray(table.id, part))
      .all())
      owners.set(row.id, row.userId);
  }
  return owners;
}

/**
 * Where each exported row lives in this database: `exists` when this account already has it (a
 * second import, or the same install), else the id to insert it under. An id another account
 * holds (two people importing one file) is replaced by one derived from both, the same each time.
 */
function placeRows(db: Db | Tx, table: OwnedTable, userId: string, ids: string[]) {
  const owners = ownersOf(db, table, ids);
  const derived = new Map(
    ids.filter((id) => owners.has(id) && owners.get(id) !== userId).map((id) => [id, derivedId(userId, id)]),
  );
  const derivedOwners = ownersOf(db, table, [...derived.values()]);
  return new Map(
    ids.map((id) => {
      if (!owners.has(id)) return [id, { id, exists: false }];
      if (owners.get(id) === userId) return [id, { id, exists: true }];
      const other = derived.get(id)!;
      return [id, { id: other, exists: derivedOwners.has(other) }];
    }),
  );
}

function countOf(db: Db | Tx, table: CappedTable, userId: string) {
  return (
    db
      .select({ count: sql<number>`count(*)` })
      .from(table)
      .where(eq(table.userId, userId))
      .get()?.count ?? 0
  );
}

type Row<T extends { $inferInsert: unknown }> = T["$inferInsert"] & { id: string };

/** Everything an import will write, decided before the first write. Plain data (it crosses threads). */
export interface ImportPlan {
  authors: Array<Row<typeof authors>>;
  books: Array<Row<typeof books>>;
  libraryItems: Array<Row<typeof libraryItems>>;
  studies: Array<Row<typeof studies>>;
  savedStudies: Array<Row<typeof librarySaves>>;
  readingPlans: Array<Row<typeof userPlans>>;
  progress: Array<Row<typeof userPlanProgress>>;
  notes: Array<Row<typeof verseNotes>>;
  profile: Archive["profile"];
  onboarding: Archive["onboarding"];
  maxItems: number;
}

const KINDS = {
  authors: "authors",
  books: "books",
  libraryItems: "items in your library",
  studies: "lesson plans",
  notes: "notes, highlights and bookmarks",
} as const;

/** The account's cap, counted with what is here already: a file past it by itself is too large. */
function checkCap(kind: keyof typeof KINDS, adding: number, existing: number, max: number) {
  if (adding > max) {
    throw new PayloadTooLargeError(`The file holds ${adding} ${KINDS[kind]}; an account holds at most ${max}.`);
  }
  if (existing + adding > max) {
    throw new ConflictError(
      `Importing would pass the limit of ${max} ${KINDS[kind]} (${adding} new). Delete some first.`,
    );
  }
}

/**
 * Decides every row to add (reads only). Reading plans are matched by their slug, authors also by
 * name (in memory: one query for the account's names); groups are not imported. Refuses what
 * passes a cap, and reading days that break the plan rules.
 */
export function planImport(
  db: Db,
  userId: string,
  archive: Archive,
  { now, maxItems }: { now: Date; maxItems: number },
) {
  return db.transaction(
    (tx): ImportPlan => {
      const plan: ImportPlan = {
        authors: [],
        books: [],
        libraryItems: [],
        studies: [],
        savedStudies: [],
        readingPlans: [],
        progress: [],
        notes: [],
        profile: archive.profile,
        onboarding: archive.onboarding,
        maxItems,
      };

      const authorPlaces = placeRows(
        tx,
        authors,
        userId,
        archive.authors.map((author) => author.id),
      );
      const byName = new Map<string, string>();
      for (const row of tx
        .select({ id: authors.id, name: authors.name })
        .from(authors)
        .where(eq(authors.userId, userId))
        .all()) {
        if (!byName.has(row.name.toLowerCase())) byName.set(row.name.toLowerCase(), row.id);
      }
      const authorIds = new Map<string, string>();
      for (const author of archive.authors) {
        const place = authorPlaces.get(author.id)!;
        if (!place.exists) {
          const sameName = byName.get(author.name.toLowerCase());
          if (sameName) {
            authorIds.set(author.id, sameName);
            continue;
          }
          plan.authors.push({ ...author, id: place.id, userId });
          byName.set(author.name.toLowerCase(), place.id);
        }
        authorIds.set(author.id, place.id);
      }
      const authorOf = (id: string | null) => (id ? (authorIds.get(id) ?? null) : null);

      const bookPlaces = placeRows(
        tx,
        books,
        userId,
        archive.books.map((book) => book.id),
      );
      const bookIds = new Map<string, string>();
      for (const book of archive.books) {
        const place = bookPlaces.get(book.id)!;
        if (!place.exists) plan.books.push({ ...book, id: place.id, userId, authorId: authorOf(book.authorId) });
        bookIds.set(book.id, place.id);
      }

      const itemPlaces = placeRows(
        tx,
        libraryItems,
        userId,
        archive.libraryItems.map((item) => item.id),
      );
      for (const item of archive.libraryItems) {
        const place = itemPlaces.get(item.id)!;
        if (place.exists) continue;
        plan.libraryItems.push({
          ...item,
          id: place.id,
          userId,
          authorId: authorOf(item.authorId),
          bookId: item.bookId ? (bookIds.get(item.bookId) ?? null) : null,
        });
      }

      const studyPlaces = placeRows(
        tx,
        studies,
        userId,
        archive.studies.map((study) => study.id),
      );
      for (const study of archive.studies) {
        const place = studyPlaces.get(study.id)!;
        if (!place.exists) plan.studies.push({ ...study, id: place.id, userId });
      }

      checkCap("authors", plan.authors.length, countOf(tx, authors, userId), maxItems);
      checkCap("books", plan.books.length, countOf(tx, books, userId), maxItems);
      checkCap("libraryItems", plan.libraryItems.length, countOf(tx, libraryItems, userId), maxItems);
      checkCap("studies", plan.studies.length, countOf(tx, studies, userId), maxItems);
      planNotes(tx, userId, archive, plan);
      checkCap("notes", plan.notes.length, countOf(tx, verseNotes, userId), maxItems);

      // One save per study: those this account has are skipped, an id another account holds is renewed.
      const saved = new Set(
        tx
          .select({ studyId: librarySaves.studyId })
          .from(librarySaves)
          .where(eq(librarySaves.userId, userId))
          .all()
          .map((row) => row.studyId),
      );
      const saveIdsTaken = new Set<string>();
      for (const part of chunks(archive.savedStudies.map((save) => save.id))) {
        for (const row of tx
          .select({ id: librarySaves.id })
          .from(librarySaves)
          .where(inArray(librarySaves.id, part))
          .all())
          saveIdsTaken.add(row.id);
      }
      for (const save of archive.savedStudies) {
        const place = studyPlaces.get(save.studyId);
        if (!place || saved.has(place.id)) continue;
        saved.add(place.id);
        plan.savedStudies.push({
          id: saveIdsTaken.has(save.id) ? crypto.randomUUID() : save.id,
          userId,
          studyId: place.id,
          createdAt: save.createdAt,
        });
      }

      planReadingPlans(tx, userId, archive, plan, now);
      return plan;
    },
    { behavior: "deferred" },
  );
}

/** The passage an exported note is on, or a 400 naming it. */
function exportedRange(note: Archive["notes"][number]) {
  try {
    return noteRange(note.reference);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(`The export's ${note.kind} on "${note.reference}" is not valid: ${error.message}`);
  }
}

/**
 * Notes, highlights and bookmarks: each reference parsed as the reader's forms parse it (a file
 * with one that is not a passage of one book is refused). A highlight or bookmark on a passage
 * that already has one of its kind here is left out (one colour, one label per passage), and the
 * group a note was shared with is dropped: groups are not imported.
 */
function planNotes(tx: Tx, userId: string, archive: Archive, plan: ImportPlan) {
  if (archive.notes.length === 0) return;
  // A file past the cap by itself is refused before its references are parsed.
  checkCap("notes", archive.notes.length, 0, plan.maxItems);
  const passage = (kind: string, start: number, end: number) => `${kind}:${start}:${end}`;
  const marked = new Set(
    tx
      .select({ kind: verseNotes.kind, start: verseNotes.startVerse, end: verseNotes.endVerse })
      .from(verseNotes)
      .where(eq(verseNotes.userId, userId))
      .all()
      .filter((row) => row.kind !== "note")
      .map((row) => passage(row.kind, row.start, row.end)),
  );
  const places = placeRows(
    tx,
    verseNotes,
    userId,
    archive.notes.map((note) => note.id),
  );
  for (const note of archive.notes) {
    const range = exportedRange(note);
    const place = places.get(note.id)!;
    if (place.exists) continue;
    if (note.kind !== "note") {
      const key = passage(note.kind, range.start, range.end);
      if (marked.has(key)) continue;
      marked.add(key);
    }
    plan.notes.push({
      id: place.id,
      userId,
      kind: note.kind,
      startVerse: range.start,
      endVerse: range.end,
      body: note.kind === "note" ? note.body!.trim() : null,
      color: note.kind === "highlight" ? (note.color ?? "yellow") : null,
      label: note.kind === "bookmark" ? note.label?.trim() || null : null,
      groupId: null,
      createdAt: note.createdAt,
      updatedAt: note.updatedAt ?? note.createdAt,
    });
  }
}

/**
 * Reading plans and their completed days. The file's days must be a history "Mark Complete" could
 * have made (else the file is refused); days are added to a plan already started here only when
 * the two histories together still are one (else that plan's days are left out).
 */
function planReadingPlans(tx: Tx, userId: string, archive: Archive, plan: ImportPlan, now: Date) {
  if (archive.readingPlans.length === 0) return;
  const catalogue = new Map(
    tx
      .select({ id: readingPlans.id, slug: readingPlans.slug, daysCount: readingPlans.daysCount })
      .from(readingPlans)
      .all()
      .map((row) => [row.slug, row]),
  );
  const own = new Map(
    tx
      .select({ id: userPlans.id, planId: userPlans.planId, createdAt: userPlans.createdAt })
      .from(userPlans)
      .where(eq(userPlans.userId, userId))
      .all()
      .map((row) => [row.planId, row]),
  );
  const ownIds = [...own.values()].map((row) => row.id);
  const doneHere = new Map<string, DayCompletion[]>();
  for (const part of chunks(ownIds)) {
    for (const row of tx
      .select({
        userPlanId: userPlanProgress.userPlanId,
        dayNumber: userPlanProgress.dayNumber,
        completedAt: userPlanProgress.completedAt,
      })
      .from(userPlanProgress)
      .where(inArray(userPlanProgress.userPlanId, part))
      .all()) {
      const list = doneHere.get(row.userPlanId) ?? [];
      list.push({ dayNumber: row.dayNumber, completedAt: row.completedAt });
      doneHere.set(row.userPlanId, list);
    }
  }
  const zoneHere =
    tx.select({ timeZone: userProfiles.timeZone }).from(userProfiles).where(eq(userProfiles.userId, userId)).get()
      ?.timeZone ?? null;
  const fileZone = archive.profile?.timeZone ?? zoneHere ?? "UTC";
  const places = placeRows(
    tx,
    userPlans,
    userId,
    archive.readingPlans.map((row) => row.id),
  );

  for (const exported of archive.readingPlans) {
    const entry = catalogue.get(exported.planSlug);
    if (!entry) continue;
    const fromFile = exported.progress.map((day) => ({ dayNumber: day.dayNumber, completedAt: day.completedAt }));
    const history = checkHistory(fromFile, {
      daysCount: entry.daysCount,
      startedAt: exported.createdAt,
      now,
      timeZone: fileZone,
    });
    if (!history.ok) {
      throw new ValidationError(`The export's reading plan "${exported.planSlug}" is not valid: ${history.message}.`);
    }
    const existing = own.get(entry.id);
    let userPlanId: string;
    let adding = fromFile;
    if (existing) {
      userPlanId = existing.id;
      const here = doneHere.get(existing.id) ?? [];
      const known = new Set(here.map((day) => day.dayNumber));
      adding = fromFile.filter((day) => !known.has(day.dayNumber));
      const together = checkHistory([...here, ...adding], {
        daysCount: entry.daysCount,
        startedAt: new Date(Math.min(existing.createdAt.getTime(), exported.createdAt.getTime())),
        now,
        timeZone: zoneHere ?? fileZone,
      });
      if (!together.ok) adding = [];
    } else {
      const place = places.get(exported.id)!;
      userPlanId = place.exists ? crypto.randomUUID() : place.id;
      plan.readingPlans.push({
        id: userPlanId,
        userId,
        planId: entry.id,
        translation: exported.translation,
        startDate: exported.startDate,
        activatedAt: exported.activatedAt,
        createdAt: exported.createdAt,
      });
    }
    for (const day of adding) {
      plan.progress.push({
        id: crypto.randomUUID(),
        userPlanId,
        dayNumber: day.dayNumber,
        completedAt: day.completedAt,
      });
    }
  }
}

type RowKind = (typeof WRITE_ORDER)[number][0];

/**
 * A plan as it crosses back from the worker: each kind's rows serialized in parts of about
 * PART_BYTES, so the request's thread unpacks one part before writing it rather than tens of
 * megabytes at once.
 */
export interface PackedPlan {
  parts: Record<RowKind, Uint8Array[]>;
  counts: Record<RowKind, number>;
  profile: ImportPlan["profile"];
  onboarding: ImportPlan["onboarding"];
  maxItems: number;
}

const PART_BYTES = 256 * 1024;

/** About how large a row is: its strings' lengths (the texts are what is large). */
function roughSize(row: object) {
  let size = 64;
  for (const value of Object.values(row)) {
    if (typeof value === "string") size += value.length;
    else if (Array.isArray(value)) for (const entry of value) size += typeof entry === "string" ? entry.length : 8;
  }
  return size;
}

export function packPlan(plan: ImportPlan): PackedPlan {
  const parts = {} as PackedPlan["parts"];
  const counts = {} as PackedPlan["counts"];
  for (const [kind] of WRITE_ORDER) {
    const rows = plan[kind] as object[];
    counts[kind] = rows.length;
    parts[kind] = [];
    let part: object[] = [];
    let size = 0;
    for (const row of rows) {
      part.push(row);
      size += roughSize(row);
      if (size >= PART_BYTES) {
        parts[kind].push(v8.serialize(part));
        part = [];
        size = 0;
      }
    }
    if (part.length > 0) parts[kind].push(v8.serialize(part));
  }
  return { parts, counts, profile: plan.profile, onboarding: plan.onboarding, maxItems: plan.maxItems };
}

/** The worker task: the file read, checked and turned into the rows to add (or refused). */
export const prepareImportTask = {
  name: "prepareImport",
  run: ({ userId, bytes, databasePath, limits, now }: PrepareImportInput): PackedPlan => {
    const archive = readArchive(bytes, limits);
    return packPlan(planImport(openDatabase(databasePath), userId, archive, { now, maxItems: limits.maxItems }));
  },
  // Like the time limit, the memory limit depends on the file: trying again would fail again.
  timeoutError: () =>
    new PayloadTooLargeError("This file is too large to import here (it took more time or memory than an import may)."),
} satisfies PoolTask;

function mergeProfile(tx: Tx, userId: string, profile: NonNullable<Archive["profile"]>) {
  tx.insert(userProfiles).values({ userId }).onConflictDoNothing().run();
  const current = tx.select().from(userProfiles).where(eq(userProfiles.userId, userId)).get()!;
  const teachers = [...current.favoriteTeachers];
  for (const name of profile.favoriteTeachers) {
    if (!teachers.some((known) => known.toLowerCase() === name.toLowerCase())) teachers.push(name);
  }
  const next = {
    favoriteTeachers: teachers,
    studyDepthPreference: profile.studyDepthPreference,
    denomination: profile.denomination ?? current.denomination,
    displayName: profile.displayName ?? current.displayName,
    timeZone: profile.timeZone ?? current.timeZone,
  };
  const changed =
    JSON.stringify(next.favoriteTeachers) !== JSON.stringify(current.favoriteTeachers) ||
    next.studyDepthPreference !== current.studyDepthPreference ||
    next.denomination !== current.denomination ||
    next.displayName !== current.displayName ||
    next.timeZone !== current.timeZone;
  if (changed)
    tx.update(userProfiles)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(userProfiles.userId, userId))
      .run();
  return changed;
}

function mergeOnboarding(tx: Tx, userId: string, onboarding: NonNullable<Archive["onboarding"]>) {
  tx.insert(userOnboarding).values({ userId }).onConflictDoNothing().run();
  const current = tx.select().from(userOnboarding).where(eq(userOnboarding.userId, userId)).get()!;
  const next = {
    hasCompletedWelcome: current.hasCompletedWelcome || onboarding.hasCompletedWelcome,
    hasStartedPlan: current.hasStartedPlan || onboarding.hasStartedPlan,
    hasCreatedStudy: current.hasCreatedStudy || onboarding.hasCreatedStudy,
    hasVisitedLibrary: current.hasVisitedLibrary || onboarding.hasVisitedLibrary,
    onboardingCompletedAt: current.onboardingCompletedAt ?? onboarding.onboardingCompletedAt,
  };
  const changed =
    next.hasCompletedWelcome !== current.hasCompletedWelcome ||
    next.hasStartedPlan !== current.hasStartedPlan ||
    next.hasCreatedStudy !== current.hasCreatedStudy ||
    next.hasVisitedLibrary !== current.hasVisitedLibrary ||
    next.onboardingCompletedAt?.getTime() !== current.onboardingCompletedAt?.getTime();
  if (changed) tx.update(userOnboarding).set(next).where(eq(userOnboarding.userId, userId)).run();
  return changed;
}

/** The tables an import adds to, in the order it writes them (a row's references come first). */
const WRITE_ORDER = [
  ["authors", authors],
  ["books", books],
  ["libraryItems", libraryItems],
  ["studies", studies],
  ["savedStudies", librarySaves],
  ["readingPlans", userPlans],
  ["progress", userPlanProgress],
  ["notes", verseNotes],
] as const;

const CAPPED = { authors, books, libraryItems, studies, notes: verseNotes } as const;

/**
 * Writes a plan in short IMMEDIATE transactions with a pause between them. Each batch of a
 * capped kind checks the cap again (rows added meanwhile count). When a batch fails, the rows of
 * the earlier ones are deleted (also in short transactions) and the error is passed on, so the
 * account is as it was. The profile and onboarding are merged in the last transaction.
 */
export async function writeImport(userId: string, plan: PackedPlan): Promise<ImportSummary> {
  const db = getDb();
  const written: Array<{ table: (typeof WRITE_ORDER)[number][1]; ids: string[] }> = [];
  try {
    for (const [kind, table] of WRITE_ORDER) {
      const ids: string[] = [];
      written.push({ table, ids });
      for (const part of plan.parts[kind]) {
        const rows = v8.deserialize(part) as Array<{ id: string }>;
        let next = 0;
        while (next < rows.length) {
          next = db.transaction(
            (tx) => {
              if (kind in CAPPED) {
                const capped = CAPPED[kind as keyof typeof CAPPED];
                if (countOf(tx, capped, userId) + (plan.counts[kind] - ids.length) > plan.maxItems) {
                  throw new ConflictError(
                    `Importing would pass the limit of ${plan.maxItems} ${KINDS[kind as keyof typeof KINDS]}. Delete some first.`,
                  );
                }
              }
              const started = performance.now();
              let index = next;
              do {
                tx.insert(table)
                  .values(rows[index] as never)
                  .run();
                ids.push(rows[index]!.id);
                index += 1;
              } while (index < rows.length && performance.now() - started < BATCH_MS);
              return index;
            },
            { behavior: "immediate" },
          );
          await sleep(BATCH_PAUSE_MS);
        }
      }
    }
    const merged = db.transaction(
      (tx) => ({
        profileUpdated: plan.profile ? mergeProfile(tx, userId, plan.profile) : false,
        onboardingUpdated: plan.onboarding ? mergeOnboarding(tx, userId, plan.onboarding) : false,
      }),
      { behavior: "immediate" },
    );
    return {
      added: {
        authors: plan.counts.authors,
        books: plan.counts.books,
        libraryItems: plan.counts.libraryItems,
        studies: plan.counts.studies,
        savedStudies: plan.counts.savedStudies,
        readingPlans: plan.counts.readingPlans,
        planDaysCompleted: plan.counts.progress,
        notes: plan.counts.notes,
      },
      ...merged,
    };
  } catch (error) {
    await removeWritten(db, written);
    if (error instanceof ConflictError) throw error;
    // A unique id taken since the plan was made (another account importing the same file at
    // this very moment), or the database failing: nothing of this import is left.
    console.error(`An import failed part-way and was undone: ${String(error)}`);
    throw new ConflictError("The import could not be completed and was undone. Please try again.");
  }
}

/** Deletes what an import wrote, newest kind first (a plan's days go with the plan, saves with their study). */
async function removeWritten(
  db: Db,
  written: Array<{ table: OwnedTable | typeof librarySaves | typeof userPlanProgress; ids: string[] }>,
) {
  for (const { table, ids } of written.reverse()) {
    for (const part of chunks(ids)) {
      db.transaction((tx) => tx.delete(table).where(inArray(table.id, part)).run(), { behavior: "immediate" });
      await sleep(BATCH_PAUSE_MS);
    }
  }
}

/**
 * An uploaded export, read and imported: the summary of what was added. One import per account at
 * a time, and a few an hour (limits.server.ts); the file is read in the worker pool.
 */
export async function importExport(userId: string, bytes: Uint8Array): Promise<ImportSummary> {
  const config = getConfig();
  const lease = startImport(userId);
  try {
    const plan = await runTask(prepareImportTask, {
      userId,
      bytes,
      databasePath: getDb().$client.name,
      limits: {
        maxZipBytes: config.IMPORT_MAX_BYTES,
        maxJsonBytes: config.IMPORT_MAX_JSON_BYTES,
        maxItems: config.MAX_ITEMS_PER_USER,
      },
      now: new Date(),
    });
    return await writeImport(userId, plan);
  } finally {
    lease.release();
  }
}
