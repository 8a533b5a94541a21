// Validators of the shipped pack schema (data/pack.schema.json) under Ajv's draft 2020-12 build in
// strict mode, so a schema Ajv would only warn about fails: one for a json pack, one for a record
// (a jsonl line).
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

const SCHEMA = new URL('../../data/pack.schema.json', import.meta.url);

export function packValidators(): { pack: ValidateFunction; record: ValidateFunction } {
  const schema = JSON.parse(readFileSync(SCHEMA, 'utf8')) as { $id: string };
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const pack = ajv.compile(schema);
  const record = ajv.getSchema(`${schema.$id}#/$defs/record`);
  if (record === undefined) throw new Error('the pack schema has no #/$defs/record');
  return { pack, record };
}
