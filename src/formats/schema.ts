// The JSON Schema (draft 2020-12) of the json pack and of a jsonl line, made from the kinds'
// declarations (KindPack.schema): the shared fields once, each kind's record with its own size
// keys, puzzle and solution forms and grades. data/pack.schema.json is this for the built-in kinds.
import type { FormatsKind, KindRecordSchema } from './kind.js';
import { PACK_FORMAT, PACK_VERSION } from './pack.js';
import { RECORD_FIELDS } from './record.js';
import { TIERS } from '../rank/tiers.js';

/** The schema's name (it names no web address); a jsonl line is `${PACK_SCHEMA_ID}#/$defs/record`. */
export const PACK_SCHEMA_ID = 'urn:dominosa-catalog:pack.schema.json';

type Schema = Record<string, unknown>;

const nullable = (s: Schema): Schema => ({ anyOf: [s, { type: 'null' }] });

/** A kind's record: the shared fields, and its own where the kind says more. */
function kindRecord(name: string, title: string, own: KindRecordSchema, levels: number): Schema {
  const text = (rule: { pattern: string; description: string }): Schema => ({
    type: 'string',
    pattern: rule.pattern,
    description: rule.description,
  });
  return {
    type: 'object',
    description: `A ${title} puzzle.`,
    properties: {
      kind: { const: name },
      id: { $ref: '#/$defs/id' },
      size: {
        type: 'object',
        description: "The puzzle's size: its key and how people read it.",
        properties: { key: text(own.sizeKey), label: { type: 'string' } },
        required: ['key', 'label'],
        additionalProperties: false,
      },
      tier: { $ref: '#/$defs/tier' },
      grade: {
        ...nullable({ enum: [...own.grades] }),
        description: "The name of the highest level of the kind's grader the puzzle needs; null when not graded.",
      },
      technique: { $ref: '#/$defs/technique' },
      score: {
        ...nullable({ type: 'number', minimum: 1, exclusiveMaximum: levels + 1 }),
        description: `The grader's score: its level and a fraction within it, from 1 to below ${levels + 1}; null when not graded.`,
      },
      nodes: { $ref: '#/$defs/nodes' },
      base_id: { $ref: '#/$defs/base_id' },
      transform: { $ref: '#/$defs/transform' },
      puzzle: text(own.puzzle),
      solution: text(own.solution),
    },
    required: [...RECORD_FIELDS],
    additionalProperties: false,
  };
}

/** The schema of packs holding puzzles of `kinds` (those with pack forms). */
export function packSchema(kinds: readonly FormatsKind[]): Schema {
  const packed = kinds.flatMap((k) => (k.formats.pack === undefined ? [] : [{ kind: k, pack: k.formats.pack }]));
  const defs: Schema = {
    id: { type: 'integer', minimum: 1, description: "The puzzle's id in the catalog it came from." },
    tier: { enum: [...TIERS], description: "The puzzle's difficulty tier within its size." },
    technique: {
      ...nullable({ type: 'string' }),
      description: 'What the grade needs, in words ("Hard: set analysis"); null when not graded.',
    },
    nodes: {
      type: 'integer',
      minimum: 0,
      description: "The kind's reference solver's search nodes (a count): the work a search needed.",
    },
    base_id: {
      ...nullable({ type: 'integer', minimum: 1 }),
      description: 'A variant: the id of the base puzzle it was made from; a base puzzle: null.',
    },
    transform: {
      ...nullable({ type: 'string' }),
      description: 'A variant: how it was made from its base (a mirror, a turn, ...); a base puzzle: null.',
    },
  };
  for (const { kind, pack } of packed) defs[kind.name] = kindRecord(kind.name, kind.title, pack.schema, pack.levels);
  defs.record = {
    description: 'One puzzle: an element of a json pack\'s "puzzles", or one line of a jsonl pack.',
    oneOf: packed.map(({ kind }) => ({ $ref: `#/$defs/${kind.name}` })),
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: PACK_SCHEMA_ID,
    title: 'Puzzle pack',
    description:
      'A json pack (dominosa export --format json). Each line of a jsonl pack is one #/$defs/record; a csv row is one too, its size in size_key and size_label.',
    type: 'object',
    properties: {
      format: { const: PACK_FORMAT },
      version: { const: PACK_VERSION },
      manifest: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          created: { type: 'string', description: 'When the pack was made (ISO 8601, UTC).' },
          buildId: {
            anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }],
            description: 'The build its puzzles came from; several joined by "+"; none: null.',
          },
          schemaVersion: { type: 'integer', description: "The catalog's schema version." },
          count: { type: 'integer', minimum: 0, description: 'How many puzzles the pack holds.' },
          checksum: {
            type: 'string',
            pattern: '^[0-9a-f]{64}$',
            description: "sha256 (hex) of the puzzles' canonical JSON (keys sorted, no whitespace).",
          },
        },
        required: ['name', 'created', 'buildId', 'schemaVersion', 'count', 'checksum'],
        additionalProperties: false,
      },
      puzzles: { type: 'array', items: { $ref: '#/$defs/record' } },
    },
    required: ['format', 'version', 'manifest', 'puzzles'],
    additionalProperties: false,
    $defs: defs,
  };
}

/** The schema as data/pack.schema.json holds it: two-space indents, a final line end. */
export function packSchemaText(kinds: readonly FormatsKind[]): string {
  return `${JSON.stringify(packSchema(kinds), null, 2)}\n`;
}
