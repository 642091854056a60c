/**
 * Debian Chromium driven over the DevTools protocol's pipe with a handful of commands, for measuring a page's start
 * as a phone runs it: with no inspector attached to the page's JavaScript.
 *
 * Playwright (and Lighthouse, and DevTools) enable the protocol's Runtime domain in every page they drive. With it
 * on, V8 evaluates scripts far more slowly: React DOM's chunk took 31-40 ms to evaluate at 1x CPU against 2-4 ms with
 * nothing attached, and 104-128 ms against 13-19 ms at 4x (measured 2026-11-27, marks at the chunk's first and last
 * statement; docs/performance.md). A start measured through Playwright is the inspector's, not the phone's. This
 * driver sends only Target, Emulation and Page commands to the measured page; the CPU slowdown works without Runtime.
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

export interface BareOpenOptions {
  /** Page scripts run before any of the page's own, in every document of the profile, in this order. */
  initScripts: string[];
  /** The page reports its start by moving to a fragment of this prefix and the report's text, URI-encoded. */
  reportPrefix: string;
  cpuSlowdown: number;
  viewport: { width: number; height: number };
  /** Open the page once first and wait for its service worker, then measure a second opening in a new tab. */
  installed: boolean;
  /** Turn the Runtime domain on in the measured page, as Playwright does: only to measure what that costs. */
  inspector?: boolean;
}

const REPORT_TIMEOUT_MS = 60_000;

export class BareChromium {
  private nextId = 0;
  private readonly answers = new Map<
    number,
    { resolve(result: Message['result']): void; reject(error: Error): void }
  >();
  private readonly fragmentWatchers = new Set<(sessionId: string | undefined, url: string) => void>();
  private buffered = '';

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
  async openAndReport(url: string, options: BareOpenOptions): Promise<string> {
    const { browserContextId } = (await this.send('Target.createBrowserContext')) as { browserContextId: string };
    try {
      if (options.installed) {
        const first = await this.newPage(browserContextId, options);
        const started = this.report(first.sessionId, options.reportPrefix);
        await this.send('Page.navigate', { url }, first.sessionId);
        await started;
        // Only this first, unmeasured tab sees the Runtime domain, and only once it has started.
        await this.send(
          'Runtime.evaluate',
          { expression: 'navigator.serviceWorker.ready.then(() => true)', awaitPromise: true },
          first.sessionId,
        );
        await this.send('Target.closeTarget', { targetId: first.targetId });
      }
      const page = await this.newPage(browserContextId, options);
      const report = this.report(page.sessionId, options.reportPrefix);
      await this.send('Page.navigate', { url }, page.sessionId);
      return await report;
    } finally {
      await this.send('Target.disposeBrowserContext', { browserContextId });
    }
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
    { initScripts, cpuSlowdown, viewport, inspector = false }: BareOpenOptions,
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
        reject(new Error(`no start report from the page within ${REPORT_TIMEOUT_MS / 1000} s`));
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
      } else if (message.method === 'Page.navigatedWithinDocument') {
        const { url } = message.params as { url: string };
        for (const watch of [...this.fragmentWatchers]) watch(message.sessionId, url);
      }
    }
  }
}
