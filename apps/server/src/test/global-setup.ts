import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateEmbedded, openDatabase } from '../db/client.ts';
import { PGLITE_EXTENSIONS } from '../db/pglite-extensions.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    postgresTemplate: string | null;
    /** Where test/server-build.ts builds the server for this run, when a test needs it. */
    serverBuildDir: string;
  }
}

/** Migrates once per run: a PGlite data folder snapshot, and a template database on PostgreSQL. */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-test-'));
  const snapshotPath = path.join(dir, 'migrated.tar.gz');
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrateEmbedded(client);
  const dump = await client.dumpDataDir('gzip');
  fs.writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteSnapshotPath', snapshotPath);
  // Inside apps/server, two folders down like src/db/: the bundle finds ../../drizzle from there.
  const buildDir = path.join(project.config.root, '.test-build', path.basename(dir));
  project.provide('serverBuildDir', buildDir);

  let template: string | null = null;
  const url = process.env.DATABASE_URL;
  if (url) {
    template = `candor_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    const migrated = await openDatabase({ kind: 'postgres', url: withDatabase(url, template) });
    await migrated.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(buildDir, { recursive: true, force: true });
    fs.rmSync(`${buildDir}.lock`, { recursive: true, force: true });
    // The folder of the runs' builds goes once no other run is using it.
    try {
      fs.rmdirSync(path.dirname(buildDir));
    } catch {
      // another run's build is there, or no test built the server
    }
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
