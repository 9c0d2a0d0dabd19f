import { zodResponseFormat } from "openai/helpers/zod";
import type { z } from "zod";

/**
 * Structured output as real endpoints give it. Pure: no I/O.
 *
 * Two schemas per answer: the *wire* schema the model is asked for (inside OpenAI's strict subset:
 * every property required, additionalProperties false, no length or count keywords, which strict
 * mode may refuse) and the *local* schema with the real limits, applied after the answer arrives.
 * Between the two, `fitToSchema` clips what a model overran instead of throwing the answer away.
 */

/** The `response_format` for a strict JSON schema: a plain object (no SDK parsing attached). */
export function jsonSchemaFormat(wireSchema: z.ZodType, name: string) {
  const { json_schema } = zodResponseFormat(wireSchema, name);
  return {
    type: "json_schema" as const,
    json_schema: { name: json_schema.name, strict: true, schema: json_schema.schema! },
  };
}

/** The wire schema as JSON text, for endpoints that only take a prompt (or plain JSON mode). */
export function schemaInstruction(wireSchema: z.ZodType, name: string): string {
  return (
    "Answer with one JSON object and nothing else: no code fences, no text before or after it. " +
    `It must match this JSON schema:\n${JSON.stringify(jsonSchemaFormat(wireSchema, name).json_schema.schema)}`
  );
}

/** The end of the JSON value that starts at `start` (an opening brace), or -1 when it never closes. */
function closingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return index;
  }
  return -1;
}

/**
 * The JSON object in a model's answer: the whole answer when it is JSON, else the first complete
 * object found in it (models wrap JSON in ```json fences or a line of prose). Undefined if none.
 */
export function extractJsonObject(content: string): unknown {
  const text = content.trim();
  try {
    return JSON.parse(text);
  } catch {
    // Not bare JSON: look for an object inside.
  }
  for (let start = text.indexOf("{"); start !== -1; start = text.indexOf("{", start + 1)) {
    const end = closingBrace(text, start);
    if (end === -1) break;
    try {
      const value: unknown = JSON.parse(text.slice(start, end + 1));
      if (value && typeof value === "object") return value;
    } catch {
      // A brace in prose: try the next one.
    }
  }
  return undefined;
}

/** The part of a streaming answer that may be a JSON object so far (from its first brace). */
export function jsonSoFar(content: string): string | undefined {
  const start = content.indexOf("{");
  if (start === -1) return undefined;
  const end = closingBrace(content, start);
  return end === -1 ? content.slice(start) : content.slice(start, end + 1);
}

/** Cuts text to `max` characters, at a word boundary when one is near, marking the cut with "…". */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  // The last whole word that fits: the room itself when a space follows it.
  const space = /\s/.test(text[max - 1]!) ? room.length : room.search(/\s\S*$/);
  const cut = space > max * 0.6 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:.\-–—]+$/, "")}…`;
}

interface ZodInternals {
  _zod: {
    def: {
      type: string;
      checks?: Array<{ _zod: { def: { check: string; maximum?: number } } }>;
      innerType?: z.ZodType;
      in?: z.ZodType;
    };
  };
}

function maximum(schema: z.ZodType): number | undefined {
  for (const check of (schema as unknown as ZodInternals)._zod.def.checks ?? []) {
    if (check._zod.def.check === "max_length") return check._zod.def.maximum;
  }
  return undefined;
}

/** Empty strings, lists and objects count as absent: a model's blank item is no item. */
function isEmpty(value: unknown) {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * Makes a model's answer fit the local schema where it only overran: trims and clips strings to
 * their maximum, drops items that are empty, unusable or repeated, and cuts lists to their maximum. What is
 * missing stays missing, so the local schema still rejects an answer that cannot be used.
 */
export function fitToSchema(value: unknown, schema: z.ZodType): unknown {
  const def = (schema as unknown as ZodInternals)._zod.def;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
      return value === null && def.type !== "nullable" ? undefined : fitToSchema(value, def.innerType!);
    case "pipe":
      return fitToSchema(value, def.in!);
    case "string": {
      if (typeof value !== "string") return value;
      const max = maximum(schema);
      const trimmed = value.trim();
      return max === undefined ? trimmed : clipText(trimmed, max);
    }
    case "array": {
      if (!Array.isArray(value)) return value;
      const element = (schema as z.ZodArray).element as z.ZodType;
      const seen = new Set<string>();
      const items = value
        .map((item) => fitToSchema(item, element))
        .filter((item) => !isEmpty(item) && element.safeParse(item).success)
        // A model that repeats itself: each item once.
        .filter((item) => !seen.has(JSON.stringify(item)) && Boolean(seen.add(JSON.stringify(item))));
      const max = maximum(schema);
      return max === undefined ? items : items.slice(0, max);
    }
    case "object": {
      if (!value || typeof value !== "object" || Array.isArray(value)) return value;
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
      const record = value as Record<string, unknown>;
      const fitted: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        const item = fitToSchema(record[key], field);
        if (!isEmpty(item) || Array.isArray(item)) fitted[key] = item;
      }
      return fitted;
    }
    default:
      return value;
  }
}
