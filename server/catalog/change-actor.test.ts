import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/open.ts';
import { asActor, SYSTEM_ACTOR } from './change-actor.ts';
import type { ProductInput } from './input.ts';
import { deleteProduct, upsertCollection, upsertProduct } from './write.ts';

const product = (handle: string): ProductInput => ({
  handle,
  title: handle,
  price: 1,
  variants: [{ title: 'Default Title', price: 1, inventory: { availableQuantity: 1 } }],
});

const actors = (db: Database, since = 0) =>
  (
    db.prepare('SELECT entity, op, actor FROM changes WHERE seq > ? ORDER BY seq').all(since) as {
      entity: string;
      op: string;
      actor: string;
    }[]
  ).map((row) => `${row.entity} ${row.op} ${row.actor}`);

const newest = (db: Database) =>
  (db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM changes').get() as { seq: number }).seq;

describe('asActor (every change with who made it)', () => {
  it('labels every change row of its transaction, products and collections alike', () => {
    const db = openDatabase(':memory:');
    const id = asActor(db, 'admin:Jane', () => {
      upsertCollection(db, { handle: 'wheels', title: 'Wheels' });
      return upsertProduct(db, product('a'));
    });
    asActor(db, 'admin', () => deleteProduct(db, id));
    expect(actors(db)).toEqual([
      'collection upsert admin:Jane',
      'product upsert admin:Jane',
      'product delete admin',
    ]);
  });

  it("leaves changes made outside it as 'system'", () => {
    const db = openDatabase(':memory:');
    asActor(db, 'admin', () => upsertProduct(db, product('a')));
    const after = newest(db);
    upsertProduct(db, product('b'));
    expect(actors(db, after)).toEqual([`product upsert ${SYSTEM_ACTOR}`]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM change_actor').get()).toEqual({ n: 0 });
  });

  it('rolls back with the work, the actor row included', () => {
    const db = openDatabase(':memory:');
    expect(() =>
      asActor(db, 'admin', () => {
        upsertProduct(db, product('a'));
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(actors(db)).toEqual([]);
    upsertProduct(db, product('b'));
    expect(actors(db)).toEqual(['product upsert system']);
  });

  it('gives back what the work returns', () => {
    const db = openDatabase(':memory:');
    expect(asActor(db, 'admin', () => 42)).toBe(42);
  });
});
