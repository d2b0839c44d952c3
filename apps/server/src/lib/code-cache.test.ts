import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { runWithCodeCache } from './code-cache.ts';

let folder: string;
let file: string;
let cacheDir: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-code-cache-'));
  file = path.join(folder, 'bundle.cjs');
  cacheDir = path.join(folder, 'data', 'cache');
});
afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

const source = (value: number) =>
  [
    "'use strict';",
    `function answer() { return ${value}; }`,
    'module.exports.answer = answer();',
    "module.exports.sep = require('node:path').sep;",
    'module.exports.where = [__filename, __dirname];',
  ].join('\n');

const cacheFiles = () => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []);

test('a file runs like a CommonJS module, then from the cache once it was saved', () => {
  fs.writeFileSync(file, source(41));
  const first = runWithCodeCache(file, cacheDir);
  expect(first.fromCache).toBe(false);
  expect(first.exports).toEqual({ answer: 41, sep: path.sep, where: [file, folder] });
  first.saveCache();
  expect(cacheFiles()).toHaveLength(1);

  const second = runWithCodeCache(file, cacheDir);
  expect(second.fromCache).toBe(true);
  expect(second.exports).toEqual(first.exports);
  second.saveCache();
  expect(cacheFiles()).toHaveLength(1);
});

test('a changed file of the same length does not run from the old cache, whose file goes on saving', () => {
  fs.writeFileSync(file, source(41));
  runWithCodeCache(file, cacheDir).saveCache();
  const [old] = cacheFiles();

  fs.writeFileSync(file, source(42));
  const changed = runWithCodeCache(file, cacheDir);
  expect(changed.fromCache).toBe(false);
  expect(changed.exports.answer).toBe(42);
  changed.saveCache();
  expect(cacheFiles()).toHaveLength(1);
  expect(cacheFiles()).not.toContain(old);
  expect(runWithCodeCache(file, cacheDir).fromCache).toBe(true);
});

test('a cache that cannot be read or written only means compiling', () => {
  fs.writeFileSync(file, source(7));
  fs.mkdirSync(path.dirname(cacheDir), { recursive: true });
  fs.writeFileSync(cacheDir, 'a file where the folder should be');
  const run = runWithCodeCache(file, cacheDir);
  expect(run.exports.answer).toBe(7);
  expect(() => run.saveCache()).not.toThrow();
  expect(runWithCodeCache(file, cacheDir).fromCache).toBe(false);
});
