import { test as base, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import readline from 'node:readline';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 30_000;
const LISTENING = /carta listening on (http:\/\/\S+)/;

type Server = { url: string };

/**
 * startCarta runs the real Go binary on a random port with a fresh data dir
 * and demo data, and resolves with its URL once it prints its listening line.
 */
async function startCarta(): Promise<{ server: Server; stop: () => Promise<void> }> {
  const bin = path.resolve(webDir, process.env.CARTA_BIN ?? '../bin/carta');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carta-e2e-'));
  const child: ChildProcess = spawn(bin, [], {
    cwd: path.dirname(bin),
    env: {
      ...process.env,
      CARTA_ADDR: '127.0.0.1:0',
      CARTA_DATA_DIR: dataDir,
      CARTA_DEMO: '1',
      CARTA_LOG_FORMAT: 'text',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const logs: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`carta did not start within ${START_TIMEOUT_MS} ms:\n${logs.join('')}`)),
      START_TIMEOUT_MS,
    );
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      logs.push(line + '\n');
      const match = LISTENING.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`cannot start ${bin}: ${err.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`carta exited early (code ${code}, signal ${signal}):\n${logs.join('')}`));
    });
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server: { url }, stop };
}

export const test = base.extend<object, { carta: Server }>({
  carta: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { server, stop } = await startCarta();
      try {
        await use(server);
      } finally {
        await stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ carta }, use) => {
    await use(carta.url);
  },
});

export { expect };

export const accounts = {
  superAdmin: { email: 'admin@demo.test', password: 'demo-admin-1' },
  owner: { email: 'owner@demo.test', password: 'demo-owner-1' },
  owner2: { email: 'owner2@demo.test', password: 'demo-owner-2' },
};
