// Generates the web app's API types from the server's OpenAPI document.
//
//   node scripts/api-types.mjs          writes src/api/schema.d.ts
//   node scripts/api-types.mjs --check  regenerates into a temporary file and
//                                       fails when the committed one differs
//
// The document (internal/api/openapi.json) is the source of truth; the
// generated file is committed so that a type-check needs no Go toolchain,
// and `npm run api:check` (run by `make test-web`) keeps the two in step.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const web = fileURLToPath(new URL('..', import.meta.url));
// CARTA_OPENAPI overrides the document's place (e.g. while the Go code moves).
const input = process.env.CARTA_OPENAPI ?? join(web, '..', 'internal', 'api', 'openapi.json');
const output = join(web, 'src', 'api', 'schema.d.ts');

async function generate() {
  const document = JSON.parse(await readFile(input, 'utf8'));
  const ast = await openapiTS(document, { emptyObjectsUnknown: true });
  return (
    '/**\n' +
    " * Generated from the server's OpenAPI document by scripts/api-types.mjs\n" +
    ' * (openapi-typescript). Do not edit: change the document, then run\n' +
    ' * `npm run api:types`.\n' +
    ' */\n\n' +
    astToString(ast)
  );
}

const fresh = await generate();

if (!process.argv.includes('--check')) {
  await writeFile(output, fresh);
  console.log(`wrote ${relative(process.cwd(), output)}`);
} else {
  // Regenerate into a temporary file, as `api:types` would write it, and compare.
  const dir = await mkdtemp(join(tmpdir(), 'carta-api-types-'));
  try {
    const temp = join(dir, 'schema.d.ts');
    await writeFile(temp, fresh);
    const regenerated = await readFile(temp, 'utf8');
    const committed = await readFile(output, 'utf8').catch(() => null);
    if (committed !== regenerated) {
      const what = committed === null ? 'is missing' : 'is stale: it no longer matches the OpenAPI document';
      if (committed !== null) {
        // The start of what would change (diff is there on any Linux or macOS machine).
        const diff = spawnSync('diff', ['-u', output, temp], { encoding: 'utf8' });
        if (diff.stdout) console.error(diff.stdout.split('\n').slice(0, 40).join('\n'));
      }
      console.error(
        `api:check: ${relative(process.cwd(), output)} ${what}\n` +
          `  (${relative(process.cwd(), input)}).\n` +
          '  Run `npm run api:types` in web/, fix the type errors it brings, and commit the result.',
      );
      process.exit(1);
    }
    console.log(`api:check: ${relative(process.cwd(), output)} matches ${relative(process.cwd(), input)}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
