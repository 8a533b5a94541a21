// A dev script: writes data/pack.schema.json, the JSON Schema of the json and jsonl packs, from the
// built-in kinds' declarations (src/formats/schema.ts). Run after changing a kind's record part;
// test/formats/schema.test.ts fails while the shipped file differs from what the kinds make.
//   npm run schema
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { packSchemaText } from '../../src/formats/schema.js';
import { builtInKinds } from '../../src/kinds.js';

const file = fileURLToPath(new URL('../../../data/pack.schema.json', import.meta.url));
writeFileSync(file, packSchemaText(builtInKinds()));
console.log(`wrote ${file}`);
