/**
 * A new chat's answer, written by "Check request" before the claim, so that no Code node runs after the claim on a
 * chat's way (each Code node is a round trip to n8n's task runner). Only one thing about the answer waits for the
 * claim: whether the roster it reads names the parent. The parent's own facilitator is reached then, else the
 * programme team. "Chat answer" (chatAnswerCode) picks the answer once the claim has read the roster.
 * It answers as "Answer" answers every other new request: the portal's rules first (rules.ts: a refusal releases the
 * claim), then the answer and the Slack post (server/webhook/handlers.ts), written in the parent's language.
 */
import { nameKey } from '../../../src/shared/rules/phone.ts';
import { ruleProblem } from './rules.ts';
import { forSlack, writeAnswer, type Texts, type Written } from './write.ts';

interface ChatEnvelope {
  action: string;
  user: { name: string; number: string };
  payload: { message?: string; attachments?: unknown[] };
}

export interface ChatAnswers {
  /** The first rule the chat breaks, written: the claim is released and this is sent. */
  refused: Written | null;
  /** The answer when the roster does not name the parent: the programme team is reached. */
  team: Written;
  /**
   * The facilitator's answer, the text either side of their name: its message is these joined by the name, and it
   * goes to their channel. Slack's text is the team's, which names the parent, not the facilitator.
   */
  reached: string[];
  /** The parent's name as the roster's is compared with it (nameKey). */
  nameKey: string;
}

/** Stands for the facilitator's name while the answer is written; no text or name holds it. */
const NAME = '\u0000';

/** `teamChannel`: the programme team's Slack channel (server/webhook/handlers.ts, PROGRAMME_TEAM_CHANNEL). */
export function chatAnswers(
  envelope: ChatEnvelope,
  texts: Texts,
  language: 'en' | 'hi',
  teamChannel: string,
): ChatAnswers {
  const { user, payload } = envelope;
  const text = (key: string, values = {}) => ({ key, values });
  const files = payload.attachments?.length ?? 0;
  const more = files === 0 ? '' : files === 1 ? 'WithAttachment' : 'WithAttachments';
  const who = { name: forSlack(user.name), number: forSlack(user.number) };
  const forFacilitator = text(`slackChat${more}`, { ...who, message: forSlack(payload.message), count: files });
  const answer = (facilitator: unknown, slackChannel: string) =>
    writeAnswer(
      {
        status: 200,
        answer: { message: text(`chatReached${more}`, { facilitator, count: files }), slackChannel },
        post: { kind: 'chat', channel: slackChannel, text: forFacilitator },
        claimed: true,
      },
      texts,
      language,
    );
  const refusal = ruleProblem(envelope);
  const { message } = JSON.parse(answer(NAME, '').body) as { message: string };
  return {
    refused: refusal && writeAnswer(refusal, texts, language),
    team: answer(text('programmeTeam'), teamChannel),
    reached: message.split(NAME),
    nameKey: nameKey(user.name),
  };
}

/**
 * "Chat answer"'s code, an expression on the claim's row (`$json`: `parent` from the roster, `intended` and
 * `intended_file`) and `chat`, what chatAnswers wrote. `nameKey` is the shared rule, bundled. A chat whose post's
 * intent the claim wrote is posted at once, its first file shared straight after when the claim wrote that too.
 */
export const chatAnswerCode = (chat: string, nameKeyFunction: string) => `(() => {
  const nameKey = ${nameKeyFunction};
  const chat = ${chat};
  const parent = $json.parent;
  const to = parent && nameKey(parent.name) === chat.nameKey ? parent.facilitator : null;
  const written = chat.refused ?? (to ? {
    ...chat.team,
    body: JSON.stringify({ message: chat.reached.join(to.name), slackChannel: to.slackChannel }),
    slack: { ...chat.team.slack, channel: to.slackChannel },
  } : chat.team);
  const next = $json.intended_file ? 'post file' : 'post message';
  return written.slack && $json.intended === 'message' ? { ...written, next } : written;
})()`;
