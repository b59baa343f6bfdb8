import { test as base, expect, request as playwrightRequest } from '@playwright/test';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import readline from 'node:readline';
import { registerDiner, unlimitedSlots, type DinerAccount } from './api';

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
      // Diner registration is throttled per address, and every test comes
      // from 127.0.0.1: room for the suite's few registrations (see api.ts).
      CARTA_REGISTER_PER_ADDRESS: '1000',
      // Online orders too (30 per address per 10 minutes by default): the
      // suite places more than that within ten minutes, and a refused order
      // opens no checkout (CI: ordering.spec waited for a tab that never came).
      CARTA_ORDERS_PER_ADDRESS: '1000',
      // No metrics listener: its default port would be shared by every
      // server a test starts and by any other carta on the machine.
      CARTA_METRICS_ADDR: 'off',
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

// ---------------------------------------------------------------------------
// Content-Security-Policy violations fail the test.
//
// Every browser context a test uses (its own `context`, those from the
// `newContext` fixture, and any the test opens with browser.newContext() or
// browser.newPage()) reports `securitypolicyviolation` events through an
// exposed binding, and console messages that mention the Content Security
// Policy. At the end of the test the `csp` fixture fails the test with the
// list, unless the test called csp.expectViolations() (the detector's own test).

/** One CSP violation seen by a browser context. */
export type CspViolation = {
  /** 'event': a securitypolicyviolation event; 'console': a console message about the policy. */
  via: 'event' | 'console';
  /** The URL of the document the violation happened in. */
  page: string;
  /** The directive that blocked it (events only). */
  directive: string;
  /** What was blocked: a URL, 'inline', 'eval'… (events only). */
  blockedURI: string;
  /** The event's sample and source location, or the console message. */
  detail: string;
};

export type CspRecorder = {
  /** Violations seen so far in this test (all contexts). */
  readonly violations: readonly CspViolation[];
  /** This test causes violations on purpose: they do not fail it (it asserts them itself). */
  expectViolations(): void;
};

const BINDING = '__cartaCspViolation';

type ViolationEvent = {
  directive: string;
  blockedURI: string;
  documentURI: string;
  sample: string;
  sourceFile: string;
  line: number;
  disposition: string;
};

/** Runs in every frame of a recorded context, before the page's own scripts. */
function forwardViolations(binding: string) {
  window.addEventListener(
    'securitypolicyviolation',
    (e: SecurityPolicyViolationEvent) => {
      // Looked up at event time: the binding may be installed after this script.
      const send = (window as unknown as Record<string, ((v: unknown) => void) | undefined>)[binding];
      send?.({
        directive: e.effectiveDirective || e.violatedDirective,
        blockedURI: e.blockedURI,
        documentURI: e.documentURI,
        sample: e.sample,
        sourceFile: e.sourceFile,
        line: e.lineNumber,
        disposition: e.disposition,
      });
    },
    true,
  );
}

const CSP_MESSAGE = /content[ -]security[ -]policy/i;

class Recorder implements CspRecorder {
  readonly violations: CspViolation[] = [];
  private expected = false;
  private readonly watched = new WeakSet<BrowserContext>();
  /** Contexts the test opened itself, closed at its end. */
  readonly opened = new Set<BrowserContext>();

  constructor(private readonly browser: Browser) {}

  /** open opens a recorded context (browser.newContext is the recorded one while the test runs). */
  open(options?: BrowserContextOptions): Promise<BrowserContext> {
    return this.browser.newContext(options);
  }

  expectViolations() {
    this.expected = true;
  }

  /** watch makes a context report its violations here (once per context). */
  async watch(context: BrowserContext) {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    await context.exposeBinding(BINDING, (source, v: ViolationEvent) => {
      const where = v.sourceFile ? ` at ${v.sourceFile}:${v.line}` : '';
      this.violations.push({
        via: 'event',
        page: v.documentURI || source.page?.url() || '(unknown page)',
        directive: v.directive,
        blockedURI: v.blockedURI || '(none)',
        detail: `${v.disposition}${v.sample ? `, sample ${JSON.stringify(v.sample)}` : ''}${where}`,
      });
    });
    await context.addInitScript(forwardViolations, BINDING);
    context.on('console', (msg) => {
      if (!CSP_MESSAGE.test(msg.text())) return;
      this.violations.push({
        via: 'console',
        page: msg.page()?.url() || msg.location().url || '(unknown page)',
        directive: '',
        blockedURI: '',
        detail: msg.text(),
      });
    });
  }

  /**
   * flush lets each open page run its queued tasks, so that a violation
   * reported just before the end of the test reaches the recorder.
   */
  async flush(context: BrowserContext) {
    await Promise.all(
      context.pages().map((p: Page) =>
        p.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0))).catch(() => undefined),
      ),
    );
  }

  /** check throws the list of violations, unless they were expected. */
  check() {
    if (this.expected || this.violations.length === 0) return;
    const ordered = [...this.violations].sort((a, b) => (a.via === b.via ? 0 : a.via === 'event' ? -1 : 1));
    const lines = ordered.map((v) =>
      v.via === 'event'
        ? `- on ${v.page}: ${v.directive} blocked ${v.blockedURI} (${v.detail})`
        : `- on ${v.page}: console: ${v.detail}`,
    );
    throw new Error(`${this.violations.length} Content-Security-Policy violation report(s):\n${lines.join('\n')}`);
  }
}

/**
 * The options every context opened in a test starts from, as playwright.config.ts
 * gives Playwright's own `context`: reduced motion. The board's pulse on a new
 * order is an endless box-shadow animation that, in a headless Chromium without
 * a GPU, repaints 60 times a second in every context that shows it; with a board,
 * 'Mesas' and two phones open (tables.spec) that took the two cores of the CI
 * machine and doubled the flow's time. The app honours prefers-reduced-motion.
 */
const quiet: BrowserContextOptions = { reducedMotion: 'reduce' };

/**
 * While a test runs, browser.newContext() and browser.newPage() hand out
 * recorded contexts, so that a context opened without the `newContext`
 * fixture cannot escape the detector. Returns the function that restores them.
 */
function recordBrowser(browser: Browser, recorder: Recorder): () => void {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => {
    const context = await newContext({ ...quiet, ...options });
    recorder.opened.add(context);
    await recorder.watch(context);
    return context;
  };
  browser.newPage = async (options?: BrowserContextOptions) => {
    const page = await newPage({ ...quiet, ...options });
    recorder.opened.add(page.context());
    await recorder.watch(page.context());
    return page;
  };
  return () => {
    // The instance properties hide the prototype's methods: removing them restores those.
    delete (browser as Partial<Browser>).newContext;
    delete (browser as Partial<Browser>).newPage;
  };
}

type TestFixtures = {
  /** The CSP violations of this test; fails the test at its end if there are any. */
  csp: CspRecorder;
  /** Opens an extra browser context (e.g. a second user), recorded for CSP and closed at the end of the test. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
};

type WorkerFixtures = {
  carta: Server;
  /**
   * A diner account registered once per worker (server), for tests that need
   * any signed-in diner: each test signs it in with its own session
   * (api.ts signInDiner), so signing out in one test does not affect another.
   * Its purchases and profile change as tests use it: a test finds its own
   * purchase by id, and one that needs a diner without history registers its own.
   */
  diner: DinerAccount;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  carta: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { server, stop } = await startCarta();
      try {
        const request = await playwrightRequest.newContext({ baseURL: server.url });
        try {
          await unlimitedSlots(request, accounts.owner, 1);
          await unlimitedSlots(request, accounts.owner2, 2);
        } finally {
          await request.dispose();
        }
        await use(server);
      } finally {
        await stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  diner: [
    async ({ carta }, use) => {
      const request = await playwrightRequest.newContext({ baseURL: carta.url });
      try {
        await use(await registerDiner(request, { nombre: 'Diana Comensal' }));
      } finally {
        await request.dispose();
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ carta }, use) => {
    await use(carta.url);
  },

  csp: [
    async ({ browser }, use) => {
      const recorder = new Recorder(browser);
      const restore = recordBrowser(browser, recorder);
      try {
        await use(recorder);
        for (const context of recorder.opened) await recorder.flush(context);
      } finally {
        restore();
        for (const context of recorder.opened) await context.close().catch(() => undefined);
      }
      recorder.check();
    },
    { auto: true },
  ],
  context: async ({ context, csp }, use) => {
    const recorder = csp as Recorder;
    await recorder.watch(context);
    // Playwright's own fixture may have been opened through the recorded
    // browser.newContext: it closes it itself (after saving its trace).
    recorder.opened.delete(context);
    await use(context);
    await recorder.flush(context);
  },
  newContext: async ({ csp }, use) => {
    await use((options) => (csp as Recorder).open(options));
  },
});

export { expect };

export const accounts = {
  superAdmin: { email: 'admin@demo.test', password: 'demo-admin-1' },
  owner: { email: 'owner@demo.test', password: 'demo-owner-1' },
  owner2: { email: 'owner2@demo.test', password: 'demo-owner-2' },
  // Staff roles (issue 30): La Cava's kitchen tablet, waiter and manager; a group owner of both demo restaurants.
  cocina: { email: 'cocina@demo.test', password: 'demo-cocina-1' },
  mesero: { email: 'mesero@demo.test', password: 'demo-mesero-1' },
  gerente: { email: 'gerente@demo.test', password: 'demo-gerente-1' },
  grupo: { email: 'grupo@demo.test', password: 'demo-grupo-1' },
};
