import fc from 'fast-check';

/** The part of JSON Schema (as @fastify/swagger writes the zod schemas) that requests use. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

export type SchemaComponents = Record<string, JsonSchema>;

/**
 * Values to try for properties of a given name, besides what the schema allows (a fuzzer's
 * dictionary): JSON Schema says an amount is a string, these make it often a valid amount.
 */
export type FieldHints = Record<string, fc.Arbitrary<unknown>>;

/**
 * Values that satisfy a schema (as far as JSON Schema can say: a zod refinement such as "a decimal
 * amount" is not in it), so that fuzzed requests get past validation and into the services. Strings
 * are kept short; the hostile values (hostile.ts) bring the long and strange ones.
 */
export function arbitraryFromSchema(
  schema: JsonSchema,
  components: SchemaComponents,
  hints: FieldHints = {},
): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = components[name];
    if (!target) throw new Error(`Unknown schema reference ${schema.$ref}`);
    return arbitraryFromSchema(target, components, hints);
  }
  const base = arbitraryOfShape(schema, components, hints);
  return schema.nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}

function arbitraryOfShape(
  schema: JsonSchema,
  components: SchemaComponents,
  hints: FieldHints,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryFromSchema(s, components, hints)));
  if (schema.allOf) {
    // zod writes intersections this way; merging the objects' properties is enough for requests.
    return arbitraryFromSchema(mergeObjects(schema.allOf, components), components, hints);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e9,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = schema.items ? arbitraryFromSchema(schema.items, components, hints) : fc.jsonValue();
      return fc.array(item, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    }
    case 'object':
      return objectArbitrary(schema, components, hints);
    default:
      // An unconstrained schema (z.unknown()): anything JSON can carry.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Dates a person would send (ISO strings of years past 9999 are not dates to a schema). */
const recentDate = fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 24));
  const fitting = (arb: fc.Arbitrary<string>) =>
    arb.filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fitting(fc.emailAddress());
    case 'date-time':
      return recentDate.map((d) => d.toISOString());
    case 'date':
      return recentDate.map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.pattern) {
    return fitting(fc.stringMatching(new RegExp(schema.pattern)));
  }
  // Sometimes a decimal: most string fields of this API carry amounts and prices.
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    {
      weight: 1,
      arbitrary: fitting(
        fc
          .tuple(fc.nat({ max: 100_000 }), fc.option(fc.nat({ max: 99 }), { nil: undefined }))
          .map(([whole, cents]) => (cents === undefined ? String(whole) : `${whole}.${cents}`)),
      ),
    },
  );
}

function objectArbitrary(
  schema: JsonSchema,
  components: SchemaComponents,
  hints: FieldHints,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(properties)) {
    const fromSchema = arbitraryFromSchema(value, components, hints);
    const hint = hints[key];
    record[key] = hint && !value.enum && !value.const ? fc.oneof(hint, fromSchema) : fromSchema;
  }
  const requiredKeys = (schema.required ?? []).filter((key) => key in properties);
  return fc.record(record, { requiredKeys });
}

function mergeObjects(parts: JsonSchema[], components: SchemaComponents): JsonSchema {
  const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
  for (const part of parts) {
    const resolved = part.$ref ? (components[part.$ref.replace('#/components/schemas/', '')] ?? {}) : part;
    Object.assign(merged.properties ?? {}, resolved.properties);
    merged.required?.push(...(resolved.required ?? []));
  }
  return merged;
}
