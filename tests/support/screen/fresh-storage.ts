/**
 * IndexedDB as a new phone has it: every store of every database emptied, as the browser suites' freshOrigin
 * leaves the origin. The databases themselves stay open where the app keeps its connections (it opens each once per
 * page, and a screen test file is one page), so the next test's screen reads nothing a test before it wrote.
 */
function emptied(name: string): Promise<void> {
  return new Promise((done, failed) => {
    const opening = indexedDB.open(name);
    opening.onerror = () => failed(opening.error ?? new Error(`${name} did not open`));
    opening.onsuccess = () => {
      const database = opening.result;
      const stores = [...database.objectStoreNames];
      if (stores.length === 0) {
        database.close();
        done();
        return;
      }
      const clearing = database.transaction(stores, 'readwrite');
      for (const store of stores) clearing.objectStore(store).clear();
      clearing.oncomplete = () => {
        database.close();
        done();
      };
      clearing.onerror = () => failed(clearing.error ?? new Error(`${name} was not emptied`));
    };
  });
}

export async function emptyIndexedDb(): Promise<void> {
  const databases = await indexedDB.databases();
  await Promise.all(databases.map(({ name }) => (name === undefined ? undefined : emptied(name))));
}
