/**
 * Reading just enough of a JSON schema to coerce values: the type (declared or
 * inferred), the schema of a property and of an array element.
 */
export type Schema = Record<string, unknown>;

export type SchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';

const KNOWN_TYPES = new Set<unknown>(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);

function isSchemaType(type: unknown): type is SchemaType {
  return KNOWN_TYPES.has(type);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ jsonSchema: … }` (the AI SDK's wrapper) is unwrapped, recursively. Non-objects mean "no schema". */
export function unwrapSchema(schema: unknown): Schema | undefined {
  let current = schema;
  while (isRecord(current) && 'jsonSchema' in current && isRecord(current.jsonSchema)) {
    current = current.jsonSchema;
  }
  return isRecord(current) ? current : undefined;
}

/**
 * The types a schema allows, in the order it lists them. `type` may be omitted:
 * `properties` means object, `items`/`prefixItems` mean array, and a `const` or
 * `enum` gives the type of its values. An empty list means "anything".
 */
export function schemaTypes(schema: Schema | undefined): SchemaType[] {
  if (schema === undefined) return [];
  const declared = schema.type;
  // Only JSON Schema's own type names count: a non-standard "float" or "dict" is read as if the
  // schema had no `type` (so `properties` still means an object, and a bare "float" means anything).
  const known =
    typeof declared === 'string'
      ? [declared].filter(isSchemaType)
      : Array.isArray(declared)
        ? declared.filter(isSchemaType)
        : [];
  if (known.length > 0) return known;
  if (isRecord(schema.properties)) return ['object'];
  if (schema.items !== undefined || Array.isArray(schema.prefixItems)) return ['array'];
  const examples = 'const' in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : [];
  const types = new Set<SchemaType>();
  for (const value of examples) {
    const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    if (isSchemaType(type)) types.add(type);
  }
  return [...types];
}

/** The schema of property `key` of an object schema (or its additionalProperties). */
export function propertySchema(schema: Schema | undefined, key: string): Schema | undefined {
  if (schema === undefined) return undefined;
  const properties = schema.properties;
  if (isRecord(properties) && Object.hasOwn(properties, key)) return unwrapSchema(properties[key]);
  return unwrapSchema(schema.additionalProperties);
}

/** Tuple element schemas, from `prefixItems` or the older array form of `items`. */
export function tupleSchemas(schema: Schema | undefined): Schema[] | undefined {
  if (schema === undefined) return undefined;
  const tuple = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : undefined;
  return tuple?.map((s) => unwrapSchema(s) ?? {});
}

/** The schema of every element of a (non-tuple) array. */
export function itemSchema(schema: Schema | undefined): Schema | undefined {
  if (schema === undefined || Array.isArray(schema.items)) return undefined;
  return unwrapSchema(schema.items);
}
