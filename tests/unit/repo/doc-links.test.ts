import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Output and dependencies: never the repository's own text, even where git would list them. */
const NOT_OURS = /^(node_modules|\.cache|dist|dev-dist|\.out|test-results|playwright-report|coverage|data)\//;

/** Links that leave the repository on purpose: they are not files to look for. */
const EXTERNAL = /^(https?|mailto|tel):/i;

/** Every Markdown file git tracks, and any new one it would track; ignored output is left out. */
function markdownFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '*.md'], {
    encoding: 'utf8',
  });
  return listed.split('\0').filter((file) => file !== '' && !NOT_OURS.test(file) && existsSync(file));
}

/** The same text with code blanked (line breaks kept, so line numbers hold): a link shown as code is not a link. */
function withoutCode(markdown: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  let fence: string | undefined;
  const lines = markdown.split('\n').map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined) {
      if (!marker) return line;
      fence = marker;
      return blank(line);
    }
    const closes = marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length;
    if (closes && line.trim() === marker) fence = undefined;
    return blank(line);
  });
  // An inline code span: a run of backticks closed by a run of the same length, within one paragraph.
  return lines.join('\n').replace(/(?<!`)(`+)(?!`)((?:[^`\n]|\n(?![ \t]*\n)|`+(?!`))*?)(?<!`)\1(?!`)/g, blank);
}

interface Link {
  line: number;
  target: string;
}

/** Inline links and images, `[text](target "title")`, and reference definitions, `[label]: target`. */
function linksIn(markdown: string): Link[] {
  const text = withoutCode(markdown);
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const inline = /!?\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*(?:<([^>\n]*)>|([^\s()]*(?:\([^\s()]*\)[^\s()]*)*))/g;
  const definitions = /^ {0,3}\[[^\]\n]+\]:[ \t]*(?:<([^>\n]*)>|(\S+))/gm;
  return [...text.matchAll(inline), ...text.matchAll(definitions)]
    .map((match) => ({ line: lineAt(match.index), target: match[1] ?? match[2] ?? '' }))
    .sort((a, b) => a.line - b.line);
}

/** `%20` and the like as the characters they stand for; a malformed escape is kept, and reported as not found. */
function decoded(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The file or folder a link names, relative to the repository, or undefined when it names none to check: a web
 * address, or only an anchor in the same page. A link that climbs out of the repository resolves to a path
 * starting with `..`, and is reported.
 */
function linkedPath(markdownFile: string, target: string): string | undefined {
  if (EXTERNAL.test(target)) return undefined;
  const path = decoded(target.replace(/[?#].*$/, ''));
  if (path === '') return undefined;
  const root = process.cwd();
  const absolute = path.startsWith('/') ? join(root, path) : resolve(root, dirname(markdownFile), path);
  return relative(root, absolute) || '.';
}

interface BrokenLink {
  file: string;
  line: number;
  target: string;
  /** Where the link leads, relative to the repository. */
  path: string;
}

function brokenLinks(file: string): BrokenLink[] {
  return linksIn(readFileSync(file, 'utf8')).flatMap(({ line, target }) => {
    const path = linkedPath(file, target);
    if (path === undefined) return [];
    const outside = path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path);
    const found = !outside && existsSync(path);
    return found ? [] : [{ file, line, target, path }];
  });
}

describe('the links between the docs', () => {
  const files = markdownFiles();

  it('finds the Markdown files to check, the README and docs/ among them', () => {
    expect(files).toContain('README.md');
    expect(files.some((file) => file.startsWith('docs/'))).toBe(true);
    expect(files.some((file) => file.startsWith('node_modules/'))).toBe(false);
  });

  it('resolves every relative link of every Markdown file to a file or folder in the repository', () => {
    const broken = files
      .flatMap(brokenLinks)
      .map(({ file, line, target, path }) => `${file}:${line} links ${target}: no such file or folder as ${path}`);
    expect(broken, `broken links:\n${broken.join('\n')}`).toEqual([]);
  });
});

describe('reading links out of Markdown', () => {
  it.each([
    ['an inline link', 'See [the contract](webhook-contract.md).', ['webhook-contract.md']],
    ['a link with an anchor and a title', '[x](server.md#what-happens "Server")', ['server.md#what-happens']],
    ['an image', '![diagram](pictures/parts.svg)', ['pictures/parts.svg']],
    ['a target in angle brackets', '[x](<a folder/b.md>)', ['a folder/b.md']],
    ['code inside the link text', '[`server/app.ts`](../server/app.ts)', ['../server/app.ts']],
    ['a link whose text wraps', '[the conversation\nactions](webhook-contract.md)', ['webhook-contract.md']],
    ['a reference definition', '[contract]: ./webhook-contract.md', ['./webhook-contract.md']],
    ['no link in an inline code span', 'Write `[x](nowhere.md)` to link.', []],
    ['no link in a fenced block', '```md\n[x](nowhere.md)\n```\n[y](here.md)', ['here.md']],
    ['no link in a tilde fence', '~~~\n[x](nowhere.md)\n~~~', []],
  ])('reads %s', (_name, markdown, targets) => {
    expect(linksIn(markdown).map((link) => link.target)).toEqual(targets);
  });

  it('gives each link the line it is on', () => {
    expect(linksIn('# Title\n\n```\n[x](a.md)\n```\nText [y](b.md)')).toEqual([{ line: 6, target: 'b.md' }]);
  });
});

describe('resolving a link', () => {
  it.each([
    ['a link from the README', 'README.md', 'docs/server.md', 'docs/server.md'],
    ['a link from inside docs/, against docs/', 'docs/server.md', 'security.md', 'docs/security.md'],
    ['a docs/ path written inside docs/, as docs/docs/', 'docs/server.md', 'docs/security.md', 'docs/docs/security.md'],
    ['a link up to the code', 'docs/architecture.md', '../server/app.ts', 'server/app.ts'],
    ['a folder', 'docs/architecture.md', '../src/shared/outbox/', 'src/shared/outbox'],
    ['the anchor left off', 'docs/conversation.md', 'webhook-contract.md#idempotency', 'docs/webhook-contract.md'],
    ['an escaped space', 'README.md', 'docs/a%20b.md', 'docs/a b.md'],
    ['a path from the repository root', 'docs/x.md', '/server/app.ts', 'server/app.ts'],
  ])('resolves %s', (_name, from, target, path) => {
    expect(linkedPath(from, target)).toBe(path);
  });

  it.each([
    ['a web address', 'https://n8n.io/'],
    ['a mail address', 'mailto:team@example.org'],
    ['a phone number', 'tel:+919876543210'],
    ['an anchor in the same page', '#idempotency'],
  ])('leaves %s unchecked', (_name, target) => {
    expect(linkedPath('docs/server.md', target)).toBeUndefined();
  });

  it('sends a link that climbs out of the repository outside it, where it is reported', () => {
    expect(linkedPath('docs/server.md', '../../elsewhere.md')).toMatch(/^\.\./);
  });
});
