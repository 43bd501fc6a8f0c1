// Facts about the machine and the code under test, printed above the results so runs can be compared.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../d1-local';

const packageVersion = (name: string): string => {
  try {
    return (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
};

function gitRevision(): string {
  try {
    const rev = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${rev} + uncommitted changes` : rev;
  } catch {
    return 'unknown';
  }
}

export function machineFacts(): string[] {
  const cpus = os.cpus();
  return [
    `machine:  ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}`,
    `load:     ${os.loadavg().map((n) => n.toFixed(2)).join(' ')} (1/5/15 min, before the run)`,
    `software: node ${process.version}, wrangler ${packageVersion('wrangler')}, workerd ${packageVersion('workerd')}, autocannon ${packageVersion('autocannon')}`,
    `code:     ${gitRevision()}`,
  ];
}
