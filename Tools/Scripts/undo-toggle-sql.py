#!/usr/bin/env python3
"""What a toggle with its undo step costs SQLite alone (docs/performance.md, "Undo").

Builds a 100,000-item todo_item table and the undo history's todo_undo_step as TodoImpl makes them
(WAL, synchronous = NORMAL, in /tmp), then times 10,000 toggles (item k * 7919 mod N, as B5) four
ways: the UPDATE ... RETURNING alone; inside BEGIN/COMMIT; with a step row without image; as the
code writes it (the step row with the before-image as JSON, then the UPDATE). Then the plain and
the code's toggle with larger WAL autocheckpoints. Python's sqlite3 adds a few microseconds a
statement; compare the lines with each other.

  python3 Tools/Scripts/undo-toggle-sql.py
"""
import sqlite3, time, os, uuid, json
p='/tmp/notif-sql.db'
for s in ['','-wal','-shm']:
    try: os.remove(p+s)
    except: pass
c=sqlite3.connect(p, isolation_level=None)
c.execute('pragma journal_mode=wal'); c.execute('pragma synchronous=normal')
c.executescript('''
CREATE TABLE todo_item (owner INTEGER NOT NULL, id TEXT NOT NULL, title TEXT NOT NULL, done INTEGER NOT NULL, due INTEGER, created INTEGER NOT NULL, updated INTEGER NOT NULL, priority INTEGER NOT NULL DEFAULT 0, import_step INTEGER, PRIMARY KEY (owner,id)) WITHOUT ROWID;
CREATE INDEX todo_item_display ON todo_item(owner, created, id);
CREATE TABLE todo_undo_step (owner INTEGER NOT NULL, step INTEGER NOT NULL, kind TEXT NOT NULL, subject TEXT NOT NULL, id TEXT, image TEXT, PRIMARY KEY (owner, step)) WITHOUT ROWID;
CREATE TABLE todo_undo_floor (owner INTEGER PRIMARY KEY, step INTEGER NOT NULL);
''')
N=100000
c.execute('begin')
ids=['%08d-0000-7000-8000-000000000000'%i for i in range(N)]
c.executemany('insert into todo_item values (1,?,?,0,NULL,?,?,0,1)', [(ids[i],'item %d'%i,i,i) for i in range(N)])
c.execute('commit')
T=10000
def run(name, f):
    t=time.perf_counter()
    for k in range(T): f((k*7919)%N)
    print('%s: %.1f us' % (name,(time.perf_counter()-t)/T*1e6))
upd='UPDATE todo_item SET done = NOT done, updated = ? WHERE owner = 1 AND id = ? RETURNING *'
def plain(i): c.execute(upd,(i,ids[i])).fetchall()
img="json_object('owner',owner,'id',id,'title',title,'done',done,'due',due,'created',created,'updated',updated,'priority',priority,'import_step',import_step)"
ins="INSERT INTO todo_undo_step (owner, step, kind, subject, id, image) SELECT ?1, coalesce((SELECT max(step) FROM todo_undo_step WHERE owner = ?1),(SELECT step FROM todo_undo_floor WHERE owner = ?1), -1) + 1, CASE WHEN done THEN 'reopen' ELSE 'done' END, title, id, "+img+" FROM todo_item WHERE owner = ?1 AND id = ?2 RETURNING step"
def txn(i):
    c.execute('BEGIN')
    c.execute(ins,(1,ids[i])).fetchall()
    c.execute(upd,(i,ids[i])).fetchall()
    c.execute('COMMIT')
def txn_only(i):
    c.execute('BEGIN'); c.execute(upd,(i,ids[i])).fetchall(); c.execute('COMMIT')
def keep_step(i):
    # without image
    c.execute('BEGIN')
    c.execute("INSERT INTO todo_undo_step (owner, step, kind, subject, id) SELECT 1, coalesce((SELECT max(step) FROM todo_undo_step WHERE owner = 1),-1)+1, 'done', '', ?",(ids[i],)).fetchall()
    c.execute(upd,(i,ids[i])).fetchall()
    c.execute('COMMIT')
for r in range(2):
    run('plain update', plain)
    run('begin+update+commit', txn_only)
    run('txn with step row (no image)', keep_step)
    run('txn as the code: step row with image, update', txn)
for ac in (1000, 4000, 10000):
    c.execute('pragma wal_checkpoint(TRUNCATE)')
    c.execute('pragma wal_autocheckpoint=%d'%ac)
    print('autocheckpoint', ac)
    run('plain update', plain)
    run('txn as the code', txn)
