// Tests for pipeline/catalog/lock.ts: one writer at a time, named to the next, and a lock whose
// process is gone taken over.
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../../../pipeline/catalog/catalog.js';
import { editCatalog, freshCatalogs, expectUserError, scalar } from '../../helpers/catalog.js';

const fresh = freshCatalogs();

describe('the writer lock', () => {
  it('refuses a second writer, naming the holder, while readers open freely', () => {
    const path = fresh();
    const cat = Catalog.open(path, { create: true, verb: 'build' });
    try {
      expectUserError(
        () => Catalog.open(path, { verb: 'tune' }),
        new RegExp(`is being written by build \\(pid ${process.pid}, since \\d{4}-`),
      );
      const ro = Catalog.open(path, { readonly: true });
      expect(ro.countPuzzles()).toBe(0);
      ro.close();
    } finally {
      cat.close();
    }
    // Released on close.
    Catalog.open(path, { verb: 'tune' }).close();
  });

  it('takes over a lock whose process is gone', () => {
    const path = fresh();
    Catalog.open(path, { create: true }).close();
    // A pid above the kernel's largest cannot run.
    editCatalog(path, (d) =>
      d
        .prepare(
          `INSERT INTO writer (id, pid, verb, host, boot, start, since) VALUES (1, 99999999, 'build', ?, '', '', 'then')`,
        )
        .run(hostname()),
    );
    const cat = Catalog.open(path, { verb: 'tune' });
    expect(cat.db.prepare('SELECT pid, verb FROM writer').get()).toEqual({ pid: process.pid, verb: 'tune' });
    cat.close();
    expect(scalar(path, 'SELECT COUNT(*) FROM writer')).toBe(0);
  });
});
