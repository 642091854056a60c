// Read request: the item the portal webhook sent ({ envelope, language, authorization, address }, the last two
// null when the request did not say them) and what "Look up number" found, as the four actions use them: names
// matched as the roster matches them (nameKey, which a code is also bound to), the bearer token and the cursor
// read as the reference server reads them (server/conversation/policy.ts).
import { nameKey } from '../../../../src/shared/rules/phone.ts';
import { BEARER, CURSOR } from '../../../../server/conversation/policy.ts';

const input = $('Called by the portal webhook').first().json;
const { envelope } = input;
const after = envelope.payload?.after;
return {
  json: {
    action: envelope.action,
    language: input.language === 'hi' ? 'hi' : 'en',
    numberKey: $json.number_key,
    nameKey: typeof envelope.user?.name === 'string' ? nameKey(envelope.user.name) : null,
    onRoster:
      typeof $json.roster_name === 'string' &&
      typeof envelope.user?.name === 'string' &&
      nameKey($json.roster_name) === nameKey(envelope.user.name),
    code: envelope.payload?.code ?? '',
    token: BEARER.exec(input.authorization ?? '')?.[1] ?? '',
    after: after === undefined ? '0' : CURSOR.test(after) ? after : null,
    address: input.address || null,
  },
};
