import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
let built: Promise<string> | undefined;

/**
 * The server built from the current sources (build.mjs) into this run's own folder, as `npm start`
 * runs it: the tests that start it as a process run it from there. Built once per run, when a test
 * first asks; the two workers share it (the first takes a lock folder and builds, the other waits
 * for its `built` mark). Starting the bundle takes a third of the time the sources took through
 * tsx (docs/decisions/047).
 */
export function requireServerBuild(): Promise<string> {
  built ??= buildOnce(inject('serverBuildDir'));
  return built;
}

async function buildOnce(dir: string): Promise<string> {
  const mark = path.join(dir, 'built');
  const failure = path.join(dir, 'failed');
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  let mine = true;
  try {
    fs.mkdirSync(`${dir}.lock`);
  } catch {
    mine = false;
  }
  if (mine) {
    try {
      await run(process.execPath, ['build.mjs', dir], { cwd: serverRoot, timeout: 300_000 });
      fs.writeFileSync(mark, '');
    } catch (error) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(failure, String(error));
      throw error;
    }
    return dir;
  }
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (fs.existsSync(mark)) return dir;
    if (fs.existsSync(failure))
      throw new Error(`building the server failed:\n${fs.readFileSync(failure, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not built in ${dir} within 300 s`);
}
