import { loadConfig } from './config.ts';
import { DEMO_CODE_LINE } from './conversation/code-sender.ts';
import { createPortalServer } from './server.ts';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Printed at every start without a code gateway, on its own lines, where an operator cannot miss it. */
const DEMO_BANNER = [
  '!'.repeat(80),
  '!! DEMO MODE: sign-in codes are written to this log, not sent to parents’ phones.',
  '!! Whoever reads this log can verify any parent’s phone and read the staff’s replies.',
  '!! Set CODE_WEBHOOK_URL and PORTAL_HOST to send codes by SMS or WhatsApp.',
  '!'.repeat(80),
].join('\n');

/**
 * `npm start` (after the build): serves the portal and the reference webhook
 * on one origin and prints where. Ctrl-C or SIGTERM closes it cleanly.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await createPortalServer(config);
  await server.app.listen({ port: config.port, host: config.host });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  if (server.seeded) console.log(`Roster seeded from ${config.rosterPath}`);
  console.log(`Database: ${config.databasePath} (requests kept ${config.retentionDays} days)`);
  const { requests, files } = server.expired;
  if (requests > 0) {
    console.log(
      `Removed ${plural(requests, 'request')} and ${plural(files, 'file')} older than ${config.retentionDays} days`,
    );
  }
  if (config.codeWebhookUrl) {
    console.log(`Sign-in codes are sent through ${new URL(config.codeWebhookUrl).origin} (CODE_WEBHOOK_URL)`);
  } else {
    console.log(DEMO_BANNER);
    console.log(`Sign-in codes: demo mode, each code is written to this output (look for "${DEMO_CODE_LINE}")`);
  }
  if (config.requireCodeAtSignIn) console.log('Sign-in asks for a code sent to the phone (REQUIRE_CODE_AT_SIGN_IN=1)');
  console.log(`Staff inbox: http://${shownHost}:${port}/staff (add an account: npm run staff -- add EMAIL)`);
  console.log(`Thrive portal listening on http://${shownHost}:${port}`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
