// `npm start` and `npm test` must work on a fresh clone: install the locked dependencies
// when node_modules is missing or was installed from a different package-lock.json.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const lockFile = 'package-lock.json';
const stampFile = 'node_modules/.install-stamp';

const lockHash = createHash('sha256').update(readFileSync(lockFile)).digest('hex');
const installedHash = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';

if (lockHash !== installedHash) {
  console.log('Installing dependencies (npm ci)...');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
  writeFileSync(stampFile, lockHash);
}
