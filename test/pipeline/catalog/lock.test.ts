// Tests for pipeline/catalog/lock.ts: one writer at a time, named to the next, and a lock whose
// process is gone taken over.
import { hostname } from 'node:os';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../../../pipeline/catalog/catalog.js';
import { freshCatalogs, expectUserError } from '../../helpers/catalog.js';

const fresh = freshCatalogs();

describe('the writer lock', () => {
  it('refuses a second writer, naming the holder, while readers open freely', () => {
    const path = fresh();
    const cat = Catalog.open(path, { create: true, verb: 'build' });
    try {
      expectUserError(() => Catalog.open(path, { verb: 'tune' }), new RegExp(`is being written by build \\(pid ${process.pid}, since \\d{4}-`));
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
    const d = new Database(path);
    // A pid above the kernel's largest cannot run.
    d.prepare(`INSERT INTO writer (id, pid, verb, host, boot, start, since) VALUES (1, 99999999, 'build', ?, '', '', 'then')`).run(hostname());
    d.close();
    const cat = Catalog.open(path, { verb: 'tune' });
    expect(cat.db.prepare('SELECT pid, verb FROM writer').get()).toEqual({ pid: process.pid, verb: 'tune' });
    cat.close();
    expect(new Database(path, { readonly: true }).prepare('SELECT COUNT(*) FROM writer').pluck().get()).toBe(0);
  });
});
