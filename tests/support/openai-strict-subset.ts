/**
 * OpenAI's strict Structured Outputs subset of JSON Schema, as a checker: the fake OpenAI server
 * refuses what it rejects, and a unit test runs it over every schema the app sends.
 *
 * The subset is the one every OpenAI model takes (platform.openai.com/docs/guides/structured-outputs,
 * "Supported schemas"): objects list every property in `required` and set `additionalProperties:
 * false`; types are string, number, integer, boolean, object, array, null (a nullable field is
 * `["string", "null"]`); `enum`, `const`, `anyOf` (not at the root), `$ref` with `$defs`/
 * `definitions`, `description` and `title`; at most 10 levels of nesting and 5000 properties. The
 * length and count keywords (minLength, maxLength, pattern, format, minimum, maximum, multipleOf,
 * minItems, maxItems) are refused for fine-tuned models and, per openai-node PR #1988, strict mode
 * "can" refuse `default`, `minLength` and `maxLength` (openai-node #1119: "'default' is not
 * permitted", "'minLength' is not permitted"), so none of them is allowed here; nor are allOf, oneOf,
 * not, if/then/else, dependentRequired, dependentSchemas, patternProperties or anything unlisted.
 */

const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
const KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "$ref",
  "$defs",
  "definitions",
  "description",
  "title",
]);
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;

type Schema = Record<string, unknown>;

function context(path: string[]) {
  if (path.length === 0) return "()";
  const parts = path.map((part) => `'${part}'`);
  return `(${parts.join(", ")}${parts.length === 1 ? "," : ""})`;
}

function isSchema(value: unknown): value is Schema {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value);
}

/** The first reason OpenAI's strict mode would refuse this schema, or undefined when it is inside the subset. */
export function strictSchemaProblem(root: unknown): string | undefined {
  if (!isSchema(root)) return "In context=(), schema must be a JSON Schema object.";
  if (root.type !== "object")
    return (
      "In context=(), schema must be a JSON Schema of 'type: \"object\"', got 'type: \"" + String(root.type) + "\"'."
    );
  let properties = 0;

  function walk(schema: unknown, path: string[], depth: number): string | undefined {
    const where = `In context=${context(path)}`;
    if (!isSchema(schema)) return `${where}, schema must be a JSON Schema object.`;
    if (depth > MAX_DEPTH) return `${where}, the schema is nested more than ${MAX_DEPTH} levels deep.`;
    for (const key of Object.keys(schema)) {
      // The SDK's own helper names the draft at the root.
      if (key === "$schema" && path.length === 0) continue;
      if (!KEYWORDS.has(key)) return `${where}, '${key}' is not permitted.`;
    }
    if ("$ref" in schema) {
      return typeof schema.$ref === "string" && schema.$ref.startsWith("#")
        ? undefined
        : `${where}, '$ref' must point inside the schema.`;
    }
    for (const group of ["$defs", "definitions"] as const) {
      if (!(group in schema)) continue;
      if (!isSchema(schema[group])) return `${where}, '${group}' must be an object.`;
      for (const [name, definition] of Object.entries(schema[group] as Schema)) {
        const problem = walk(definition, [...path, group, name], depth);
        if (problem) return problem;
      }
    }
    if ("anyOf" in schema) {
      if (path.length === 0) return `${where}, 'anyOf' is not permitted at the root.`;
      if (!Array.isArray(schema.anyOf) || schema.anyOf.length === 0)
        return `${where}, 'anyOf' must be a non-empty array.`;
      for (const [index, branch] of schema.anyOf.entries()) {
        const problem = walk(branch, [...path, "anyOf", String(index)], depth);
        if (problem) return problem;
      }
      return undefined;
    }
    if ("enum" in schema && (!Array.isArray(schema.enum) || schema.enum.length === 0 || schema.enum.length > 1000)) {
      return `${where}, 'enum' must be an array of 1 to 1000 values.`;
    }
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!("const" in schema) && !("enum" in schema) && schema.type === undefined)
      return `${where}, schema must have a 'type' key.`;
    for (const type of types) {
      if (schema.type !== undefined && !TYPES.has(type as string))
        return `${where}, type '${String(type)}' is not permitted.`;
    }
    if (types.includes("object")) {
      if (!isSchema(schema.properties)) return `${where}, 'properties' is required to be supplied as an object.`;
      if (schema.additionalProperties !== false)
        return `${where}, 'additionalProperties' is required to be supplied and to be false.`;
      const keys = Object.keys(schema.properties);
      const required = Array.isArray(schema.required) ? schema.required : [];
      const missing = keys.find((key) => !required.includes(key));
      if (missing !== undefined) {
        return `${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
      }
      const extra = required.find((key) => !keys.includes(key as string));
      if (extra !== undefined) return `${where}, 'required' names '${String(extra)}', which is not in properties.`;
      properties += keys.length;
      if (properties > MAX_PROPERTIES) return `${where}, the schema has more than ${MAX_PROPERTIES} object properties.`;
      for (const key of keys) {
        const problem = walk((schema.properties as Schema)[key], [...path, "properties", key], depth + 1);
        if (problem) return problem;
      }
    } else if ("properties" in schema || "required" in schema || "additionalProperties" in schema) {
      return `${where}, object keywords are only permitted on 'type: "object"'.`;
    }
    if (types.includes("array")) {
      if (!("items" in schema)) return `${where}, 'items' is required to be supplied for arrays.`;
      return walk(schema.items, [...path, "items"], depth + 1);
    }
    if ("items" in schema) return `${where}, 'items' is only permitted on 'type: "array"'.`;
    return undefined;
  }

  return walk(root, [], 1);
}
