import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { createStore, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../../src/config/paths.ts';
import {
  createSharedFilesStore,
  joinSharedText,
  readShareForm,
  SHARE_FIELDS,
} from '../../../../src/shared/share/share-target-store.ts';

const KEY = 'latest';
const freshStore = () => createStore(`test-shared-${crypto.randomUUID()}`, 'waiting');

describe('the manifest share_target', () => {
  const manifest = JSON.parse(readFileSync('manifest.webmanifest', 'utf8')) as {
    scope: string;
    share_target: { action: string; method: string; enctype: string; params: Record<string, unknown> };
  };

  it('posts multipart forms to the path the service worker answers, within the scope', () => {
    expect(manifest.share_target).toMatchObject({
      action: paths.chatShare,
      method: 'POST',
      enctype: 'multipart/form-data',
    });
    expect(paths.chatShare.startsWith(manifest.scope)).toBe(true);
  });

  it('names its fields as the service worker reads them, and takes images, videos and audio', () => {
    expect(manifest.share_target.params).toEqual({
      title: SHARE_FIELDS.title,
      text: SHARE_FIELDS.text,
      url: SHARE_FIELDS.url,
      files: [{ name: SHARE_FIELDS.files, accept: ['image/*', 'video/*', 'audio/*'] }],
    });
  });
});

describe('joinSharedText', () => {
  it.each([
    [['Our walk', 'Look at this', 'https://x.test/a'], 'Our walk\nLook at this\nhttps://x.test/a'],
    [['', 'Look at this https://x.test/a', 'https://x.test/a'], 'Look at this https://x.test/a'],
    [['Look', 'Look at this', undefined], 'Look at this'],
    [['  same  ', 'same', ''], 'same'],
    [[undefined, '  ', undefined], ''],
  ])('%j gives %j', (parts, text) => {
    expect(joinSharedText(parts)).toBe(text);
  });
});

describe('readShareForm', () => {
  it('keeps every shared file with its name and type, and the text', () => {
    const form = new FormData();
    form.append('title', 'Recital');
    form.append('text', 'From today');
    form.append('files', new File(['abc'], 'clip.mp4', { type: 'video/mp4' }));
    form.append('files', new File(['de'], 'voice.ogg', { type: 'audio/ogg' }));
    const items = readShareForm(form, 1234);
    expect(items.text).toBe('Recital\nFrom today');
    expect(items.sharedAt).toBe(1234);
    expect(items.files.map(({ name, type, blob }) => [name, type, blob.size])).toEqual([
      ['clip.mp4', 'video/mp4', 3],
      ['voice.ogg', 'audio/ogg', 2],
    ]);
  });

  it('ignores an empty file input and a text sent in the files field', () => {
    const form = new FormData();
    form.append('files', new File([], ''));
    form.append('files', 'not a file');
    expect(readShareForm(form).files).toEqual([]);
  });
});

describe('the shared files store', () => {
  const items = {
    files: [{ name: 'clip.mp4', type: 'video/mp4', blob: new Blob(['abc'], { type: 'video/mp4' }) }],
    text: 'From today',
    sharedAt: 1234,
  };

  it('gives back what was saved, until cleared', async () => {
    const store = createSharedFilesStore(freshStore());
    expect(await store.read()).toBeUndefined();
    await store.save(items);
    const read = await store.read();
    expect(read?.text).toBe('From today');
    expect(read?.files.map(({ name, type }) => [name, type])).toEqual([['clip.mp4', 'video/mp4']]);
    expect(await read?.files[0]?.blob.text()).toBe('abc');
    await store.clear();
    expect(await store.read()).toBeUndefined();
  });

  it('keeps only the latest share', async () => {
    const store = createSharedFilesStore(freshStore());
    await store.save(items);
    await store.save({ files: [], text: 'Newer', sharedAt: 5678 });
    expect(await store.read()).toEqual({ files: [], text: 'Newer', sharedAt: 5678 });
  });

  it.each([
    ['a string', 'hello'],
    ['files that are not files', { files: [{ name: 'a' }], text: '', sharedAt: 1 }],
    ['no time', { files: [], text: '' }],
  ])('reads %s as nothing waiting', async (_, value) => {
    const useStore = freshStore();
    await set(KEY, value, useStore);
    expect(await createSharedFilesStore(useStore).read()).toBeUndefined();
  });
});
