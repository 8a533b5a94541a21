// A puzzle kind's name, as the catalog's kind column, --kind and the packs spell it ('dominosa',
// 'sudomino', a plugin's). Apart from the kind interface, so the shared rooms that interface
// gathers can name a kind without importing it back.
export type KindName = string;
