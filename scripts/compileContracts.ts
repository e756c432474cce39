// `npm run contracts:build`: writes contracts/artifacts/*.json and contracts/generated/*.ts.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderContractFiles } from './contracts/compileContracts';

const files = renderContractFiles();
for (const dir of ['contracts/artifacts', 'contracts/generated']) {
  mkdirSync(dir, { recursive: true });
  for (const old of readdirSync(dir)) {
    if (!files.has(path.posix.join(dir, old))) rmSync(path.join(dir, old));
  }
}
for (const [file, content] of files) writeFileSync(file, content);
console.log(`contracts: wrote ${files.size} files`);
