/**
 * React DOM's client, initialised in a chunk of its own (vite.config.ts puts
 * this module in the react-dom group): the library ships as CommonJS, whose
 * factory runs where it is first imported. Here that is when the boot script
 * evaluates the react-dom chunk, one task, and not inside the entry's task
 * with the app's own code after it: neither task is as long as the two together.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
