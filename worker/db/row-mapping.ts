// The rows of a kept statement (built-once.ts) as drizzle maps them, with the mapping worked out once per
// statement instead of once per cell. drizzle's mapResultRow decides each cell's decoder anew for every row
// (an entity check that walks prototypes, then a path walk): on a home page miss about a tenth of the Worker's
// time (docs/decisions/077). For a flat selection — every field at a path of one name, the only shape whose
// rows drizzle does not nullify by join — this gives the same objects: same keys in the same order, each
// value null or its column's decoding. Any other shape, or a prepared query without the field list, keeps
// drizzle's own mapping.
import { Column, is, SQL, Subquery } from 'drizzle-orm';

/** What drizzle's prepared query carries that is read here (its field list is not in its typings). */
interface PreparedWithFields {
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
  fields?: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface OrderedField {
  path: string[];
  field: unknown;
}

/** An SQL expression's decoder (set by `.mapWith`; drizzle keeps it off its typings). */
const decoderOfSql = (expression: SQL): Decoder => (expression as unknown as { decoder: Decoder }).decoder;

/** The decoder drizzle's mapResultRow picks for a field, decided once. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

const isFlat = (fields: unknown): fields is OrderedField[] =>
  Array.isArray(fields) &&
  fields.every((f: Partial<OrderedField>) => Array.isArray(f.path) && f.path.length === 1 && typeof f.path[0] === 'string' && 'field' in f);

type RowMapper = (result: D1Result) => unknown;

/** The mapping worked out once for a flat selection, or null (any other shape is left to drizzle). */
export function compiledRowMapper(prepared: PreparedWithFields): RowMapper | null {
  const fields = prepared.fields;
  if (!isFlat(fields)) return null;
  const names = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  return (result) =>
    (result.results as Record<string, unknown>[]).map((row) => {
      // Positional, as drizzle's own mapping of a D1 row is: its columns in the statement's order.
      const cells = Object.values(row);
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) {
        const cell = cells[i];
        mapped[names[i]!] = cell === null ? null : decoders[i]!.mapFromDriverValue(cell);
      }
      return mapped;
    });
}

/** How a D1 result of `prepared` (from a batch or `all()`: rows keyed by column name) becomes its rows. */
export const rowMapperOf = (prepared: PreparedWithFields): RowMapper =>
  compiledRowMapper(prepared) ?? ((result) => prepared.mapResult(result, true));
