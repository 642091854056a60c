/**
 * Debian Chromium driven over the DevTools protocol's pipe with a handful of commands, for measuring a page's start
 * as a phone runs it: with no inspector attached to the page's JavaScript.
 *
 * Playwright (and Lighthouse, and DevTools) enable the protocol's Runtime domain in every page they drive. With it
 * on, V8 evaluates scripts far more slowly: React DOM's chunk took 18-25 ms to evaluate at 1x CPU against 2-3 ms with
 * nothing attached, and 93-120 ms against 12 ms at 4x (`npm run bench -- inspector`, 2026-11-27). A start measured
 * through Playwright is the inspector's, not the phone's. A page this driver measures gets Target, Emulation, Page,
 * Input, DOM, Fetch and Performance commands, never a Runtime one; the CPU slowdown works without it. Only
 * BarePage.evaluate, for a page not measured, and the inspector option, to measure its cost, use Runtime.
 * A trace (trace) is recorded through the browser's own target, with no command to the page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

/** How a tab is set up. */
export interface PageSetup {
  /** Page scripts run before any of the page's own, in every document of the profile, in this order. */
  initScripts: string[];
  cpuSlowdown: number;
  viewport: { width: number; height: number };
  /** Turn the Runtime domain on in the measured page, as Playwright does: only to measure what that costs. */
  inspector?: boolean;
}

export interface BareOpenOptions extends PageSetup {
  /** The page reports its start by moving to a fragment of this prefix and the report's text, URI-encoded. */
  reportPrefix: string;
  /** Open the page once first and wait for its service worker, then measure a second opening in a new tab. */
  installed: boolean;
}

const REPORT_TIMEOUT_MS = 60_000;

interface PausedRequest {
  requestId: string;
  request: { url: string; postData?: string };
}

/** One event of a Chromium trace (the Trace Event Format), as much of it as the benches read. */
export interface TraceEvent {
  name: string;
  /** Start and duration in microseconds; a complete event ('X') has a duration, an instant one none. */
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { beginData?: { url?: string } };
}

/** A place on the page, in CSS pixels from its top left corner. */
export interface Point {
  x: number;
  y: number;
}

/** A request's answer, or 'continue' to let it go to the server. */
export type Answer = { status: number; json: unknown } | 'continue';

/** One tab of a new profile, for what takes more than a start (BareChromium.withPage). */
export interface BarePage {
  navigate(url: string): Promise<void>;
  /** The next report with `prefix` (see BareOpenOptions.reportPrefix): call before what makes the page report it. */
  report(prefix: string): Promise<string>;
  /** Answers the page's requests to URLs matching `urlPattern` (the protocol's wildcards) as `answer` says. */
  intercept(urlPattern: string, answer: (postData: string | undefined) => Promise<Answer>): Promise<void>;
  /** The renderer's main-thread task time so far, in seconds (the Performance domain's TaskDuration). */
  taskSeconds(): Promise<number>;
  /** A tap (mouse press and release, as Playwright's click) in the middle of the first element `selector` finds. */
  tap(selector: string): Promise<void>;
  /** The middle of the first element `query` (a CSS selector or an XPath) finds, where it is now: nothing scrolls. */
  centreOf(query: string): Promise<Point>;
  /** The lasting id of the first element `query` (a CSS selector or an XPath) finds: the protocol's backendNodeId. */
  lastingIdOf(query: string): Promise<number>;
  /** Focuses the element of that id as a script would (as the phone's autofill does), with no tap and no key. */
  focus(lastingId: number): Promise<void>;
  /** A PNG of what the page shows now. */
  screenshot(): Promise<Buffer>;
  /** Scrolls the first element `query` (a CSS selector or an XPath) finds into view, if it is not. */
  reveal(query: string): Promise<void>;
  /** A tap at `point`, with no look at the page first: what is there now gets it. */
  tapAt(point: Point): Promise<void>;
  /** Each character a key press of its own, `delayMs` apart, as a person types. */
  type(text: string, delayMs: number): Promise<void>;
  /** `text` put in the focused field at once, as a paste or the phone's autofill does. */
  insertText(text: string): Promise<void>;
  /**
   * Resolves once the page holds a node that `query` (a CSS selector or an XPath) finds, looking every 100 ms;
   * rejects after `timeoutMs` (a minute unless told).
   */
  waitFor(query: string, timeoutMs?: number): Promise<void>;
  /** Taps `selector`, which opens a file chooser, and picks the file at `path` in it. */
  pickFile(selector: string, path: string): Promise<void>;
  /** Sets `name` to `value` on <html>: a page script watching it can take it as a request (see report). */
  mark(name: string, value: string): Promise<void>;
  /**
   * Evaluates `expression` in the page and resolves with its value. It compiles a script in the page and turns the
   * Runtime domain's evaluation on: only for a page that is not measured.
   */
  evaluate<T>(expression: string): Promise<T>;
}

/**
 * A page script expression that reports `text` (a JavaScript expression for a string starting with the report's
 * prefix) to the bench: the fragment BarePage.report and openAndReport read. Script serialized from a function
 * (bench/start.ts's watch) writes the same fragment itself.
 */
export const reportExpression = (text: string) =>
  `history.replaceState(history.state, '', '#' + encodeURIComponent(${text}))`;

/** The first, unmeasured tab of a reopened run reports its service worker active, its caches filled, so. */
const WORKER_READY = 'thrive-bench worker ready';
const WORKER_READY_SCRIPT = `navigator.serviceWorker.ready.then(() => ${reportExpression(JSON.stringify(WORKER_READY))})`;

export class BareChromium {
  private nextId = 0;
  private readonly answers = new Map<
    number,
    { resolve(result: Message['result']): void; reject(error: Error): void }
  >();
  private readonly fragmentWatchers = new Set<(sessionId: string | undefined, url: string) => void>();
  private readonly requestHandlers = new Map<string, (request: PausedRequest) => void>();
  private readonly chooserHandlers = new Map<string, (backendNodeId: number) => void>();
  private buffered = '';
  /** The events of the trace being recorded (trace), and what it waits on to end. */
  private traceEvents: TraceEvent[] = [];
  private traceComplete: (() => void) | undefined;

  private constructor(
    private readonly child: ChildProcess,
    private readonly profileDir: string,
  ) {
    const input = child.stdio[4] as NodeJS.ReadableStream;
    input.on('data', (chunk: Buffer) => this.receive(chunk.toString()));
    // A browser that dies leaves no command waiting for ever.
    child.once('exit', (code, signal) => {
      for (const answer of this.answers.values()) answer.reject(new Error(`Chromium exited (${signal ?? code})`));
      this.answers.clear();
    });
  }

  static async launch(): Promise<BareChromium> {
    const profileDir = mkdtempSync(join(tmpdir(), 'thrive-bare-'));
    const child = spawn(
      CHROMIUM_PATH,
      [...CHROMIUM_ARGS, '--headless', '--remote-debugging-pipe', `--user-data-dir=${profileDir}`, 'about:blank'],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    return new BareChromium(child, profileDir);
  }

  /** Opens `url` in a new profile and resolves with the text the page reports (see BareOpenOptions.reportPrefix). */
  openAndReport(url: string, options: BareOpenOptions): Promise<string> {
    return this.inNewProfile(async (browserContextId) => {
      if (options.installed) {
        const first = await this.newPage(browserContextId, {
          ...options,
          initScripts: [...options.initScripts, WORKER_READY_SCRIPT],
        });
        // Started as the measured tab will be, and its worker active: its scripts have run once, its caches are full.
        const ready = Promise.all([
          this.report(first.sessionId, options.reportPrefix),
          this.report(first.sessionId, WORKER_READY),
        ]);
        await this.send('Page.navigate', { url }, first.sessionId);
        await ready;
        await this.send('Target.closeTarget', { targetId: first.targetId });
      }
      const page = await this.newPage(browserContextId, options);
      const report = this.report(page.sessionId, options.reportPrefix);
      await this.send('Page.navigate', { url }, page.sessionId);
      return report;
    });
  }

  /** Runs `use` with a tab in a new profile, set up as `setup` says, and closes the profile. */
  withPage<T>(setup: PageSetup, use: (page: BarePage) => Promise<T>): Promise<T> {
    return this.inNewProfile(async (browserContextId) => {
      const { sessionId } = await this.newPage(browserContextId, setup);
      try {
        return await use(this.pageOf(sessionId));
      } finally {
        this.requestHandlers.delete(sessionId);
        this.chooserHandlers.delete(sessionId);
      }
    });
  }

  /**
   * Records a browser-wide trace of `categories` while `run` runs, and resolves with its events. Tracing goes through
   * the browser's own target: the pages get no command for it.
   */
  async trace<T>(categories: readonly string[], run: () => Promise<T>): Promise<{ result: T; events: TraceEvent[] }> {
    this.traceEvents = [];
    await this.send('Tracing.start', { traceConfig: { includedCategories: categories }, transferMode: 'ReportEvents' });
    let result: T;
    try {
      result = await run();
    } finally {
      const complete = new Promise<void>((done) => (this.traceComplete = done));
      await this.send('Tracing.end');
      await complete;
    }
    return { result, events: this.traceEvents };
  }

  /** Runs `use` in a new profile (a browser context: no cache, storage or worker of another run), then closes it. */
  private async inNewProfile<T>(use: (browserContextId: string) => Promise<T>): Promise<T> {
    const { browserContextId } = (await this.send('Target.createBrowserContext')) as { browserContextId: string };
    try {
      return await use(browserContextId);
    } finally {
      await this.send('Target.disposeBrowserContext', { browserContextId });
    }
  }

  private pageOf(sessionId: string): BarePage {
    let measuring = false;
    const page: BarePage = {
      navigate: async (url) => void (await this.send('Page.navigate', { url }, sessionId)),
      report: (prefix) => this.report(sessionId, prefix),
      intercept: async (urlPattern, answer) => {
        this.requestHandlers.set(sessionId, ({ requestId, request }) => {
          void answer(request.postData).then((chosen) =>
            chosen === 'continue'
              ? this.send('Fetch.continueRequest', { requestId }, sessionId)
              : this.send(
                  'Fetch.fulfillRequest',
                  {
                    requestId,
                    responseCode: chosen.status,
                    responseHeaders: [{ name: 'content-type', value: 'application/json' }],
                    body: Buffer.from(JSON.stringify(chosen.json)).toString('base64'),
                  },
                  sessionId,
                ),
          );
        });
        await this.send('Fetch.enable', { patterns: [{ urlPattern, requestStage: 'Request' }] }, sessionId);
      },
      tap: async (selector) => {
        const nodeId = await this.nodeOf(sessionId, selector);
        await this.send('DOM.scrollIntoViewIfNeeded', { nodeId }, sessionId);
        await page.tapAt(await this.centre(sessionId, nodeId, selector));
      },
      centreOf: async (query) => this.centre(sessionId, await this.foundNode(sessionId, query), query),
      lastingIdOf: async (query) => {
        const nodeId = await this.foundNode(sessionId, query);
        const { node } = (await this.send('DOM.describeNode', { nodeId }, sessionId)) as {
          node: { backendNodeId: number };
        };
        return node.backendNodeId;
      },
      focus: async (backendNodeId) => void (await this.send('DOM.focus', { backendNodeId }, sessionId)),
      screenshot: async () => {
        const { data } = (await this.send('Page.captureScreenshot', { format: 'png' }, sessionId)) as { data: string };
        return Buffer.from(data, 'base64');
      },
      reveal: async (query) => {
        const nodeId = await this.foundNode(sessionId, query);
        await this.send('DOM.scrollIntoViewIfNeeded', { nodeId }, sessionId);
      },
      tapAt: async ({ x, y }) => {
        for (const type of ['mousePressed', 'mouseReleased']) {
          await this.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 }, sessionId);
        }
      },
      insertText: async (text) => void (await this.send('Input.insertText', { text }, sessionId)),
      type: async (text, delayMs) => {
        for (const key of text) {
          await this.send(
            'Input.dispatchKeyEvent',
            { type: 'keyDown', key, text: key, unmodifiedText: key },
            sessionId,
          );
          await this.send('Input.dispatchKeyEvent', { type: 'keyUp', key }, sessionId);
          await new Promise((done) => setTimeout(done, delayMs));
        }
      },
      waitFor: async (query, timeoutMs = REPORT_TIMEOUT_MS) => {
        const deadline = Date.now() + timeoutMs;
        await this.send('DOM.getDocument', { depth: 0 }, sessionId);
        for (;;) {
          const { searchId, resultCount } = (await this.send('DOM.performSearch', { query }, sessionId)) as {
            searchId: string;
            resultCount: number;
          };
          await this.send('DOM.discardSearchResults', { searchId }, sessionId);
          if (resultCount > 0) return;
          if (Date.now() > deadline) throw new Error(`${query} did not appear within ${timeoutMs / 1000} s`);
          await new Promise((done) => setTimeout(done, 100));
        }
      },
      pickFile: async (selector, path) => {
        await this.send('Page.setInterceptFileChooserDialog', { enabled: true }, sessionId);
        const opened = new Promise<number>((done) => this.chooserHandlers.set(sessionId, done));
        await page.tap(selector);
        const backendNodeId = await opened;
        this.chooserHandlers.delete(sessionId);
        await this.send('DOM.setFileInputFiles', { files: [path], backendNodeId }, sessionId);
      },
      mark: async (name, value) => {
        const nodeId = await this.nodeOf(sessionId, 'html');
        await this.send('DOM.setAttributeValue', { nodeId, name, value }, sessionId);
      },
      evaluate: async <T>(expression: string) => {
        const { result, exceptionDetails } = (await this.send(
          'Runtime.evaluate',
          { expression, awaitPromise: true, returnByValue: true },
          sessionId,
        )) as { result: { value: T }; exceptionDetails?: { text: string } };
        if (exceptionDetails) throw new Error(exceptionDetails.text);
        return result.value;
      },
      taskSeconds: async () => {
        if (!measuring) await this.send('Performance.enable', {}, sessionId);
        measuring = true;
        const { metrics } = (await this.send('Performance.getMetrics', {}, sessionId)) as {
          metrics: { name: string; value: number }[];
        };
        return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
      },
    };
    return page;
  }

  /** The middle of the node as it is on screen now, in the viewport's CSS pixels; `name` names it in an error. */
  private async centre(sessionId: string, nodeId: number, name: string): Promise<Point> {
    // A quad is its four corners, x and y in turn.
    type Quad = [number, number, number, number, number, number, number, number];
    const { quads } = (await this.send('DOM.getContentQuads', { nodeId }, sessionId)) as { quads: Quad[] };
    const quad = quads[0];
    if (!quad) throw new Error(`${name} is not on screen`);
    const [x1, y1, x2, y2, x3, y3, x4, y4] = quad;
    return { x: (x1 + x2 + x3 + x4) / 4, y: (y1 + y2 + y3 + y4) / 4 };
  }

  /** The first node `query` (a CSS selector or an XPath) finds in the page as it is now. */
  private async foundNode(sessionId: string, query: string): Promise<number> {
    await this.send('DOM.getDocument', { depth: 0 }, sessionId);
    const { searchId, resultCount } = (await this.send('DOM.performSearch', { query }, sessionId)) as {
      searchId: string;
      resultCount: number;
    };
    try {
      if (resultCount === 0) throw new Error(`nothing matches ${query}`);
      const { nodeIds } = (await this.send(
        'DOM.getSearchResults',
        { searchId, fromIndex: 0, toIndex: 1 },
        sessionId,
      )) as {
        nodeIds: number[];
      };
      const [nodeId] = nodeIds;
      if (!nodeId) throw new Error(`nothing matches ${query}`);
      return nodeId;
    } finally {
      await this.send('DOM.discardSearchResults', { searchId }, sessionId);
    }
  }

  /** The first element `selector` finds in the page as it is now (node ids last until the document changes). */
  private async nodeOf(sessionId: string, selector: string): Promise<number> {
    const { root } = (await this.send('DOM.getDocument', { depth: 0 }, sessionId)) as { root: { nodeId: number } };
    const { nodeId } = (await this.send('DOM.querySelector', { nodeId: root.nodeId, selector }, sessionId)) as {
      nodeId: number;
    };
    if (!nodeId) throw new Error(`no element matches ${selector}`);
    return nodeId;
  }

  async close(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((done) => this.child.once('exit', done));
      // Closed by the protocol, Chromium ends its helper processes before it exits: killed, they may still write.
      await this.send('Browser.close');
      await exited;
    }
    rmSync(this.profileDir, { recursive: true, force: true, maxRetries: 3 });
  }

  private async newPage(
    browserContextId: string,
    { initScripts, cpuSlowdown, viewport, inspector = false }: PageSetup,
  ): Promise<{ targetId: string; sessionId: string }> {
    const { targetId } = (await this.send('Target.createTarget', { url: 'about:blank', browserContextId })) as {
      targetId: string;
    };
    const { sessionId } = (await this.send('Target.attachToTarget', { targetId, flatten: true })) as {
      sessionId: string;
    };
    if (inspector) await this.send('Runtime.enable', {}, sessionId);
    await this.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown }, sessionId);
    // As Playwright's isMobile and hasTouch set a phone up.
    await this.send(
      'Emulation.setDeviceMetricsOverride',
      { ...viewport, deviceScaleFactor: 1, mobile: true, screenWidth: viewport.width, screenHeight: viewport.height },
      sessionId,
    );
    await this.send('Emulation.setTouchEmulationEnabled', { enabled: true }, sessionId);
    // Scripts added to a new document run only once the Page domain is on; it also tells of the report's fragment.
    await this.send('Page.enable', {}, sessionId);
    for (const source of initScripts) await this.send('Page.addScriptToEvaluateOnNewDocument', { source }, sessionId);
    return { targetId, sessionId };
  }

  /**
   * The page's report, read from outside it: the fragment it moves to (Page.navigatedWithinDocument). Its title
   * would do, but Chromium tells the protocol of a title only as a navigation sets it.
   */
  private report(sessionId: string, prefix: string): Promise<string> {
    const marker = `#${encodeURIComponent(prefix)}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fragmentWatchers.delete(watch);
        reject(new Error(`no report "${prefix.trim()}" from the page within ${REPORT_TIMEOUT_MS / 1000} s`));
      }, REPORT_TIMEOUT_MS);
      const watch = (from: string | undefined, url: string) => {
        const at = url.indexOf(marker);
        if (from !== sessionId || at < 0) return;
        clearTimeout(timer);
        this.fragmentWatchers.delete(watch);
        resolve(decodeURIComponent(url.slice(at + marker.length)));
      };
      this.fragmentWatchers.add(watch);
    });
  }

  private send(method: string, params: Record<string, unknown> = {}, sessionId?: string) {
    const id = (this.nextId += 1);
    const output = this.child.stdio[3] as NodeJS.WritableStream;
    return new Promise<Message['result']>((resolve, reject) => {
      this.answers.set(id, { resolve, reject });
      output.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  }

  /** The pipe carries JSON messages, each ended by a NUL. */
  private receive(text: string): void {
    this.buffered += text;
    for (let end = this.buffered.indexOf('\0'); end >= 0; end = this.buffered.indexOf('\0')) {
      const message = JSON.parse(this.buffered.slice(0, end)) as Message;
      this.buffered = this.buffered.slice(end + 1);
      const answer = message.id === undefined ? undefined : this.answers.get(message.id);
      if (answer && message.id !== undefined) {
        this.answers.delete(message.id);
        if (message.error) answer.reject(new Error(message.error.message));
        else answer.resolve(message.result);
      } else if (message.method === 'Page.fileChooserOpened' && message.sessionId) {
        this.chooserHandlers.get(message.sessionId)?.((message.params as { backendNodeId: number }).backendNodeId);
      } else if (message.method === 'Fetch.requestPaused' && message.sessionId) {
        this.requestHandlers.get(message.sessionId)?.(message.params as unknown as PausedRequest);
      } else if (message.method === 'Tracing.dataCollected') {
        // A chunk can hold tens of thousands of events: too many to spread into one call's arguments.
        this.traceEvents = this.traceEvents.concat((message.params as { value: TraceEvent[] }).value);
      } else if (message.method === 'Tracing.tracingComplete') {
        this.traceComplete?.();
      } else if (message.method === 'Page.navigatedWithinDocument') {
        const { url } = message.params as { url: string };
        for (const watch of [...this.fragmentWatchers]) watch(message.sessionId, url);
      }
    }
  }
}
