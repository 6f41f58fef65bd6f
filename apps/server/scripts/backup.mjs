#!/usr/bin/env node
// Backup and restore of everything the platform keeps (docs/operations.md, Backup and restore):
// the database (PGlite's files under DATA_DIR/db, or a pg_dump of DATABASE_URL), the price bars
// (DATA_DIR/marketdata, which the database's rows describe) and DATA_DIR/secrets.json (the
// generated JWT_SECRET and ENCRYPTION_KEY, without which broker credentials and 2FA secrets stay
// unreadable). One .tar.gz holds them all.
//
//   node apps/server/scripts/backup.mjs backup  <archive.tar.gz>
//   node apps/server/scripts/backup.mjs restore <archive.tar.gz>
//
// It reads DATA_DIR (default ./data, from the directory the server runs in) and DATABASE_URL like
// the server. PGlite is one process's files: back it up with the server stopped (the script refuses
// while DATA_DIR/db/postmaster.pid says it is open). PostgreSQL is dumped online (pg_dump takes a
// consistent snapshot). A restore goes into a fresh place only: an empty DATABASE_URL database
// (createdb) or a DATA_DIR without a db and price files; it never overwrites.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const PG_DUMP_FILE = 'postgres.dump';

function fail(message) {
  console.error(message);
  process.exit(1);
}

const nonEmpty = (dir) => existsSync(dir) && readdirSync(dir).length > 0;
const run = (command, args) => execFileSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });

function backup(archive, dataDir, databaseUrl) {
  const staging = mkdtempSync(join(tmpdir(), 'platform-backup-'));
  try {
    if (databaseUrl) {
      run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${join(staging, PG_DUMP_FILE)}`,
        databaseUrl,
      ]);
    } else {
      const db = join(dataDir, 'db');
      if (!existsSync(db)) fail(`Nessun database PGlite in ${db}.`);
      if (existsSync(join(db, 'postmaster.pid'))) {
        fail(
          `Il database in ${db} è aperto: ferma il server e riprova (dopo un arresto anomalo, avvialo e fermalo una volta).`,
        );
      }
      cpSync(db, join(staging, 'db'), { recursive: true });
    }
    for (const name of ['marketdata', 'secrets.json']) {
      if (existsSync(join(dataDir, name)))
        cpSync(join(dataDir, name), join(staging, name), { recursive: true });
    }
    run('tar', ['-czf', archive, '-C', staging, '.']);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  console.log(`Backup scritto in ${archive}`);
}

function restore(archive, dataDir, databaseUrl) {
  if (!existsSync(archive)) fail(`Archivio non trovato: ${archive}`);
  const staging = mkdtempSync(join(tmpdir(), 'platform-restore-'));
  try {
    run('tar', ['-xzf', archive, '-C', staging]);
    const hasDump = existsSync(join(staging, PG_DUMP_FILE));
    const hasPglite = existsSync(join(staging, 'db'));
    if (hasDump && !databaseUrl)
      fail('Il backup è di PostgreSQL: indica il database di destinazione (vuoto) in DATABASE_URL.');
    if (hasPglite && databaseUrl)
      fail('Il backup è di PGlite: ripristinalo senza DATABASE_URL, in un DATA_DIR nuovo.');
    if (!hasDump && !hasPglite) fail("L'archivio non contiene un database.");
    for (const name of ['db', 'marketdata']) {
      if (nonEmpty(join(dataDir, name)))
        fail(`${join(dataDir, name)} non è vuoto: il ripristino va in un DATA_DIR nuovo.`);
    }
    // The keys of the data restored: without them its secrets cannot be read.
    const secrets = join(staging, 'secrets.json');
    const ownSecrets = join(dataDir, 'secrets.json');
    if (
      existsSync(secrets) &&
      existsSync(ownSecrets) &&
      !readFileSync(secrets).equals(readFileSync(ownSecrets))
    ) {
      fail(`${ownSecrets} ha chiavi diverse da quelle del backup: il ripristino va in un DATA_DIR nuovo.`);
    }
    mkdirSync(dataDir, { recursive: true });
    if (hasDump) {
      run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${databaseUrl}`,
        join(staging, PG_DUMP_FILE),
      ]);
    } else {
      cpSync(join(staging, 'db'), join(dataDir, 'db'), { recursive: true });
    }
    if (existsSync(join(staging, 'marketdata')))
      cpSync(join(staging, 'marketdata'), join(dataDir, 'marketdata'), { recursive: true });
    if (existsSync(secrets)) cpSync(secrets, ownSecrets);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  console.log(`Ripristino completato in ${databaseUrl ? 'DATABASE_URL' : dataDir}`);
}

const [command, archive] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !archive) {
  fail('Uso: node apps/server/scripts/backup.mjs backup|restore <archivio.tar.gz>');
}
const dataDir = resolve(process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || undefined;
if (command === 'backup') backup(resolve(archive), dataDir, databaseUrl);
else restore(resolve(archive), dataDir, databaseUrl);
