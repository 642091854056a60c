import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the repository layout', () => {
  // A dozen named for what a person wants, and `npm run test:n8n` for the n8n proof.
  it('keeps at most 13 npm scripts, each named for what a person wants', () => {
    expect(Object.keys(scripts).length).toBeLessThanOrEqual(13);
    expect(Object.keys(scripts)).toEqual(
      expect.arrayContaining(['start', 'dev', 'build', 'test', 'soak', 'bench', 'test:n8n']),
    );
  });

  it('has no scripts/ folder: build, bench, tests and n8n/source each hold their own tools', () => {
    expect(existsSync('scripts')).toBe(false);
    for (const command of Object.values(scripts)) expect(command).not.toMatch(/\bscripts\//);
  });

  it('has one Playwright config', () => {
    expect(existsSync('playwright.config.ts')).toBe(true);
    expect(existsSync('playwright.server.config.ts')).toBe(false);
  });
});
