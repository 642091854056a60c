import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../../bench/perf/bare-chromium.ts';
import { longestTask, withoutLinuxFontCalls } from '../../../../bench/perf/task-parts.ts';

const PAGE = 'http://127.0.0.1:4173/';
const RENDERER = { pid: 7, tid: 1 };

/** A complete event on the page's renderer main thread, times in milliseconds. */
const on = (name: string, startMs: number, durationMs: number, where = RENDERER): TraceEvent => ({
  name,
  ts: startMs * 1000,
  dur: durationMs * 1000,
  ...where,
});

/** A renderer that commits the page in a 70 ms task, then parses it and lays it out in a 60 ms one. */
const trace: TraceEvent[] = [
  on('ThreadControllerImpl::RunTask', 0, 70),
  on('DocumentLoader::CommitNavigation', 10, 55),
  on('ThreadControllerImpl::RunTask', 100, 60),
  { ...on('ParseHTML', 100, 8), args: { beginData: { url: PAGE } } },
  on('EvaluateScript', 102, 3),
  on('Document::FinishedParsing', 110, 48),
  on('UpdateLayoutTree', 111, 6),
  on('Layout', 120, 36),
  on('FontCache::GetFontPlatformData', 121, 10),
  on('FontDataManager::onMatchFamilyStyle', 121, 7),
  on('InlineNode::ShapeTextIncludingFirstLine', 135, 12),
  on('WebSandboxSupportLinux::GetWebFontRenderStyleForStrike', 140, 2),
  // Longer, but on the browser's main thread.
  on('ThreadControllerImpl::RunTask', 100, 300, { pid: 1, tid: 1 }),
  // A later task of the page, shorter.
  on('ThreadControllerImpl::RunTask', 400, 20),
];

describe('longestTask', () => {
  it("takes the page's longest task after its commit, and gives each moment to the innermost part", () => {
    const task = longestTask(trace, PAGE);
    expect(task?.durationMs).toBe(60);
    expect(task?.startMs).toBe(30);
    expect(task?.parts).toEqual({
      'font lookups in the browser': 9,
      'fonts opened': 3,
      'text shaped': 10,
      layout: 14,
      style: 6,
      script: 3,
      'HTML parsed': 5,
      'end of parsing': 6,
      paint: 0,
      'navigation commit': 0,
      other: 4,
    });
  });

  it("leaves the commit's own task out, as a page's long-task observer never sees it", () => {
    expect(longestTask(trace.slice(0, 2).concat(trace[3] ?? []), PAGE)).toBeUndefined();
  });

  it('finds nothing for a page the trace did not parse', () => {
    expect(longestTask(trace, 'http://127.0.0.1:4173/hi')).toBeUndefined();
  });

  it("ranks tasks by a length it is given: less Linux's font calls, a shorter task without any can be the longest", () => {
    // The 60 ms task less its 9 ms of font calls is 51 ms; this 55 ms one makes none.
    const withLater = [...trace, on('ThreadControllerImpl::RunTask', 200, 55), on('EvaluateScript', 201, 50)];
    expect(longestTask(withLater, PAGE)?.durationMs).toBe(60);
    const phone = longestTask(withLater, PAGE, withoutLinuxFontCalls);
    expect(phone?.startMs).toBe(130);
    expect(phone && withoutLinuxFontCalls(phone)).toBe(55);
    const alone = longestTask(trace, PAGE, withoutLinuxFontCalls);
    expect(alone?.durationMs).toBe(60);
    expect(alone && withoutLinuxFontCalls(alone)).toBe(51);
  });
});
